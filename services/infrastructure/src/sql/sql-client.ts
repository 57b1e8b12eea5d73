/** A minimal SQL connection shared by the PostgreSQL-family adapters (PGlite and PostgreSQL). */

export type SqlRow = Record<string, unknown>;

export interface SqlExecutor {
  /** Runs one parameterised statement and returns its rows. The row type is the caller's assertion. */
  query<R extends SqlRow = SqlRow>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /**
   * PGlite transactions only: `COPY table (columns) FROM` the given text (PostgreSQL's text format, one row a line),
   * the bulk load of rebuilds.
   */
  copyFrom?(table: string, columns: readonly string[], rows: string): Promise<void>;
}

export interface TransactionOptions {
  readonly asynchronousCommit?: boolean;
}

export const ASYNCHRONOUS_COMMIT = 'SET LOCAL synchronous_commit = off';

const PLANNED = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Statements that plan, which the clients keep as named prepared statements (D104, D106): SELECT, INSERT, UPDATE,
 * DELETE and WITH. Everything else (SET, DDL, BEGIN) runs once or rarely and would only take places in the cache.
 */
export function isPlannedStatement(text: string): boolean {
  return PLANNED.test(text);
}

/**
 * PostgreSQL's "cached plan must not change result type" (SQLSTATE 0A000): a table under a kept statement changed its
 * columns. The statement must be parsed again.
 */
export const CACHED_PLAN_CHANGED = '0A000';

export interface SqlClient extends SqlExecutor {
  readonly dialect: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws. With
   * `asynchronousCommit`, the COMMIT does not wait for the log's flush (`SET LOCAL synchronous_commit = off`).
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * PostgreSQL only: calls `onNotify` for every NOTIFY on `channel` (in this client's schema), on a connection of
   * its own, until the returned stop is called. PGlite has one process: it needs none.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: wakes every listener of `channel` (in this client's schema) soon, with a NOTIFY of its own after
   * the caller's commit. Calls while one is on its way are answered by one more NOTIFY after it, not one each (D108).
   */
  notify?(channel: string): void;
  /**
   * PostgreSQL only: a connection of its own, outside the pool, in this client's schema. Its server process lives as
   * long as it does: a process killed with it open loses it at once (the lease store's sign of life, D165).
   */
  connect?(): Promise<SqlConnection>;
  close(): Promise<void>;
}

export interface SqlConnection extends SqlExecutor {
  /** True once the connection failed or was closed: open another. */
  readonly broken: boolean;
  close(): Promise<void>;
}

/**
 * Advisory lock namespaces (first key of `pg_advisory_xact_lock(int, int)`); the keys are database-wide,
 * so each use gets its own namespace.
 */
export const AdvisoryLock = {
  /** Second key: hashtext(stream id). */
  stream: 1,
  /** Second key: 0. */
  schema: 2,
} as const;

/** Serialises schema changes of concurrent processes (CREATE ... IF NOT EXISTS can race) until the transaction ends. */
export async function lockSchemaChanges(tx: SqlExecutor): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, 0)', [AdvisoryLock.schema]);
}

/** Runs DDL statements in one transaction under the schema lock, then `andThen` in the same transaction. */
export async function runSchemaStatements(client: SqlClient, statements: readonly string[], andThen?: (tx: SqlExecutor) => Promise<void>): Promise<void> {
  await client.transaction(async (tx) => {
    await lockSchemaChanges(tx);
    for (const statement of statements) await tx.query(statement);
    await andThen?.(tx);
  });
}

interface PostgresErrorFields {
  readonly code?: unknown;
  readonly constraint?: unknown;
}

/** The SQLSTATE code of a driver error (pg and PGlite both expose `code`). */
export function sqlErrorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as PostgresErrorFields).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlErrorCode(error) === '23505';
}

export function violatedConstraint(error: unknown): string | undefined {
  const constraint = typeof error === 'object' && error !== null ? (error as PostgresErrorFields).constraint : undefined;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** Quotes an identifier that callers have already validated (validation keeps the quoting trivial). */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return `"${name}"`;
}

/** Wraps a transaction handle so that using it after COMMIT/ROLLBACK fails loudly instead of running outside it. */
export function guardedExecutor(run: SqlExecutor['query'], isOpen: () => boolean, copyFrom?: SqlExecutor['copyFrom']): SqlExecutor {
  const closed = () => Promise.reject(new Error('The transaction has already finished.'));
  return {
    query: <R extends SqlRow>(text: string, params?: readonly unknown[]) => (isOpen() ? run<R>(text, params) : closed()),
    ...(copyFrom ? { copyFrom: (table: string, columns: readonly string[], rows: string) => (isOpen() ? copyFrom(table, columns, rows) : closed()) } : {}),
  };
}
