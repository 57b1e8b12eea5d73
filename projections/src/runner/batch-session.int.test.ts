import { createStores, type Stores } from '@onsite/infrastructure';
import { BatchSession } from './batch-session.js';

/** A batch's buffered session answers every read as the unbuffered one would, and writes once per document. */
describe('BatchSession on PGlite', () => {
  let stores: Stores;
  beforeAll(async () => {
    stores = await createStores({ profile: 'embedded', dataDir: 'memory://' });
    await stores.documentStore.ensureCollection({ name: 'docs', indexes: [{ name: 'docs_kind', paths: ['kind'] }] });
  }, 60_000);
  afterAll(() => stores.close());

  const stored = (id: string) => stores.documentStore.collection<{ kind: string; n: number }>('docs').get(id);

  it('reads its own writes, keeps the revision guard, and stores everything on flush only', async () => {
    const docs = stores.documentStore.collection<{ kind: string; n: number }>('docs');
    await docs.upsert('newer', { kind: 'a', n: 9 }, 9);
    await docs.upsert('old', { kind: 'a', n: 1 }, 1);
    await stores.documentStore.transaction(async (session) => {
      const batch = new BatchSession(session);
      const c = batch.collection<{ kind: string; n: number }>('docs');
      expect(await c.upsert('x', { kind: 'b', n: 1 }, 1)).toBe(true);
      expect(await c.get('x')).toEqual({ id: 'x', revision: 1, data: { kind: 'b', n: 1 } });
      expect(await c.upsert('x', { kind: 'b', n: 2 }, 2)).toBe(true);
      expect(await c.upsert('x', { kind: 'b', n: 0 }, 2)).toBe(false);
      // A blind write older than the stored document: the stored one is what a read sees.
      expect(await c.upsert('newer', { kind: 'a', n: 5 }, 5)).toBe(true);
      expect(await c.get('newer')).toEqual({ id: 'newer', revision: 9, data: { kind: 'a', n: 9 } });
      // A blind write newer than the stored document wins.
      await c.upsert('old', { kind: 'b', n: 2 }, 2);
      expect((await c.get('old'))?.data).toEqual({ kind: 'b', n: 2 });
      expect(await session.collection('docs').get('x')).toBeNull();
      // count and find see the batch's writes.
      expect(await c.count({ kind: 'b' })).toBe(2);
      expect((await c.find({ filter: { kind: 'b' }, sort: [{ path: 'n', direction: 'asc', numeric: true }] })).map((d) => d.n)).toEqual([2, 2]);
      await c.upsert('x', { kind: 'b', n: 3 }, 3);
      expect(await c.delete('x')).toBe(true);
      expect(await c.get('x')).toBeNull();
      await c.upsert('y', { kind: 'c', n: 1 }, 1);
      await batch.flush();
    });
    expect(await stored('x')).toBeNull();
    expect(await stored('newer')).toEqual({ id: 'newer', revision: 9, data: { kind: 'a', n: 9 } });
    expect(await stored('old')).toEqual({ id: 'old', revision: 2, data: { kind: 'b', n: 2 } });
    expect(await stored('y')).toEqual({ id: 'y', revision: 1, data: { kind: 'c', n: 1 } });
  });

  it('passes a patch through after the pending writes, and writes nothing when the transaction fails', async () => {
    await expect(
      stores.documentStore.transaction(async (session) => {
        const batch = new BatchSession(session);
        const c = batch.collection<{ kind: string; n: number }>('docs');
        await c.upsert('p', { kind: 'p', n: 1 }, 1);
        expect(await c.patch('p', { n: 2 }, 2)).toBe(true);
        expect(await c.get('p')).toEqual({ id: 'p', revision: 2, data: { kind: 'p', n: 2 } });
        await c.upsert('q', { kind: 'q', n: 1 }, 1);
        await batch.flush();
        throw new Error('the batch fails');
      }),
    ).rejects.toThrow('the batch fails');
    expect(await stored('p')).toBeNull();
    expect(await stored('q')).toBeNull();
  });

  it('reads no document of an absent id, and sees what the batch writes to it after a flush or a patch', async () => {
    await stores.documentStore.collection<{ kind: string; n: number }>('docs').upsert('kept', { kind: 'k', n: 1 }, 1);
    await stores.documentStore.transaction(async (session) => {
      const reads: string[] = [];
      const counting = {
        ...session,
        getCheckpoint: (name: string) => session.getCheckpoint(name),
        setCheckpoint: (name: string, checkpoint: string) => session.setCheckpoint(name, checkpoint),
        collection: <T>(name: string) => {
          const collection = session.collection<T>(name);
          return Object.assign(Object.create(collection) as typeof collection, { get: (id: string) => (reads.push(id), collection.get(id)) });
        },
      };
      const batch = new BatchSession(counting, new Set(['new-1', 'new-2']));
      const c = batch.collection<{ kind: string; n: number }>('docs');
      expect(await c.get('new-1')).toBeNull();
      expect(await batch.collection('other').get('new-2')).toBeNull();
      expect(reads).toEqual([]);
      // Not absent: read from the store.
      expect((await c.get('kept'))?.data).toEqual({ kind: 'k', n: 1 });
      expect(reads).toEqual(['kept']);
      // Written, flushed by a count, read again: the batch's write, without a read.
      await c.upsert('new-1', { kind: 'n', n: 1 }, 1);
      expect(await c.count({ kind: 'n' })).toBe(1);
      expect(await c.get('new-1')).toEqual({ id: 'new-1', revision: 1, data: { kind: 'n', n: 1 } });
      // Patched: what the store holds from then on.
      await c.upsert('new-2', { kind: 'n', n: 1 }, 1);
      expect(await c.patch('new-2', { n: 2 }, 2)).toBe(true);
      expect(await c.get('new-2')).toEqual({ id: 'new-2', revision: 2, data: { kind: 'n', n: 2 } });
      expect(reads).toEqual(['kept', 'new-2']);
      await batch.flush();
    });
    expect(await stored('new-1')).toEqual({ id: 'new-1', revision: 1, data: { kind: 'n', n: 1 } });
  });
});
