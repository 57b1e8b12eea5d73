import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { STORAGE_PATH } from '../files/file-storage.js';

/**
 * The backup of an embedded store (D198): one POSIX tar (ustar) archive, readable with `tar tf`, holding in order
 *
 * - `onsite-backup.json`: what it is (the manifest below);
 * - `pglite.tar`: PGlite's copy of its data directory (itself a tar);
 * - `files/<storage path>`: every uploaded file;
 * - `checksums.json`: the SHA-256 of every entry before it. Last, so a cut-off archive is told from a whole one.
 */
export const MANIFEST_ENTRY = 'onsite-backup.json';
export const DATABASE_ENTRY = 'pglite.tar';
export const CHECKSUMS_ENTRY = 'checksums.json';
export const FILES_PREFIX = 'files/';

export interface BackupManifest {
  readonly format: 'onsite-backup';
  readonly version: 1;
  readonly profile: 'embedded';
  /** When the database copy was taken: it holds exactly the transactions committed before. */
  readonly takenAt: string;
  readonly serverVersion: string;
  readonly files: number;
}

export interface ArchiveEntry {
  readonly name: string;
  readonly size: number;
  /** The entry's bytes, read once. */
  readonly body: () => AsyncIterable<Uint8Array>;
}

const BLOCK = 512;
/** An ustar size field holds 11 octal digits. */
const MAX_ENTRY_BYTES = 8 ** 11 - 1;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Archive entry name too long: ${name}`);
  if (size > MAX_ENTRY_BYTES) throw new Error(`Archive entry too large: ${name} (${size} bytes)`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(`${checksumOf(block).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** The sum of the header's bytes, its checksum field counted as spaces. */
function checksumOf(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive's bytes: the entries, then `checksums.json` over them, then the end-of-archive blocks. */
export async function* writeArchive(entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>, mtime: Date): AsyncGenerator<Uint8Array> {
  const sums: Record<string, string> = {};
  for await (const entry of entries) {
    yield header(entry.name, entry.size, mtime);
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of entry.body()) {
      written += chunk.length;
      if (written > entry.size) break;
      hash.update(chunk);
      yield chunk;
    }
    // Uploaded files are never rewritten; a size that changed under us is an error, not a corrupt archive.
    if (written !== entry.size) throw new Error(`${entry.name} changed while it was archived (${entry.size} bytes expected, ${written} read).`);
    yield padding(entry.size);
    sums[entry.name] = hash.digest('hex');
  }
  const checksums = Buffer.from(JSON.stringify({ sha256: sums }, null, 2));
  yield header(CHECKSUMS_ENTRY, checksums.length, mtime);
  yield checksums;
  yield padding(checksums.length);
  yield Buffer.alloc(BLOCK * 2);
}

/** An entry held in memory. */
export function bytesEntry(name: string, bytes: Uint8Array): ArchiveEntry {
  return {
    name,
    size: bytes.length,
    async *body() {
      // In slices, so the response's back-pressure is honoured for a large database copy.
      for (let at = 0; at < bytes.length; at += 1 << 20) yield bytes.subarray(at, Math.min(at + (1 << 20), bytes.length));
    },
  };
}

/** An uploaded file, by its storage path under `root`. */
export async function fileEntry(root: string, name: string): Promise<ArchiveEntry> {
  const path = join(root, name);
  const { size } = await stat(path);
  return { name: `${FILES_PREFIX}${name}`, size, body: () => createReadStream(path) as AsyncIterable<Uint8Array> };
}

export interface StoredEntry {
  readonly name: string;
  readonly size: number;
  /** Where the entry's bytes start in the archive file. */
  readonly offset: number;
}

export class BackupArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupArchiveError';
  }
}

