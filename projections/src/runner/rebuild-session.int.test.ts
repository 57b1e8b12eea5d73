import { randomBytes } from 'node:crypto';
import type { EventMetadata } from '@onsite/domain';
import { createStores, type DocumentLoad, type DocumentStore, type Stores, type StoresConfig } from '@onsite/infrastructure';
import { databaseUrl, dropSchema, postgresUrlOrSkip } from '../../../services/infrastructure/src/test-support/postgres.js';
import { ProjectionRunner } from './projection-runner.js';
import type { Projection } from './projection.js';
import { rebuild } from './rebuild.js';

const metadata: EventMetadata = { actorUserId: 'u1', correlationId: 'c1', causationId: 'c1', occurredAt: '2025-01-01T00:00:00.000Z' };

/**
 * Every kind of write a projection makes: a read before the write, a blind write (no read), a counter shared by all
 * streams, a delete, a patch, and a find that must see the writes before it.
 */
const everyWrite: Projection = {
  name: 'every-write',
  collections: [{ name: 'items', indexes: [{ name: 'by_tag', paths: ['tag'] }] }, { name: 'shadows' }, { name: 'tallies' }],
  handles: ['Added', 'Tagged', 'Removed', 'Renamed', 'Counted'],
  async apply(event, session) {
    const data = event.data as { tag?: string; name?: string };
    const items = session.collection<{ tag: string; name: string; events: number }>('items');
    const shadows = session.collection<{ of: string; version: number }>('shadows');
    const tallies = session.collection<{ n: number; tags: string[] }>('tallies');
    const tally = async (tag: string) => {
      const current = await tallies.get(tag);
      await tallies.upsert(tag, { n: (current?.data.n ?? 0) + 1, tags: [...(current?.data.tags ?? []), event.streamId] }, (current?.revision ?? 0) + 1);
    };
    const current = await items.get(event.streamId);
    switch (event.type) {
      case 'Added':
      case 'Tagged':
        await items.upsert(
          event.streamId,
          { tag: data.tag ?? current?.data.tag ?? '', name: current?.data.name ?? event.streamId, events: (current?.data.events ?? 0) + 1 },
          event.streamVersion,
        );
        // Blind: never read.
        await shadows.upsert(event.streamId, { of: event.streamId, version: event.streamVersion }, event.streamVersion);
        await tally(data.tag ?? 'none');
        break;
      case 'Removed':
        await items.delete(event.streamId);
        await shadows.delete(event.streamId);
        break;
      case 'Renamed':
        await items.patch(event.streamId, { name: data.name, 'meta.renamedAt': event.metadata.occurredAt }, event.streamVersion);
        break;
      case 'Counted': {
        // A find sees the writes made before it.
        const tagged = await items.count({ tag: data.tag ?? '' });
        await tallies.upsert(`count-${event.streamVersion}-${event.streamId}`, { n: tagged, tags: [] }, 1);
        break;
      }
    }
  },
};

const schema = `rebuild_session_${randomBytes(4).toString('hex')}`;
const profiles: [string, StoresConfig][] = [['embedded', { profile: 'embedded', dataDir: 'memory://' }]];
// On PostgreSQL a chunk's documents are written while the next chunk is applied (another connection).
if (postgresUrlOrSkip()) profiles.push(['postgres', { profile: 'postgres', databaseUrl: databaseUrl(), schema }]);

