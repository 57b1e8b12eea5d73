import { cleanFileName } from './file-name.js';

describe('uploaded file names', () => {
  it('lose right-to-left overrides, other bidi controls and control characters', () => {
    expect(cleanFileName('invoice\u202Efdp.exe', 'file.pdf')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\u2066b\u2069c\u200F\u061C.pdf', 'file.pdf')).toBe('abc.pdf');
    expect(cleanFileName('line\r\nbreak\u0000\u0085.pdf', 'file.pdf')).toBe('linebreak.pdf');
  });

  it('keep the last path segment, letters of every script and a fallback for an empty name', () => {
    expect(cleanFileName('C:\\Users\\ana\\Relatório ção.pdf', 'file.pdf')).toBe('Relatório ção.pdf');
    expect(cleanFileName('../../etc/passwd', 'file.pdf')).toBe('passwd');
    expect(cleanFileName('\u202E', 'file.pdf')).toBe('file.pdf');
    expect(cleanFileName(undefined, 'file.png')).toBe('file.png');
    expect(cleanFileName('x'.repeat(300), 'file.pdf')).toHaveLength(255);
  });
});
