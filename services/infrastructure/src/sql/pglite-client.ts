import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import lockfile from 'proper-lockfile';
import { EventLoopTurns } from './event-loop-turns.js';
import { PreparedStatements } from './pglite-prepared.js';
import { ASYNCHRONOUS_COMMIT, guardedExecutor, quoteIdent, type SqlClient, type SqlExecutor, type SqlRow, type TransactionOptions } from './sql-client.js';

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
  /**
   * Start from this copy of a database (`snapshot()`) instead of an empty one: `memory://`, or a directory that holds
   * no database yet (a restore; PGlite refuses a directory that has one).
   */
  readonly template?: Blob;
  /** How many named prepared statements the client keeps (D104); the least recently used beyond them are closed. */
  readonly statementCache?: number;
  /**
   * A query waits for a turn of the event loop when the loop has not turned for this long (EventLoopTurns, D120);
   * TURN_BUDGET_MS unless given.
   */
  readonly turnBudgetMs?: number;
}

/** PGlite reads a COPY's input from the blob passed with the query, under this name. */
function copyStatement(table: string, columns: readonly string[]): string {
  return `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM '/dev/blob'`;
}

/** Trigram indexes serve the read models' substring search (SqlDocumentStore `contains` indexes). */
const EXTENSIONS = { pg_trgm };

/** A lock older than this is considered left behind by a crashed process and taken over. */
const LOCK_STALE_MS = 30_000;

/**
 * PGlite's queries never hold the event loop longer than this without a turn (D120): timers, sockets and signals get
 * theirs while a subscription catches up, a scan runs or requests queue on the one connection.
 */
const TURN_BUDGET_MS = 5;

/**
 * The trigram indexes' pending list (GIN's fast update) is merged into the index by the insert that finds it over this
 * size. At PostgreSQL's 4 MB, one projection batch in a few hundred paid for the whole merge and every request of the
 * pipeline waited behind it: the embedded commands' p99 at 50 clients was 94–107 ms with 4 MB and 57–64 ms with
 * 256 kB, at the same rate (three alternating pairs on a quiet machine, D100). A rebuild is about 2% slower with it.
 */
const GIN_PENDING_LIST_LIMIT = '256kB';

async function created(db: PGlite): Promise<PGlite> {
  await db.exec(`SET gin_pending_list_limit = '${GIN_PENDING_LIST_LIMIT}'`);
  return db;
}

export async function openPglite(options: PgliteOpenOptions): Promise<SqlClient> {
  if (options.dataDir.startsWith('memory://')) {
    const template = options.template ?? (await freshImageOfTestRun());
    return new PgliteClient(
      await created(await PGlite.create(options.dataDir, { extensions: EXTENSIONS, ...(template ? { loadDataDir: template } : {}) })),
      async () => {},
      options,
    );
  }
  const dataDir = await canonicalDataDir(options.dataDir);
  const release = await lockDataDirectory(dataDir);
  try {
    const loaded = options.template ? { loadDataDir: options.template } : {};
    return new PgliteClient(await created(await PGlite.create(dataDir, { extensions: EXTENSIONS, ...loaded })), release, options);
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * In a jest run, the image of a fresh, empty database that the run's global setup made (`ONSITE_TEST_FRESH_PGLITE`,
 * scripts/jest-global-setup.cjs): an in-memory database opens from it instead of running PGlite's initdb again (about
 * 0.85 s instead of 2.5 s on two cores). Undefined outside tests.
 */
async function freshImageOfTestRun(): Promise<Blob | undefined> {
  const path = process.env.ONSITE_TEST_FRESH_PGLITE;
  if (!path) return undefined;
  freshImage ??= readFile(path).then((bytes) => new Blob([bytes]));
  return freshImage;
}
let freshImage: Promise<Blob> | undefined;

/** PGlite creates only the last folder itself; the parent is resolved through symlinks so every opener locks one path. */
async function canonicalDataDir(dataDir: string): Promise<string> {
  const absolute = resolve(dataDir);
  await mkdir(dirname(absolute), { recursive: true });
  return join(await realpath(dirname(absolute)), basename(absolute));
}

/**
 * Who holds a data directory: written beside the lock (`<dataDir>.lock.owner`) once it is taken. Not inside the
 * lock directory: a file there would change the directory's mtime, which proper-lockfile takes for a lost lock.
 */
