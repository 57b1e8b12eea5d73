export type UploadKind = 'pdf' | 'png' | 'jpg';

export const DEFAULT_UPLOAD_LIMIT_MB = 20;

/** The kind of a file by its first bytes (its name and the browser's type can lie): PDF, PNG or JPG, else null. */
export function sniffFileType(bytes: Uint8Array): UploadKind | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  return null;
}

/** The first bytes of a file (FileReader works in every browser and in jsdom). */
export function readHead(file: Blob, length = 8): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

export type UploadProblem =
  | { key: 'widgets.upload.tooLarge'; values: { limit: number } }
  | { key: 'widgets.upload.parseError' }
  | { key: 'widgets.upload.wrongType'; values: { name: string } }
  | { key: 'widgets.upload.tooMany'; values: { max: number } };

export interface UploadCheck {
  accepted: File[];
  problems: UploadProblem[];
}

/** Checks picked files: count, size, then content type. */
export async function checkFiles(files: readonly File[], options: { limitMb: number; maxCount?: number; already: number }): Promise<UploadCheck> {
  const accepted: File[] = [];
  const problems: UploadProblem[] = [];
  for (const file of files) {
    if (options.maxCount !== undefined && options.already + accepted.length >= options.maxCount) {
      problems.push({ key: 'widgets.upload.tooMany', values: { max: options.maxCount } });
      break;
    }
    if (file.size > options.limitMb * 1024 * 1024) {
      problems.push({ key: 'widgets.upload.tooLarge', values: { limit: options.limitMb } });
      continue;
    }
    let kind: UploadKind | null;
    try {
      kind = sniffFileType(await readHead(file));
    } catch {
      problems.push({ key: 'widgets.upload.parseError' });
      continue;
    }
    if (!kind) problems.push({ key: 'widgets.upload.wrongType', values: { name: file.name } });
    else accepted.push(file);
  }
  return { accepted, problems };
}