describe.each(profiles)('rebuild through the rebuild session (bulk loads, documents kept between chunks), %s', (profile, config) => {
  let stores: Stores;
  beforeAll(async () => {
    stores = await createStores(config);
    const append = (streamId: string, type: string, data: object = {}) => stores.eventStore.appendToStream(streamId, [{ type, data, metadata }], 'any');
    for (let i = 0; i < 30; i++) {
      await append(`s${i}`, 'Added', { tag: `t${i % 4}` });
      if (i % 3 === 0) await append(`s${i - 3 < 0 ? i : i - 3}`, 'Tagged', { tag: `t${(i + 1) % 4}` });
      if (i % 5 === 4) await append(`s${i - 2}`, 'Renamed', { name: `renamed ${i}` });
      if (i % 7 === 6) await append(`s${i - 1}`, 'Removed');
      if (i % 8 === 7) await append(`s${i}`, 'Counted', { tag: 't1' });
      // A stream added again after its removal.
      if (i === 20) await append('s5', 'Added', { tag: 'back' });
      if (i % 6 === 0) await append(`s${i}`, 'Renamed', { name: `early ${i}` });
    }
  }, 60_000);
  afterAll(async () => {
    await stores.close();
    if (profile === 'postgres') await dropSchema(databaseUrl(), schema);
  });

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const { name } of everyWrite.collections)
      out[name] = (await stores.documentStore.collection(name).findDocuments()).sort((a, b) => a.id.localeCompare(b.id));
    return out;
  };

  it('writes exactly the documents the live runner wrote, whatever the chunk size and the documents kept in memory', async () => {
    // Live: one event a batch.
    const runner = new ProjectionRunner(stores, [everyWrite], { batchSize: 1, logger: { info: () => {}, error: () => {} } });
    await runner.start();
    await runner.catchUp();
    await runner.stop();
    const live = await snapshot();
    expect((live.items as unknown[]).length).toBeGreaterThan(20);
    expect(JSON.stringify(live.items)).toContain('renamedAt');
    expect((live.tallies as { id: string }[]).some((t) => t.id.startsWith('count-'))).toBe(true);

    const streamDocument = (streamId: string) => streamId;
    for (const options of [
      {},
      { batchSize: 3, cachedDocuments: 1 },
      { batchSize: 7, cachedDocuments: 0 },
      { batchSize: 2, cachedDocuments: 5 },
      { batchSize: 3, cachedDocuments: 2, streamDocument },
      { batchSize: 4, cachedDocuments: 0, streamDocument },
    ]) {
      await rebuild(stores, [everyWrite], options);
      expect(await snapshot()).toEqual(live);
    }
    // The declared index came with the swap.
    expect(await stores.documentStore.collection('items').count({ tag: 't1' })).toBe(
      (live.items as { data: { tag: string } }[]).filter((item) => item.data.tag === 't1').length,
    );
  }, 60_000);

  it('swaps every collection and the checkpoints together', async () => {
    await rebuild(stores, [everyWrite]);
    const checkpoint = await stores.documentStore.getCheckpoint('every-write');
    expect(checkpoint).not.toBeNull();
    expect(await stores.documentStore.getCheckpoint('every-write@version')).toBe('1');
    for (const { name } of everyWrite.collections) await expect(stores.documentStore.collection(`${name}__rebuild`).count()).rejects.toThrow();
  }, 60_000);

  /** The store, counting what the rebuild reads one by one, reads together and writes, per collection. */
  const counting = (documentStore: DocumentStore) => {
    const counts = { get: new Map<string, number>(), getMany: new Map<string, number>(), written: new Map<string, number>() };
    const add = (map: Map<string, number>, name: string, n = 1) => map.set(name, (map.get(name) ?? 0) + n);
    const store = new Proxy(documentStore, {
      get(target, property, receiver) {
        if (property === 'collection')
          return (name: string) => {
            const collection = target.collection(name);
            return new Proxy(collection, {
              get(inner, key, innerReceiver) {
                if (key === 'get') return (id: string) => (add(counts.get, name), inner.get(id));
                if (key === 'getMany') return (ids: readonly string[]) => (add(counts.getMany, name), inner.getMany(ids));
                const value: unknown = Reflect.get(inner, key, innerReceiver);
                return typeof value === 'function' ? value.bind(inner) : value;
              },
            });
          };
        if (property === 'loadDocuments' && target.loadDocuments)
          return (loads: readonly DocumentLoad[]) => {
            for (const { collection, documents } of loads) add(counts.written, collection, documents.length);
            return target.loadDocuments!(loads);
          };
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { store, counts };
  };

  // Each stream's events far apart in the log, as a live system appends orders that take days: 40 streams, their
  // first events, then their second ones, and so on.
  const spread: Projection = {
    name: 'spread',
    collections: [{ name: 'spread_items' }],
    handles: ['Spread'],
    async apply(event, session) {
      const items = session.collection<{ steps: number[] }>('spread_items');
      const current = await items.get(event.streamId);
      await items.upsert(event.streamId, { steps: [...(current?.data.steps ?? []), (event.data as { step: number }).step] }, event.streamVersion);
    },
  };
  const spreadStreams = 40;
  const spreadSteps = 4;
  const appendSpread = async () => {
    for (let step = 1; step <= spreadSteps; step++)
      for (let i = 0; i < spreadStreams; i++) await stores.eventStore.appendToStream(`spread-${i}`, [{ type: 'Spread', data: { step }, metadata }], 'any');
  };
  const expectSpreadItems = async () => {
    const items = await stores.documentStore.collection<{ steps: number[] }>('spread_items').findDocuments();
    expect(items).toHaveLength(spreadStreams);
    for (const item of items) expect(item).toMatchObject({ revision: spreadSteps, data: { steps: [1, 2, 3, 4] } });
  };

  it('writes a document once when memory holds it from one of its events to the next, however far apart (D122)', async () => {
    await appendSpread();
    // Chunks of 10 events: a stream's next event comes four chunks later. Memory holds every stream.
    const { store, counts } = counting(stores.documentStore);
    await rebuild({ eventStore: stores.eventStore, documentStore: store }, [spread], { batchSize: 10, cachedDocuments: 50 });
    await expectSpreadItems();
    if (stores.documentStore.loadDocuments) expect(counts.written.get('spread_items__rebuild')).toBe(spreadStreams);
    expect(counts.get.get('spread_items__rebuild') ?? 0).toBe(0);
  }, 60_000);

  it("reads the documents of a chunk's streams together when memory no longer holds them (D122)", async () => {
    // Memory holds 5 of the 40 streams: without the streams' documents, each event read its stream's document alone.
    const alone = counting(stores.documentStore);
    await rebuild({ eventStore: stores.eventStore, documentStore: alone.store }, [spread], { batchSize: 10, cachedDocuments: 5 });
    await expectSpreadItems();
    expect(alone.counts.get.get('spread_items__rebuild')).toBe(spreadStreams * (spreadSteps - 1));

    const together = counting(stores.documentStore);
    await rebuild({ eventStore: stores.eventStore, documentStore: together.store }, [spread], {
      batchSize: 10,
      cachedDocuments: 5,
      streamDocument: (streamId) => streamId,
    });
    await expectSpreadItems();
    expect(together.counts.get.get('spread_items__rebuild') ?? 0).toBe(0);
    // At most one read per chunk, and at least one per chunk of the rounds that continue streams.
    const reads = together.counts.getMany.get('spread_items__rebuild')!;
    expect(reads).toBeGreaterThanOrEqual((spreadStreams * (spreadSteps - 1)) / 10);
    expect(reads).toBeLessThanOrEqual(Math.ceil((await stores.eventStore.countEvents()) / 10));
  }, 60_000);
});
