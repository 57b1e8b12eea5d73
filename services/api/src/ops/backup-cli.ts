import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { createStores, DataDirectoryLockedError } from '@onsite/infrastructure';
import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import { BackupArchiveError, checkArchive, readEntry, readEntryBytes } from './backup-archive.js';
import { BACKUP_ACCESS_FILE, BACKUP_ROUTE, type BackupAccess } from './backup-route.js';

export interface OpsIo {
  readonly env?: NodeJS.ProcessEnv;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}
const DEFAULT_IO: OpsIo = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

const POSTGRES_HINT = 'With PostgreSQL use pg_dump and pg_restore (docs/operations.md, "Backup and restore").';

/** The embedded profile's configuration (same variables as the server: DATA_DIR, PROFILE), or null after saying why not. */
function embeddedConfig(io: OpsIo, command: string): AppConfig | null {
  let config: AppConfig;
  try {
    config = loadConfig(io.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return null;
    }
    throw error;
  }
  if (config.profile !== 'embedded' || config.dataDir.startsWith('memory://')) {
    io.err(`npm run ${command} is for the embedded profile on a data directory (DATA_DIR). ${POSTGRES_HINT}`);
    return null;
  }
  return config;
}

/**
 * `npm run backup -- --out FILE`: asks the server that owns DATA_DIR for a backup (D198) and writes it to FILE (first
 * to FILE.partial, renamed once the archive is checked whole). Exit 0 written, 1 failed, 2 bad arguments.
 */
export async function runBackupCli(argv: readonly string[], io: OpsIo = DEFAULT_IO): Promise<number> {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ args: [...argv], options: { out: { type: 'string' } }, strict: true }));
  } catch (error) {
    io.err(`${(error as Error).message}\nUsage: npm run backup -- --out FILE`);
    return 2;
  }
  if (!out) {
    io.err('Usage: npm run backup -- --out FILE');
    return 2;
  }
  const config = embeddedConfig(io, 'backup');
  if (!config) return 2;
  const accessFile = join(config.dataDir, BACKUP_ACCESS_FILE);
  let access: BackupAccess;
  try {
    access = JSON.parse(await readFile(accessFile, 'utf8')) as BackupAccess;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.err(
      code === 'ENOENT'
        ? `No running server owns ${config.dataDir} (no ${BACKUP_ACCESS_FILE}): npm run backup asks the running server. ` +
            'Start it (same DATA_DIR), or, with the server stopped, copy the whole directory.'
        : `Cannot read ${accessFile}: ${(error as Error).message} (run this as the user the server runs as).`,
    );
    return 1;
  }
  const target = resolve(out);
  const partial = `${target}.partial`;
  let response: Response;
  try {
    response = await fetch(`${access.url}${BACKUP_ROUTE}`, { method: 'POST', headers: { authorization: `Bearer ${access.token}` } });
  } catch (error) {
    io.err(`The server of ${config.dataDir} (${access.url}, process ${access.pid}) does not answer: ${(error as Error).message}. Is it running?`);
    return 1;
  }
  if (response.status !== 200 || !response.body) {
    const text = await response.text().catch(() => '');
    io.err(
      response.status === 404
        ? `The server at ${access.url} refused the backup (404): it is not the server that wrote ${accessFile}, or the request did not come from its machine.`
        : `The server at ${access.url} answered ${response.status}: ${text}`,
    );
    return 1;
  }
  try {
    await mkdir(dirname(target), { recursive: true });
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(partial, { mode: 0o600 }));
    const archive = await checkArchive(partial);
    await rename(partial, target);
    const { size } = await stat(target);
    io.out(`Backup of ${config.dataDir} taken at ${archive.manifest.takenAt}: ${target} (${size} bytes, ${archive.files.length} uploaded files).`);
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    io.err(`The backup failed: ${error instanceof BackupArchiveError ? `the archive received is incomplete: ${error.message}` : (error as Error).message}`);
    return 1;
  }
}

/** Whether a directory is missing or holds nothing. */
async function isEmptyDirectory(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * `npm run restore -- FILE`: a backup into DATA_DIR, which must be empty or missing. The archive is checked whole
 * before anything is written; the database is then loaded and opened once (so the restored directory is known to
 * start). Exit 0 restored, 1 failed (nothing left behind), 2 bad arguments.
 */
export async function runRestoreCli(argv: readonly string[], io: OpsIo = DEFAULT_IO): Promise<number> {
  let file: string | undefined;
  try {
    ({
      positionals: [file],
    } = parseArgs({ args: [...argv], allowPositionals: true, strict: true }));
  } catch (error) {
    io.err(`${(error as Error).message}\nUsage: npm run restore -- FILE`);
    return 2;
  }
  if (!file) {
    io.err('Usage: npm run restore -- FILE (into DATA_DIR, which must be empty)');
    return 2;
  }
  const config = embeddedConfig(io, 'restore');
  if (!config) return 2;
  const dataDir = config.dataDir;
  if (!(await isEmptyDirectory(dataDir))) {
    io.err(
      `${dataDir} is not empty: a backup is restored only into an empty (or new) data directory, never over a store. ` +
        'Set DATA_DIR to a new directory, or move this one away first.',
    );
    return 1;
  }
  const source = resolve(file);
  if (!(await stat(source).catch(() => null))?.isFile()) {
    io.err(`${source}: no such backup file.`);
    return 1;
  }
  let archive: Awaited<ReturnType<typeof checkArchive>>;
  try {
    archive = await checkArchive(source);
  } catch (error) {
    const reason = error instanceof BackupArchiveError ? error.message : (error as Error).message;
    io.err(`${source} is not a complete Onsite backup: ${reason}. Nothing was restored.`);
    return 1;
  }
  const created = !(await stat(dataDir).catch(() => null));
  try {
    const files = join(dataDir, 'files');
    await mkdir(files, { recursive: true });
    for (const entry of archive.files)
      await pipeline(Readable.from(readEntry(source, entry)), createWriteStream(join(files, entry.storagePath), { flags: 'wx' }));
    const template = new Blob([await readEntryBytes(source, archive.database)]);
    const stores = await createStores({ profile: 'embedded', dataDir: join(dataDir, 'pglite'), template });
    await stores.close();
  } catch (error) {
    // Nothing half-restored stays behind: the directory is as empty as it was found (unless another process took it).
    if (!(error instanceof DataDirectoryLockedError)) {
      if (created) await rm(dataDir, { recursive: true, force: true });
      else for (const name of await readdir(dataDir).catch(() => [] as string[])) await rm(join(dataDir, name), { recursive: true, force: true });
    }
    io.err(
      error instanceof DataDirectoryLockedError
        ? `${error.message} Nothing was restored.`
        : `The restore into ${dataDir} failed: ${(error as Error).message}. Nothing was restored.`,
    );
    return 1;
  }
  io.out(
    `Restored ${source} (taken ${archive.manifest.takenAt}, ${archive.files.length} uploaded files) into ${dataDir}. ` +
      `Start the server on it with DATA_DIR=${dataDir}.`,
  );
  return 0;
}