interface LockOwner {
  readonly pid: number;
  /** The process's start time as the kernel counts it (/proc/<pid>/stat), so a reused pid is not taken for the owner. */
  readonly started: string | null;
  /** Which lock directory the record belongs to (inode and birth time), so an old record never speaks for a new lock. */
  readonly lock: string;
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

/** The identity of the lock directory now at `path`, or null when there is none. */
function lockIdentity(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.ino}:${stat.birthtimeMs}`;
  } catch {
    return null;
  }
}

function readOwner(dataDir: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(`${dataDir}.lock.owner`, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/** Held by someone: proper-lockfile's refusal. */
const isHeld = (error: unknown) => (error as { code?: string } | null)?.code === 'ELOCKED';

/**
 * One process per data directory. A lock whose recorded owner is no longer running (killed, crashed) is taken
 * over at once; a live owner is named in the refusal; a lock without a record of its own is held.
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
    const judged = lockIdentity(lockDir);
    const owner = readOwner(dataDir);
    if (!owner || owner.lock !== judged || isAlive(owner)) throw new DataDirectoryLockedError(dataDir, owner?.lock === judged ? owner?.pid : undefined);
    if (!removeStaleLock(lockDir, judged)) throw new DataDirectoryLockedError(dataDir);
    log(`Removed the stale lock of ${dataDir}: its owner, process ${owner.pid}, is no longer running.`);
    try {
      release = await take();
    } catch (retry) {
      // Another starter took it in between: exactly one of us wins.
      if (isHeld(retry)) throw new DataDirectoryLockedError(dataDir);
      throw retry;
    }
  }
  const record: LockOwner = { pid: process.pid, started: processStart(process.pid), lock: lockIdentity(lockDir) ?? '' };
  writeFileSync(`${dataDir}.lock.owner`, JSON.stringify(record));
  return async () => {
    rmSync(`${dataDir}.lock.owner`, { force: true });
    await release();
  };
}

/**
 * Moves the dead owner's lock aside with one atomic rename; if what was moved is not the lock that was judged
 * (another starter replaced it in between), it is put back and the lock counts as held.
 */
function removeStaleLock(lockDir: string, judged: string): boolean {
  const aside = `${lockDir}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(lockDir, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (lockIdentity(aside) !== judged) {
    renameSync(aside, lockDir);
    return false;
  }
  rmSync(aside, { recursive: true, force: true });
  return true;
}

/**
 * Whether PGlite clients detect a query on the client inside one of its own transactions (a self-deadlock) and
 * throw instead of hanging. The detection needs an AsyncLocalStorage, and on Node.js 20 the first one in use
 * installs promise hooks that every promise of the process then pays (5–10% of the api's CPU per request), so it
 * is on in development and tests and off in production (NODE_ENV=production; decision D62).
 */
const DETECT_SELF_DEADLOCK = process.env.NODE_ENV !== 'production';

class PgliteClient implements SqlClient {
  readonly dialect = 'pglite';
  /** Set while a transaction callback runs, to turn a self-deadlock into an error (see assertOutsideTransaction). */
  private readonly activeTransaction = DETECT_SELF_DEADLOCK ? new AsyncLocalStorage<{ open: boolean }>() : undefined;
  private readonly prepared: PreparedStatements;
  private readonly turns: EventLoopTurns;

  constructor(
    private readonly db: PGlite,
    private readonly releaseLock: () => Promise<void>,
    options: Pick<PgliteOpenOptions, 'statementCache' | 'turnBudgetMs'>,
  ) {
    this.prepared = new PreparedStatements(db, options.statementCache);
    this.turns = new EventLoopTurns(options.turnBudgetMs ?? TURN_BUDGET_MS);
  }

  /**
   * A copy of the whole database, to open another one from (`template`): tests start from a seeded copy, and the
   * running embedded server makes its backups with it (D198). Taken inside a transaction, which every other query and
   * transaction of the one connection waits for, after a CHECKPOINT (every commit, asynchronous ones included, is in
   * the files): the copy holds exactly the transactions committed before it began.
   */
  async snapshot(): Promise<Blob> {
    this.assertOutsideTransaction();
    return this.db.transaction(async (tx) => {
      await tx.exec('CHECKPOINT');
      return this.db.dumpDataDir('none');
    });
  }

  async query<R extends SqlRow = SqlRow>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    this.assertOutsideTransaction();
    await this.turns.due();
    if (!PreparedStatements.handles(text)) return (await this.db.query<R>(text, [...params])).rows;
    // What PGlite's own query() does first: refuse when closed, then take its mutexes (no transaction of another
    // caller, one statement at a time).
    await this.db._checkReady();
    return this.db._runExclusiveTransaction(() =>
      this.db._runExclusiveQuery(async () => {
        const rows = await this.prepared.run<R>(text, params, true);
        await this.db.syncToFs();
        return rows;
      }),
    );
  }

  /**
   * PGlite has one connection; its transaction() holds a mutex that every query() and transaction() waits for,
   * so concurrent transactions queue instead of interleaving statements.
   */
  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    this.assertOutsideTransaction();
    await this.turns.due();
    return this.db.transaction(async (tx) => {
      const state = { open: true };
      try {
        if (options.asynchronousCommit) await tx.query(ASYNCHRONOUS_COMMIT);
        const run = () =>
          work(
            guardedExecutor(
              async <R extends SqlRow>(text: string, params: readonly unknown[] = []) =>
                PreparedStatements.handles(text)
                  ? this.db._runExclusiveQuery(() => this.prepared.run<R>(text, params, false))
                  : (await tx.query<R>(text, [...params])).rows,
              () => state.open,
              async (table, columns, rows) => {
                await tx.query(copyStatement(table, columns), [], { blob: new Blob([rows]) });
              },
            ),
          );
        return await (this.activeTransaction ? this.activeTransaction.run(state, run) : run());
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
    if (this.activeTransaction?.getStore()?.open) {
      throw new Error('PGlite: query issued on the client inside one of its transactions; use the transaction handle.');
    }
  }
}
