/** The LeaseStore contract (D165): every store that keeps leases registers these tests with its own fixture. */
import { LeaseLostError, type Lease } from '../document-store/leases.js';
import type { DocumentStore } from '../document-store/document-store.js';

export interface LeaseFixture {
  /** Two stores on the same database, as two processes would open them. */
  readonly a: DocumentStore;
  readonly b: DocumentStore;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Registers the contract tests in the enclosing describe. */
export function leaseStoreContract(open: () => Promise<LeaseFixture>): void {
  let fixture: LeaseFixture;
  beforeAll(async () => {
    fixture = await open();
  }, 120_000);
  afterAll(async () => {
    await fixture?.close();
  });

  const leasesOf = (store: DocumentStore) => {
    if (!store.leases) throw new Error(`${store.name} keeps no leases`);
    return store.leases;
  };
  /** A projection batch's transaction: fenced, then its checkpoint. */
  const writeFenced = (store: DocumentStore, holder: string, lease: Lease, checkpoint: string) =>
    store.transaction(async (session) => {
      await session.fence!(holder, [lease], 3_000);
      await session.setCheckpoint(lease.name, checkpoint);
    });

  it('gives a lease to one holder at a time, renews it for that holder only, and frees it when released', async () => {
    const [taken] = await leasesOf(fixture.a).acquire(['contract-one'], 'holder-a', 5_000);
    expect(taken).toEqual({ name: 'contract-one', token: expect.any(Number) });
    expect(await leasesOf(fixture.b).acquire(['contract-one'], 'holder-b', 5_000)).toEqual([]);
    expect(await leasesOf(fixture.a).renew([taken!], 'holder-a', 5_000)).toEqual([taken]);
    expect(await leasesOf(fixture.b).renew([taken!], 'holder-b', 5_000)).toEqual([]);
    await leasesOf(fixture.a).release([taken!], 'holder-a');
    const [next] = await leasesOf(fixture.b).acquire(['contract-one'], 'holder-b', 5_000);
    expect(next?.token).toBe(taken!.token + 1);
    expect((await leasesOf(fixture.a).list()).find((lease) => lease.name === 'contract-one')).toMatchObject({ holder: 'holder-b', token: next!.token });
  });

  it('lets another holder take an expired lease, and refuses the old holder’s writes from then on', async () => {
    const [old] = await leasesOf(fixture.a).acquire(['contract-two'], 'holder-a', 400);
    await writeFenced(fixture.a, 'holder-a', old!, 'written-while-held');
    await sleep(600);
    // Expired and not taken yet: the holder's writes are refused already.
    await expect(writeFenced(fixture.a, 'holder-a', old!, 'written-after-expiry')).rejects.toBeInstanceOf(LeaseLostError);
    const [taken] = await leasesOf(fixture.b).acquire(['contract-two'], 'holder-b', 5_000);
    expect(taken?.token).toBe(old!.token + 1);
    expect(await leasesOf(fixture.a).renew([old!], 'holder-a', 5_000)).toEqual([]);
    await expect(writeFenced(fixture.a, 'holder-a', old!, 'written-after-take-over')).rejects.toMatchObject({ code: 'lease_lost', lost: ['contract-two'] });
    expect(await fixture.b.getCheckpoint('contract-two')).toBe('written-while-held');
    await writeFenced(fixture.b, 'holder-b', taken!, 'written-by-the-new-holder');
    expect(await fixture.a.getCheckpoint('contract-two')).toBe('written-by-the-new-holder');
  });
}
