import pg from 'pg';
import {
  ASYNCHRONOUS_COMMIT,
  CACHED_PLAN_CHANGED,
  guardedExecutor,
  isPlannedStatement,
  quoteIdent,
  sqlErrorCode,
  type SqlClient,
  type SqlConnection,
  type SqlExecutor,
  type SqlRow,
  type TransactionOptions,
} from './sql-client.js';

export interface PostgresOpenOptions {
  readonly connectionString: string;
  /** Schema for every object (created if missing); lets tests isolate themselves in a throw-away schema. */
  readonly schema?: string;
  /** Pool size (default 10). */
  readonly maxConnections?: number;
  /** How many SQL texts get a named prepared statement (D106); the rest run unnamed. Default 500. */
  readonly statementNames?: number;
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
  return new PostgresClient(pool, options.connectionString, new StatementNames(options.statementNames), schema);
}

class PostgresClient implements SqlClient {
  readonly dialect = 'postgres';
  private ending: Promise<void> | undefined;
  /** Channels with a NOTIFY on its way, and whether another is owed after it (`notify`). */
  private readonly notifying = new Map<string, { again: boolean; sent: Promise<void> }>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly names: StatementNames,
    private readonly schema: string | undefined,
  ) {}

  async connect(): Promise<SqlConnection> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      ...(this.schema === undefined ? {} : { options: `-c search_path=${this.schema}` }),
    });
    let broken = false;
    client.on('error', () => {
      broken = true;
    });
    client.on('end', () => {
      broken = true;
    });
    await client.connect();
    return {
      get broken() {
        return broken;
      },
      query: async <R extends SqlRow>(text: string, params: readonly unknown[] = []) => {
        try {
          return (await client.query<R>(text, [...params])).rows;
        } catch (error) {
          // A statement refused by the server leaves the connection usable; one that never got an answer does not.
          if (sqlErrorCode(error) === undefined) broken = true;
          throw error;
        }
      },
      close: async () => {
        broken = true;
        await client.end().catch(() => {});
      },
    };
  }

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

  /**
   * A NOTIFY commits under a database-wide lock, so one sent with every append made concurrent appends commit one at a
   * time (bare single-row INSERTs at 50 connections: about 5,000/s, with a NOTIFY each about 1,900/s). Appends now
   * commit without it and the process announces them: at most one NOTIFY in flight per channel, and one more after
   * it when appends committed meanwhile (D108). Its commit does not wait for the log's flush: it carries nothing to
   * keep. A NOTIFY that fails only costs the listeners their quick wake-up: they still poll.
   */
  notify(channel: string): void {
    const pending = this.notifying.get(channel);
    if (pending) {
      pending.again = true;
      return;
    }
    const state = { again: true, sent: Promise.resolve() };
    state.sent = (async () => {
      try {
        while (state.again) {
          state.again = false;
          await this.pool.query("SELECT set_config('synchronous_commit', 'off', true), pg_notify($1 || '_' || current_schema(), '')", [channel]);
        }
      } catch {
        // Listeners poll.
      } finally {
        this.notifying.delete(channel);
      }
    })();
    this.notifying.set(channel, state);
  }

  async query<R extends SqlRow = SqlRow>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    return this.run<R>((config) => this.pool.query<R>(config), text, params, true);
  }

  /**
   * Runs a statement with parameters that plans as the named statement of its text: each connection parses and plans
   * it once and binds it from then on (D106). A statement whose table changed its columns under it is given a new
   * name and, when `retry` (outside a transaction), run again.
   */
  private async run<R extends SqlRow>(
    send: (config: pg.QueryConfig) => Promise<pg.QueryResult<R>>,
    text: string,
    params: readonly unknown[],
    retry: boolean,
  ): Promise<R[]> {
    const name = params.length > 0 ? this.names.nameOf(text) : undefined;
    try {
      return (await send(name === undefined ? { text, values: [...params] } : { name, text, values: [...params] })).rows;
    } catch (error) {
      if (name === undefined || sqlErrorCode(error) !== CACHED_PLAN_CHANGED) throw error;
      this.names.forget(text, name);
      if (!retry) throw error;
      return this.run(send, text, params, false);
    }
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const connection = await this.pool.connect();
    let open = true;
    let broken: Error | undefined;
    try {
      // Two statements in one simple query: one round trip.
      await connection.query(options.asynchronousCommit ? `BEGIN; ${ASYNCHRONOUS_COMMIT}` : 'BEGIN');
      const result = await work(
        guardedExecutor(
          <R extends SqlRow>(text: string, params: readonly unknown[] = []) => this.run<R>((config) => connection.query<R>(config), text, params, false),
          () => open,
        ),
      );
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
    // The last appends are announced before the pool ends.
    this.ending ??= Promise.all([...this.notifying.values()].map(({ sent }) => sent)).then(() => this.pool.end());
    return this.ending;
  }
}

/** `<channel>_<schema>`, the name NOTIFY and LISTEN share. */
function qualifiedChannel(channel: string, schema: string): string {
  return `${channel}_${schema}`;
}

/**
 * The name of each SQL text's prepared statement (D106), the same on every connection of the pool: node-postgres
 * parses a named statement on a connection the first time it runs there and only binds it after. Statements without
 * parameters run unnamed (a text of several statements cannot be prepared), as does anything but SELECT, INSERT,
 * UPDATE, DELETE and WITH. Texts beyond the capacity run unnamed: a name is never freed, since the connections keep
 * their statements until they close.
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  private counter = 0;

  constructor(private readonly capacity = 500) {}

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.capacity || !isPlannedStatement(text)) return known;
    const name = `onsite_${++this.counter}`;
    this.names.set(text, name);
    return name;
  }

  /** The next run of `text` parses it under a new name (the old one stays prepared on the connections that have it). */
  forget(text: string, name: string): void {
    if (this.names.get(text) === name) this.names.delete(text);
  }
}
