import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import { guardedExecutor, type SqlClient, type SqlExecutor, type SqlRow } from './sql-client.js';

/** Another live process (or another opener in this one) owns the data directory. */
export class DataDirectoryLockedError extends Error {
  readonly code = 'data_directory_locked';
  constructor(
    readonly dataDir: string,
    readonly ownerPid?: number,
  ) {
    super(
      `The PGlite data directory ${dataDir} is in use by ${ownerPid ? `the running process ${ownerPid}` : 'another process'} (lock ${dataDir}.lock). ` +
        'Stop that process first, or start with another DATA_DIR.',
    );
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

/** Who holds a data directory: written into the lock directory (`<dataDir>.lock/owner.json`) once it is taken. */
interface LockOwner {
  readonly pid: number;
  /** The process's start time as the kernel counts it (/proc/<pid>/stat), so a reused pid is not taken for the owner. */
  readonly started: string | null;
}

function processStart(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count from its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = processStart(owner.pid);
  return !(owner.started && started && started !== owner.started);
}

const ownerFile = (lockDir: string) => join(lockDir, 'owner.json');

function readOwner(lockDir: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(ownerFile(lockDir), 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/** Held by someone: proper-lockfile's refusal, or its own stale-removal failing on our owner record. */
const isHeld = (error: unknown) => ['ELOCKED', 'ENOTEMPTY'].includes((error as { code?: string } | null)?.code ?? '');

/**
 * One process per data directory. A lock whose recorded owner is no longer running (killed, crashed) is taken
 * over at once; a live owner is named in the refusal; a lock without an owner record yet is held.
 */
async function lockDataDirectory(dataDir: string, log: (line: string) => void = (line) => console.warn(line)): Promise<() => Promise<void>> {
  const lockDir = `${dataDir}.lock`;
  // realpath: false because the directory itself may not exist yet; the lock is the sibling `<dataDir>.lock`.
  // Should the lock ever be lost (its refresh stalled past LOCK_STALE_MS), proper-lockfile throws and ends the
  // process: better than two processes writing one directory.
  const take = () => lockfile.lock(dataDir, { realpath: false, stale: LOCK_STALE_MS, retries: 0 });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if (!isHeld(error)) throw error;
    const owner = readOwner(lockDir);
    if (!owner || isAlive(owner)) throw new DataDirectoryLockedError(dataDir, owner?.pid);
    if (!removeStaleLock(lockDir, owner)) throw new DataDirectoryLockedError(dataDir, readOwner(lockDir)?.pid);
    log(`Removed the stale lock of ${dataDir}: its owner, process ${owner.pid}, is no longer running.`);
    try {
      release = await take();
    } catch (retry) {
      // Another starter took it in between: exactly one of us wins.
      if (isHeld(retry)) throw new DataDirectoryLockedError(dataDir, readOwner(lockDir)?.pid);
      throw retry;
    }
  }
  writeFileSync(ownerFile(lockDir), JSON.stringify({ pid: process.pid, started: processStart(process.pid) } satisfies LockOwner));
  return async () => {
    rmSync(ownerFile(lockDir), { force: true });
    await release();
  };
}

/**
 * Moves a dead owner's lock aside with one atomic rename, then checks that what it moved is that owner's lock
 * (another starter may have replaced it in between): if not, it is put back and the lock counts as held.
 */
function removeStaleLock(lockDir: string, judged: LockOwner): boolean {
  const aside = `${lockDir}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(lockDir, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = readOwner(aside);
  if (!moved || moved.pid !== judged.pid || moved.started !== judged.started) {
    renameSync(aside, lockDir);
    return false;
  }
  rmSync(aside, { recursive: true, force: true });
  return true;
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
