import pg from 'pg';
import { ASYNCHRONOUS_COMMIT, guardedExecutor, quoteIdent, type SqlClient, type SqlExecutor, type SqlRow, type TransactionOptions } from './sql-client.js';

export interface PostgresOpenOptions {
  readonly connectionString: string;
  /** Schema for every object (created if missing); lets tests isolate themselves in a throw-away schema. */
  readonly schema?: string;
  /** Pool size (default 10). */
  readonly maxConnections?: number;
}

export async function openPostgres(options: PostgresOpenOptions): Promise<SqlClient> {
  const schema = options.schema;
  if (schema !== undefined) quoteIdent(schema);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    // A startup parameter applies to every pooled connection before its first query.
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    if (schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    else await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  return new PostgresClient(pool, options.connectionString);
}

class PostgresClient implements SqlClient {
  readonly dialect = 'postgres';
  private ending: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {}

  /** The channel is qualified by the schema, so that stores in other schemas of the database do not wake ours. */
  async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    // The schema NOTIFY names is the writers' current_schema(): ask the pool, whose connections are the writers'.
    const [row] = (await this.pool.query<{ schema: string }>('SELECT current_schema() AS schema')).rows;
    const name = quoteIdent(qualifiedChannel(channel, row?.schema ?? 'public'));
    const listener = new pg.Client({ connectionString: this.connectionString });
    // A lost listening connection only costs the subscriptions their quick wake-up: they still poll.
    listener.on('error', () => {});
    await listener.connect();
    listener.on('notification', () => onNotify());
    await listener.query(`LISTEN ${name}`);
    return async () => {
      await listener.end().catch(() => {});
    };
  }

  async query<R extends SqlRow = SqlRow>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    return (await this.pool.query<R>(text, [...params])).rows;
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const connection = await this.pool.connect();
    let open = true;
    let broken: Error | undefined;
    try {
      // Two statements in one simple query: one round trip.
      await connection.query(options.asynchronousCommit ? `BEGIN; ${ASYNCHRONOUS_COMMIT}` : 'BEGIN');
      const result = await work(guardedExecutor(async <R extends SqlRow>(text: string, params: readonly unknown[] = []) => (await connection.query<R>(text, [...params])).rows, () => open));
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await connection.query('ROLLBACK');
      } catch (rollbackError) {
        // The connection is unusable: destroy it instead of returning it to the pool.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      throw error;
    } finally {
      open = false;
      connection.release(broken);
    }
  }

  close(): Promise<void> {
    this.ending ??= this.pool.end();
    return this.ending;
  }
}

/** `<channel>_<schema>`, the name NOTIFY and LISTEN share. */
function qualifiedChannel(channel: string, schema: string): string {
  return `${channel}_${schema}`;
}
