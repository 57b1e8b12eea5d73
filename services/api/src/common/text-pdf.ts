/** Characters Helvetica's WinAnsi encoding lacks, written as their nearest plain form. */
const PLAIN: Readonly<Record<string, string>> = { '„': '"', '“': '"', '”': '"', '‘': "'", '’': "'", '–': '-', '—': '-', '…': '...', '→': '->' };
const LINE_WIDTH = 92;
const LINES_PER_PAGE = 44;

/** Latin-1 text for a PDF string: brackets and backslashes escaped, what WinAnsi cannot show replaced. */
function pdfString(text: string): string {
  const plain = [...text].map((c) => PLAIN[c] ?? (c.charCodeAt(0) <= 0xff ? c : '?')).join('');
  return plain.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Breaks a paragraph into lines of at most `width` characters at spaces. */
function wrap(paragraph: string, width = LINE_WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A plain text document as a PDF 1.4 file (Helvetica, A4): the title on top of the first page, the paragraphs
 * wrapped and flowed over as many pages as they need, each page numbered in its footer. Offsets are exact.
 */
export function textPdf(title: string, paragraphs: readonly string[], footer: string): Buffer {
  const lines = paragraphs.flatMap((p, i) => [...wrap(p), ...(i < paragraphs.length - 1 ? [''] : [])]);
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(1, lines.length); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));
  const fontObject = 3;
  const firstPageObject = 4;
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'];
  const kids: string[] = [];
  pages.forEach((pageLines, index) => {
    const pageNumber = firstPageObject + index * 2;
    kids.push(`${pageNumber} 0 R`);
    const top = index === 0 ? 770 : 790;
    const content = [
      ...(index === 0 ? [`BT /F1 18 Tf 56 800 Td (${pdfString(title)}) Tj ET`] : []),
      ...pageLines.map((line, i) => `BT /F1 10.5 Tf 56 ${top - i * 16} Td (${pdfString(line)}) Tj ET`),
      `BT /F1 8 Tf 56 30 Td (${pdfString(`${footer} - ${index + 1} / ${pages.length}`)}) Tj ET`,
    ].join('\n');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${fontObject} 0 R >> >> /Contents ${pageNumber + 1} 0 R >>`);
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  return pdfFile(objects);
}

/** A PDF 1.4 file of these objects (object 1 is the catalog), with the cross-reference table's offsets computed exactly. */
export function pdfFile(objects: readonly string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
