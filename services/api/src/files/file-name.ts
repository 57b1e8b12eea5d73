/**
 * Characters that change how a name reads without being part of it: C0 and C1 controls, DEL, and the bidirectional
 * marks, embeddings, overrides and isolates that can make `invoice\u202Efdp.exe` read as `invoiceexe.pdf` (D132).
 */
const INVISIBLE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** An uploaded file's display name: the last path segment, without invisible characters, at most 255 characters. */
export function cleanFileName(sent: string | undefined, fallback: string): string {
  const base = (sent ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(INVISIBLE, '').trim().slice(0, 255).trim();
  return clean || fallback;
}
