import type { Readable } from 'node:stream';
import type { OrderFileMimeType } from '@onsite/domain';

/**
 * Where uploaded files are kept. Files are stored under server-generated paths (a uuid and the extension of the
 * type read from the content), never under a name the client chose.
 */
export interface FileStorage {
  /** Stores the bytes and returns their new storage path. */
  save(bytes: Uint8Array, mimeType: OrderFileMimeType): Promise<string>;
  /** Stores the bytes under a path the server made (the demo's files, D212), unless a file is there already. */
  saveAt(path: string, bytes: Uint8Array): Promise<void>;
  /** Stores the chunks as they come and returns the new storage path and the size; nothing stays when reading fails. */
  saveStream(chunks: AsyncIterable<Uint8Array>, mimeType: OrderFileMimeType): Promise<{ path: string; size: number }>;
  /** The stored bytes, or null when the path names no stored file. */
  open(path: string): Promise<Readable | null>;
  delete(path: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

export const EXTENSION_OF: Readonly<Record<OrderFileMimeType, string>> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The only shape a storage path can have: anything else is refused before the disk is touched. */
export const STORAGE_PATH = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg)$/;

/** The type of a stored file, from the extension the server gave its path. */
export function mimeTypeOfPath(path: string): OrderFileMimeType | null {
  const extension = path.slice(path.lastIndexOf('.') + 1);
  return (Object.keys(EXTENSION_OF) as OrderFileMimeType[]).find((mimeType) => EXTENSION_OF[mimeType] === extension) ?? null;
}
