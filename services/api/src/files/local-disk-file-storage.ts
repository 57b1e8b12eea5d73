import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { OrderFileMimeType } from '@onsite/domain';
import type { AppConfig } from '../config/config.js';
import { EXTENSION_OF, STORAGE_PATH, type FileStorage } from './file-storage.js';

/** Files in one directory on the local disk: `${DATA_DIR}/files`, or a temporary directory for in-memory runs. */
export class LocalDiskFileStorage implements FileStorage, OnApplicationShutdown {
  constructor(
    readonly root: string,
    /** A temporary directory is removed when the application shuts down. */
    private readonly temporary = false,
  ) {}

  static for(config: AppConfig): LocalDiskFileStorage {
    if (config.dataDir === 'memory://') return new LocalDiskFileStorage(mkdtempSync(join(tmpdir(), 'onsite-files-')), true);
    return new LocalDiskFileStorage(join(config.dataDir, 'files'));
  }

  async save(bytes: Uint8Array, mimeType: OrderFileMimeType): Promise<string> {
    const path = `${randomUUID()}.${EXTENSION_OF[mimeType]}`;
    await mkdir(this.root, { recursive: true });
    await writeFile(join(this.root, path), bytes, { flag: 'wx' });
    return path;
  }

  async saveAt(path: string, bytes: Uint8Array): Promise<void> {
    if (!STORAGE_PATH.test(path)) throw new Error(`Not a storage path: ${path}`);
    await mkdir(this.root, { recursive: true });
    await writeFile(join(this.root, path), bytes, { flag: 'wx' }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    });
  }

  async saveStream(chunks: AsyncIterable<Uint8Array>, mimeType: OrderFileMimeType): Promise<{ path: string; size: number }> {
    const path = `${randomUUID()}.${EXTENSION_OF[mimeType]}`;
    await mkdir(this.root, { recursive: true });
    const file = join(this.root, path);
    let size = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const chunk of chunks) {
        size += chunk.length;
        yield chunk;
      }
    }
    try {
      await pipeline(Readable.from(counted()), createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { path, size };
  }

  async open(path: string): Promise<Readable | null> {
    if (!STORAGE_PATH.test(path)) return null;
    const file = join(this.root, path);
    const found = await stat(file).catch(() => null);
    return found?.isFile() ? createReadStream(file) : null;
  }

  async delete(path: string): Promise<void> {
    if (STORAGE_PATH.test(path)) await rm(join(this.root, path), { force: true });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}
