import { leaseStoreContract } from '../test-support/lease-store-contract.js';
import { describeWithPostgres, dropSchema, uniqueSchemaName } from '../test-support/postgres.js';
import { createStores, type Stores } from './create-stores.js';

describeWithPostgres('leases on PostgreSQL', (url) => {
  const schema = uniqueSchemaName('scale_leases');
  let a: Stores;
  let b: Stores;
  beforeAll(async () => {
    a = await createStores({ profile: 'postgres', databaseUrl: url, schema });
    b = await createStores({ profile: 'postgres', databaseUrl: url, schema });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropSchema(url, schema);
  });

  leaseStoreContract(async () => ({ a: a.documentStore, b: b.documentStore, close: async () => {} }));

  it('frees the lease of a process whose connection is gone at once, long before its expiry', async () => {
    const dying = await createStores({ profile: 'postgres', databaseUrl: url, schema });
    const [held] = await dying.documentStore.leases!.acquire(['dies'], 'dying', 60_000);
    expect(held).toBeDefined();
    expect(await a.documentStore.leases!.acquire(['dies'], 'a', 60_000)).toEqual([]);
    // What a killed process leaves behind: its connections end, nothing is released.
    await dying.close();
    const started = Date.now();
    const [taken] = await a.documentStore.leases!.acquire(['dies'], 'a', 60_000);
    expect(taken?.token).toBe(held!.token + 1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('makes a take-over wait for the holder’s transaction under way, which commits first', async () => {
    const [held] = await a.documentStore.leases!.acquire(['busy'], 'a', 300);
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    const batch = a.documentStore.transaction(async (session) => {
      await session.fence!('a', [held!], 3_000);
      await released;
      await session.setCheckpoint('busy', 'the holder’s last batch');
    });
    await new Promise((done) => setTimeout(done, 500));
    // Expired now, but its batch passed the fence before: the take-over waits for it (up to its lock timeout) and
    // then reads the checkpoint that batch wrote.
    const takeOver = b.documentStore.leases!.acquire(['busy'], 'b', 5_000);
    await new Promise((done) => setTimeout(done, 200));
    release();
    await batch;
    const [taken] = await takeOver;
    expect(taken?.token).toBe(held!.token + 1);
    expect(await b.documentStore.getCheckpoint('busy')).toBe('the holder’s last batch');
  });
});
