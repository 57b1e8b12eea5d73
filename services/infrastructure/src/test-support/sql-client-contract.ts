/** SqlClient behaviour both implementations must share. */
import { randomBytes } from 'node:crypto';
import type { SqlClient, SqlExecutor } from '../sql/sql-client.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function sqlClientContract(open: () => Promise<SqlClient>, close: (client: SqlClient) => Promise<void>): void {
  let client: SqlClient;
  const table = `client_test_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    client = await open();
    await client.query(`CREATE TABLE ${table} (k integer NOT NULL, v jsonb)`);
  }, 60_000);
  afterAll(async () => {
    if (client) await close(client);
  });

  it('round-trips parameters and jsonb', async () => {
    const [row] = await client.query<{ n: number; j: unknown; t: string }>('SELECT $1::integer AS n, $2::jsonb AS j, $3::text AS t', [
      7,
      JSON.stringify({ a: [1, 'x'] }),
      "it's",
    ]);
    expect(row).toEqual({ n: 7, j: { a: [1, 'x'] }, t: "it's" });
  });

  it('keeps concurrent transactions apart and rolls back the failing one only', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, k) =>
        client.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${table} (k) VALUES ($1)`, [k]);
          await sleep(10 + Math.random() * 20);
          const [own] = await tx.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table} WHERE k = $1`, [k]);
          expect(own?.n).toBe(1);
          if (k === 3) throw new Error('roll back');
          return k;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const rows = await client.query<{ k: number }>(`SELECT k FROM ${table} ORDER BY k`);
    expect(rows.map((r) => r.k)).toEqual([0, 1, 2, 4, 5]);
  });

  it('refuses a transaction handle used after the transaction ended', async () => {
    let leaked: SqlExecutor | undefined;
    await client.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.query('SELECT 1')).rejects.toThrow(/already finished/);
  });
}