/** The entries of an archive file, checked: headers intact, the end-of-archive blocks present. */
export async function listArchive(path: string): Promise<StoredEntry[]> {
  const handle = await open(path, 'r');
  try {
    const { size: total } = await handle.stat();
    const entries: StoredEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    for (let at = 0; ;) {
      const { bytesRead } = await handle.read(block, 0, BLOCK, at);
      if (bytesRead < BLOCK) throw new BackupArchiveError('the archive ends before its end-of-archive marker (cut off?)');
      if (block.every((byte) => byte === 0)) return entries;
      const stored = Number.parseInt(block.toString('ascii', 148, 156).replace(/[\0 ]/g, ''), 8);
      if (stored !== checksumOf(block)) throw new BackupArchiveError(`damaged entry header at byte ${at}`);
      const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = Number.parseInt(block.toString('ascii', 124, 136).replace(/[\0 ]/g, ''), 8);
      if (!Number.isSafeInteger(size) || at + BLOCK + size > total) throw new BackupArchiveError(`the entry ${name} is cut off`);
      entries.push({ name, size, offset: at + BLOCK });
      at += BLOCK + size + padding(size).length;
    }
  } finally {
    await handle.close();
  }
}

/** An entry's bytes as a stream. */
export function readEntry(path: string, entry: StoredEntry): AsyncIterable<Uint8Array> {
  if (entry.size === 0) return (async function* () {})();
  return createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 }) as AsyncIterable<Uint8Array>;
}

export async function readEntryBytes(path: string, entry: StoredEntry): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of readEntry(path, entry)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export interface CheckedArchive {
  readonly manifest: BackupManifest;
  readonly database: StoredEntry;
  /** The uploaded files, by storage path. */
  readonly files: readonly (StoredEntry & { readonly storagePath: string })[];
}

/**
 * Reads a backup file through and checks it whole: the manifest first, `checksums.json` last, every entry between
 * them with the SHA-256 it lists, nothing else.
 */
export async function checkArchive(path: string): Promise<CheckedArchive> {
  const entries = await listArchive(path);
  const first = entries[0];
  const last = entries.at(-1);
  if (first?.name !== MANIFEST_ENTRY) throw new BackupArchiveError(`not an Onsite backup (no ${MANIFEST_ENTRY} at its start)`);
  if (last?.name !== CHECKSUMS_ENTRY) throw new BackupArchiveError(`no ${CHECKSUMS_ENTRY} at its end (cut off?)`);
  let manifest: BackupManifest;
  let sums: Record<string, string>;
  try {
    manifest = JSON.parse((await readEntryBytes(path, first)).toString('utf8')) as BackupManifest;
    sums = (JSON.parse((await readEntryBytes(path, last)).toString('utf8')) as { sha256: Record<string, string> }).sha256;
  } catch {
    throw new BackupArchiveError('its manifest or checksums are not readable');
  }
  if (manifest.format !== 'onsite-backup' || manifest.version !== 1)
    throw new BackupArchiveError(`unknown format ${String(manifest.format)} ${String(manifest.version)}`);
  const body = entries.slice(0, -1);
  if (Object.keys(sums).length !== body.length) throw new BackupArchiveError('its checksums do not list its entries');
  for (const entry of body) {
    const hash = createHash('sha256');
    for await (const chunk of readEntry(path, entry)) hash.update(chunk);
    if (sums[entry.name] !== hash.digest('hex')) throw new BackupArchiveError(`the entry ${entry.name} does not match its checksum`);
  }
  const database = body.find((entry) => entry.name === DATABASE_ENTRY);
  if (!database) throw new BackupArchiveError(`no ${DATABASE_ENTRY}`);
  const files = body.filter((entry) => entry.name.startsWith(FILES_PREFIX)).map((entry) => ({ ...entry, storagePath: entry.name.slice(FILES_PREFIX.length) }));
  const stray = files.find((file) => !STORAGE_PATH.test(file.storagePath));
  if (stray) throw new BackupArchiveError(`unexpected entry ${stray.name}`);
  if (files.length !== manifest.files) throw new BackupArchiveError(`${manifest.files} files announced, ${files.length} found`);
  return { manifest, database, files };
}
