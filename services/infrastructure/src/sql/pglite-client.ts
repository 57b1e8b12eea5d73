import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import { guardedExecutor, type SqlClient, type SqlExecutor, type SqlRow } from './sql-client.js';

/** Another process (or another opener in this one) owns the data directory. */
export class DataDirectoryLockedError extends Error {
  readonly code = 'data_directory_locked';
  constructor(readonly dataDir: string) {
    super(`The PGlite data directory ${dataDir} is in use by another process (lock ${dataDir}.lock).`);
    this.name = 'DataDirectoryLockedError';
  }
}

export interface PgliteOpenOptions {
  /** A directory (its parent is created if missing), or `memory://` for a throw-away in-memory database. */
  readonly dataDir: string;
}

/** A lock older than this is considered left behind by a crashed process and taken over. */
const LOCK_STALE_MS = 30_000;

export async function openPglite(options: PgliteOpenOptions): Promise<SqlClient> {
  if (options.dataDir.startsWith('memory://')) return new PgliteClient(await PGlite.create(options.dataDir), async () => {});
  const dataDir = await canonicalDataDir(options.dataDir);
  const release = await lockDataDirectory(dataDir);
  try {
    return new PgliteClient(await PGlite.create(dataDir), release);
  } catch (error) {
    await release();
    throw error;
  }
}

/** PGlite creates only the last folder itself; the parent is resolved through symlinks so every opener locks one path. */
async function canonicalDataDir(dataDir: string): Promise<string> {
  const absolute = resolve(dataDir);
  await mkdir(dirname(absolute), { recursive: true });
  return join(await realpath(dirname(absolute)), basename(absolute));
}

async function lockDataDirectory(dataDir: string): Promise<() => Promise<void>> {
  try {
    // realpath: false because the directory itself may not exist yet; the lock is the sibling `<dataDir>.lock`.
    // Should the lock ever be lost (its refresh stalled past LOCK_STALE_MS), proper-lockfile throws and ends the
    // process: better than two processes writing one directory.
    return await lockfile.lock(dataDir, { realpath: false, stale: LOCK_STALE_MS, retries: 0 });
  } catch (error) {
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ELOCKED') {
      throw new DataDirectoryLockedError(dataDir);
    }
    throw error;
  }
}

class PgliteClient implements SqlClient {
  readonly dialect = 'pglite';
  /** Set while a transaction callback runs, to turn a self-deadlock into an error (see assertOutsideTransaction). */
  private readonly activeTransaction = new AsyncLocalStorage<{ open: boolean }>();

  constructor(
    private readonly db: PGlite,
    private readonly releaseLock: () => Promise<void>,
  ) {}

  async query<R extends SqlRow = SqlRow>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    this.assertOutsideTransaction();
    return (await this.db.query<R>(text, [...params])).rows;
  }

  /**
   * PGlite has one connection; its transaction() holds a mutex that every query() and transaction() waits for,
   * so concurrent transactions queue instead of interleaving statements.
   */
  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    this.assertOutsideTransaction();
    return this.db.transaction(async (tx) => {
      const state = { open: true };
      try {
        return await this.activeTransaction.run(state, () =>
          work(guardedExecutor(async <R extends SqlRow>(text: string, params: readonly unknown[] = []) => (await tx.query<R>(text, [...params])).rows, () => state.open)),
        );
      } finally {
        state.open = false;
      }
    });
  }

  private closing: Promise<void> | undefined;

  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.db.close();
      await this.releaseLock();
    })();
    return this.closing;
  }

  /** Using the client (not the transaction handle) inside its own transaction would wait on the mutex forever. */
  private assertOutsideTransaction(): void {
    if (this.activeTransaction.getStore()?.open) {
      throw new Error('PGlite: query issued on the client inside one of its transactions; use the transaction handle.');
    }
  }
}
