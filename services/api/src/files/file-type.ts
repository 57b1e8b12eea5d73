import type { OrderFileMimeType } from '@onsite/domain';

const SIGNATURES: readonly { readonly mimeType: OrderFileMimeType; readonly magic: Uint8Array }[] = [
  { mimeType: 'application/pdf', magic: new TextEncoder().encode('%PDF-') },
  { mimeType: 'image/png', magic: Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  { mimeType: 'image/jpeg', magic: Uint8Array.of(0xff, 0xd8, 0xff) },
];

/** The accepted type the content itself shows (its magic bytes), whatever the file is called; null for anything else. */
export function sniffFileType(bytes: Uint8Array): OrderFileMimeType | null {
  const match = SIGNATURES.find(({ magic }) => bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte));
  return match?.mimeType ?? null;
}
