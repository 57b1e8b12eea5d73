import pg from 'pg';
import type { EventMetadata } from '@onsite/domain';
import { createStores, type Stores } from '@onsite/infrastructure';
import { describeWithPostgres, dropSchema, uniqueSchemaName } from '../../../services/infrastructure/src/test-support/postgres.js';
import { LeasedProjections } from './leased-projections.js';
import type { Projection } from './projection.js';
import type { ProjectionLogger } from './projection-runner.js';

const metadata: EventMetadata = { actorUserId: 'u1', correlationId: 'c1', causationId: 'c1', occurredAt: '2025-01-01T00:00:00.000Z' };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Counts how often each event was applied: a second application shows as 2 (revision-guarded, it still writes). */
const counting: Projection = {
  name: 'counting',
  collections: [{ name: 'applications' }],
  handles: ['Counted'],
  async apply(event, session) {
    const applications = session.collection<{ applied: number }>('applications');
    const before = await applications.get(event.eventId);
    await applications.upsert(event.eventId, { applied: (before?.data.applied ?? 0) + 1 }, (before?.revision ?? 0) + 1);
  },
};

describeWithPostgres('LeasedProjections: one process applies a projection, and none once its lease is gone', (url) => {
  const schema = uniqueSchemaName('scale_leased');
  let test: Stores;
  let sql: pg.Client;
  const processes: { stores: Stores; leased: LeasedProjections; log: string[] }[] = [];

  const count = async () => (await test.documentStore.collection<{ applied: number }>('applications').findDocuments()).map((document) => document.data.applied);
  const append = async (n: number) => {
    for (let i = 0; i < n; i++) await test.eventStore.appendToStream(`counted-${i}-${Math.random()}`, [{ type: 'Counted', data: {}, metadata }], 0);
  };
  const until = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
      await sleep(50);
    }
  };

  beforeAll(async () => {
    test = await createStores({ profile: 'postgres', databaseUrl: url, schema });
    sql = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await sql.connect();
    for (const holder of ['A', 'B']) {
      const stores = await createStores({ profile: 'postgres', databaseUrl: url, schema });
      const log: string[] = [];
      const logger: ProjectionLogger = { info: (message) => log.push(message), error: (message) => log.push(message) };
      const leased = new LeasedProjections(stores, [counting], { holder, ttlMs: 1_000, renewMs: 200, attemptMs: 100, logger });
      await leased.start();
      processes.push({ stores, leased, log });
    }
  }, 60_000);

  afterAll(async () => {
    for (const { leased, stores } of processes) {
      await leased.stop();
      await stores.close();
    }
    await sql?.end();
    await test?.close();
    await dropSchema(url, schema);
  });

  it('applies each event once; a holder whose lease was taken applies nothing more, and the next holder resumes', async () => {
    await append(30);
    await until(async () => (await count()).length === 30, 'the first 30 events');
    expect(processes.map((p) => p.leased.heldNames())).toEqual(expect.arrayContaining([['counting'], []]));
    const holder = processes.find((p) => p.leased.heldNames().length > 0)!;

    // Another holder takes the lease (as a process would after this one stalled past its expiry), alive and for long.
    await sql.query(`UPDATE projection_leases SET holder = 'elsewhere', token = token + 1, expires_at = clock_timestamp() + interval '1 hour',
      holder_pid = pg_backend_pid(), holder_since = (SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()) WHERE name = 'counting'`);
    await append(20);
    await sleep(1_500);
    // Neither process applied them: the holder's batch was refused by the store, the other could not take the lease.
    expect((await count()).length).toBe(30);
    expect(holder.log.join('\n')).toMatch(/lease of counting was lost|now runs none/);
    expect(processes.map((p) => p.leased.heldNames())).toEqual([[], []]);

    // Given up: one of the two takes it and applies the rest from the stored checkpoint.
    await sql.query(`UPDATE projection_leases SET holder = NULL, expires_at = '-infinity' WHERE name = 'counting'`);
    await until(async () => (await count()).length === 50, 'the next 20 events');
    expect(processes.filter((p) => p.leased.heldNames().length > 0)).toHaveLength(1);
    expect(await count()).toEqual(Array.from({ length: 50 }, () => 1));
  }, 60_000);
});
