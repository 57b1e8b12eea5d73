import { LeaseLostError, type Lease, type LeaseRecord, type LeaseStore } from '../document-store/leases.js';
import type { SqlClient, SqlConnection, SqlExecutor } from './sql-client.js';

/**
 * One row per lease (D165). `holder_pid` and `holder_since` name the server process of the holder's own connection
 * (`SqlClient.connect`): while that process lives the holder is alive; when the holder's process dies its connection
 * ends with it, and the lease is free at once instead of at its expiry.
 */
export const LEASES_TABLE = `CREATE TABLE IF NOT EXISTS projection_leases (
  name text PRIMARY KEY,
  holder text,
  token bigint NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL DEFAULT '-infinity',
  holder_pid integer,
  holder_since timestamptz,
  acquired_at timestamptz
)`;

/** The holder's connection: its server process and when that began (a pid alone could be reused). */
const HOLDER_PROCESS = `holder_pid = pg_backend_pid(),
  holder_since = (SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid())`;

/** Leases in a PostgreSQL schema, taken and renewed on a connection of their own. */
export class SqlLeaseStore implements LeaseStore {
  private connection: Promise<SqlConnection> | undefined;
  private closed = false;

  constructor(private readonly client: SqlClient) {}

  /** The lease connection, opened again when it broke (its leases may then be taken over: renewals will tell). */
  private async lease(): Promise<SqlConnection> {
    if (this.closed) throw new Error('The lease store is closed.');
    const current = this.connection ? await this.connection.catch(() => undefined) : undefined;
    if (current && !current.broken) return current;
    const connect = this.client.connect;
    if (!connect) throw new Error(`Leases need PostgreSQL (this store is ${this.client.dialect}).`);
    this.connection = (async () => {
      const connection = await connect.call(this.client);
      // A take-over that meets a holder's transaction still running waits for it, but not for long: it tries again.
      await connection.query("SET lock_timeout = '1s'");
      return connection;
    })();
    return this.connection;
  }

  async acquire(names: readonly string[], holder: string, ttlMs: number): Promise<Lease[]> {
    if (names.length === 0) return [];
    const connection = await this.lease();
    await connection.query('INSERT INTO projection_leases (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [names]);
    const rows = await connection.query<{ name: string; token: string }>(
      `UPDATE projection_leases l
          SET holder = $2, token = l.token + 1, expires_at = clock_timestamp() + $3 * interval '1 millisecond',
              acquired_at = clock_timestamp(), ${HOLDER_PROCESS}
        WHERE l.name = ANY($1::text[])
          AND (l.holder IS NULL OR l.expires_at <= clock_timestamp()
               OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = l.holder_pid AND a.backend_start = l.holder_since))
      RETURNING l.name, l.token::text AS token`,
      [names, holder, ttlMs],
    );
    return rows.map((row) => ({ name: row.name, token: Number(row.token) }));
  }

  async renew(leases: readonly Lease[], holder: string, ttlMs: number): Promise<Lease[]> {
    if (leases.length === 0) return [];
    const connection = await this.lease();
    const rows = await connection.query<{ name: string }>(
      `UPDATE projection_leases l SET expires_at = clock_timestamp() + $4 * interval '1 millisecond', ${HOLDER_PROCESS}
         FROM unnest($1::text[], $2::bigint[]) AS held(name, token)
        WHERE l.name = held.name AND l.token = held.token AND l.holder = $3
      RETURNING l.name`,
      [leases.map((lease) => lease.name), leases.map((lease) => lease.token), holder, ttlMs],
    );
    const kept = new Set(rows.map((row) => row.name));
    return leases.filter((lease) => kept.has(lease.name));
  }

  async release(leases: readonly Lease[], holder: string): Promise<void> {
    if (leases.length === 0) return;
    const connection = await this.lease();
    await connection.query(
      `UPDATE projection_leases l SET holder = NULL, expires_at = '-infinity', holder_pid = NULL, holder_since = NULL
         FROM unnest($1::text[], $2::bigint[]) AS held(name, token)
        WHERE l.name = held.name AND l.token = held.token AND l.holder = $3`,
      [leases.map((lease) => lease.name), leases.map((lease) => lease.token), holder],
    );
  }

  async list(): Promise<LeaseRecord[]> {
    const rows = await this.client.query<{ name: string; token: string; holder: string | null; expires_at: Date | string }>(
      'SELECT name, token::text AS token, holder, expires_at FROM projection_leases ORDER BY name',
    );
    return rows.map((row) => ({ name: row.name, token: Number(row.token), holder: row.holder, expiresAt: new Date(row.expires_at) }));
  }

  async close(): Promise<void> {
    this.closed = true;
    const connection = await this.connection?.catch(() => undefined);
    this.connection = undefined;
    await connection?.close();
  }
}

/**
 * Inside a transaction: the leases must still be `holder`'s, with their tokens, unexpired; FOR SHARE keeps a take-over
 * (an UPDATE of the row) waiting until this transaction ends, so nothing it writes can land after another process
 * took over. The transaction's idle limit ends it if its process stalls in the middle (D165).
 */
export async function fenceLeases(sql: SqlExecutor, holder: string, leases: readonly Lease[], stallMs: number): Promise<void> {
  if (leases.length === 0) return;
  const rows = await sql.query<{ name: string }>(
    `SELECT l.name, set_config('idle_in_transaction_session_timeout', $4, true) AS idle
       FROM projection_leases l JOIN unnest($1::text[], $2::bigint[]) AS held(name, token) ON l.name = held.name AND l.token = held.token
      WHERE l.holder = $3 AND l.expires_at > clock_timestamp()
        FOR SHARE OF l`,
    [leases.map((lease) => lease.name), leases.map((lease) => lease.token), holder, String(Math.max(1, Math.round(stallMs)))],
  );
  if (rows.length === leases.length) return;
  const held = new Set(rows.map((row) => row.name));
  throw new LeaseLostError(leases.filter((lease) => !held.has(lease.name)).map((lease) => lease.name));
}
