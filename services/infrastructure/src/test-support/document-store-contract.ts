/** The DocumentStore contract: every adapter's int test registers these tests with its own fixture. */
import { randomBytes } from 'node:crypto';
import { DuplicateKeyError, type Collection, type DocumentStore, type Filter, type FindOptions } from '../document-store/document-store.js';

export interface DocumentStoreFixture {
  readonly store: DocumentStore;
  close(): Promise<void>;
}

interface Order {
  readonly name: string;
  readonly status: string;
  readonly amount: number;
  readonly created: string;
  readonly tags?: readonly string[];
  readonly customer: { readonly name: string; readonly country: string };
  readonly optional?: number | null;
}

/** Chosen so that text comparison would give different answers: '100' < '9', '10:00+01:00' is before '09:30Z'. */
const ORDERS: Record<string, Order> = {
  o1: {
    name: 'alpha',
    status: 'open',
    amount: 9,
    created: '2024-03-01T10:00:00+01:00',
    tags: ['x', 'y'],
    customer: { name: 'ACME_50% GmbH', country: 'DE' },
    optional: 1,
  },
  o2: {
    name: 'beta',
    status: 'closed',
    amount: 10,
    created: '2024-03-01T09:30:00Z',
    tags: ['y'],
    customer: { name: 'Bolt AG', country: 'CH' },
    optional: null,
  },
  o3: { name: 'gamma', status: 'open', amount: 100, created: '2024-02-28T23:00:00-02:00', tags: [], customer: { name: 'acme corp', country: 'DE' } },
  o4: { name: 'delta', status: 'draft', amount: -5.5, created: '2023-12-31T23:59:59Z', customer: { name: 'Delta 50 Ltd', country: 'AT' } },
};

/** Registers the contract tests in the enclosing describe. */
export function documentStoreContract(open: () => Promise<DocumentStoreFixture>): void {
  let fixture: DocumentStoreFixture;
  let store: DocumentStore;
  /** Collection and checkpoint names unique per test, since the store is shared. */
  const unique = (label: string): string => `${label}_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    fixture = await open();
    store = fixture.store;
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  async function newCollection<T>(label: string): Promise<Collection<T>> {
    const name = unique(label);
    await store.ensureCollection({ name });
    return store.collection<T>(name);
  }

  it('upserts and gets documents', async () => {
    const docs = await newCollection<{ title: string; nested: { list: number[] } }>('docs');
    expect(await docs.get('a')).toBeNull();
    expect(await docs.upsert('a', { title: 'A', nested: { list: [1, 2] } }, 1)).toBe(true);
    expect(await docs.get('a')).toEqual({ id: 'a', revision: 1, data: { title: 'A', nested: { list: [1, 2] } } });
  });

  it('gets many documents by id in one call, leaving out ids with no document', async () => {
    const docs = await newCollection<{ v: number }>('getmany');
    await docs.upsertMany([
      { id: 'a', revision: 1, data: { v: 1 } },
      { id: 'b', revision: 3, data: { v: 2 } },
      { id: 'c', revision: 1, data: { v: 3 } },
    ]);
    const found = await docs.getMany(['c', 'missing', 'b']);
    expect([...found].sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      { id: 'b', revision: 3, data: { v: 2 } },
      { id: 'c', revision: 1, data: { v: 3 } },
    ]);
    expect(await docs.getMany([])).toEqual([]);
    await docs.delete('c');
    expect((await docs.getMany(['c', 'a'])).map((d) => d.id)).toEqual(['a']);
  });

  it('ignores writes with an older or equal revision', async () => {
    const docs = await newCollection<{ v: string }>('guard');
    await docs.upsert('a', { v: 'two' }, 2);
    expect(await docs.upsert('a', { v: 'one' }, 1)).toBe(false);
    expect(await docs.upsert('a', { v: 'two again' }, 2)).toBe(false);
    expect(await docs.patch('a', { v: 'patched' }, 2)).toBe(false);
    expect(await docs.get('a')).toEqual({ id: 'a', revision: 2, data: { v: 'two' } });
    expect(await docs.upsert('a', { v: 'three' }, 3)).toBe(true);
    expect((await docs.get('a'))?.data).toEqual({ v: 'three' });
  });

  it('upserts many documents at once under the same revision guard', async () => {
    const docs = await newCollection<{ v: string }>('many');
    await docs.upsert('kept', { v: 'stored at 5' }, 5);
    await docs.upsert('older', { v: 'stored at 1' }, 1);
    const many = Array.from({ length: 1200 }, (_, i) => ({ id: `d${i}`, revision: 1, data: { v: `new ${i}` } }));
    await docs.upsertMany([...many, { id: 'kept', revision: 4, data: { v: 'stale' } }, { id: 'older', revision: 2, data: { v: 'newer' } }]);
    expect(await docs.count()).toBe(1202);
    expect(await docs.get('d1199')).toEqual({ id: 'd1199', revision: 1, data: { v: 'new 1199' } });
    expect(await docs.get('kept')).toEqual({ id: 'kept', revision: 5, data: { v: 'stored at 5' } });
    expect(await docs.get('older')).toEqual({ id: 'older', revision: 2, data: { v: 'newer' } });
    await docs.upsertMany([]);
  });

  it('patches dotted paths, creating intermediate objects, under the revision guard', async () => {
    const docs = await newCollection<Record<string, unknown>>('patch');
    await docs.upsert('a', { a: { b: 1 }, x: 1, scalar: 5, drop: { me: true, keep: 1 } }, 1);
    expect(await docs.patch('a', { 'a.c.d': 5, x: 2, 'n.m': null, 'scalar.deep': 'yes', 'drop.me': undefined, list: [1, { z: 2 }] }, 2)).toBe(true);
    expect(await docs.get('a')).toEqual({
      id: 'a',
      revision: 2,
      data: { a: { b: 1, c: { d: 5 } }, x: 2, n: { m: null }, scalar: { deep: 'yes' }, drop: { keep: 1 }, list: [1, { z: 2 }] },
    });
    expect(await docs.patch('a', { x: 3 }, 1)).toBe(false);
    expect(await docs.patch('missing', { x: 3 }, 9)).toBe(false);
    expect(await docs.get('missing')).toBeNull();
  });

  it('deletes documents', async () => {
    const docs = await newCollection<{ v: number }>('del');
    await docs.upsert('a', { v: 1 }, 1);
    expect(await docs.delete('a')).toBe(true);
    expect(await docs.delete('a')).toBe(false);
    expect(await docs.get('a')).toBeNull();
  });

  describe('find', () => {
    let orders: Collection<Order>;
    beforeAll(async () => {
      orders = await newCollection<Order>('orders');
      for (const [id, order] of Object.entries(ORDERS)) await orders.upsert(id, order, 1);
    });
    const ids = async (options: FindOptions): Promise<string[]> => (await orders.findDocuments(options)).map((d) => d.id);
    const matching = async (filter: Filter): Promise<string[]> => (await ids({ filter })).sort();

    it('matches equality, including numbers and dotted paths', async () => {
      expect(await matching({ status: 'open' })).toEqual(['o1', 'o3']);
      expect(await matching({ status: { eq: 'open' } })).toEqual(['o1', 'o3']);
      expect(await matching({ amount: 10 })).toEqual(['o2']);
      expect(await matching({ amount: '10' })).toEqual([]);
      expect(await matching({ 'customer.country': 'DE' })).toEqual(['o1', 'o3']);
      expect(await matching({ status: 'open', 'customer.name': 'acme corp' })).toEqual(['o3']);
    });

    it('treats null as "null or missing"', async () => {
      expect(await matching({ optional: null })).toEqual(['o2', 'o3', 'o4']);
      expect(await matching({ optional: { ne: null } })).toEqual(['o1']);
    });

    it('matches ne and in', async () => {
      expect(await matching({ status: { ne: 'open' } })).toEqual(['o2', 'o4']);
      expect(await matching({ optional: { ne: 1 } })).toEqual(['o2', 'o3', 'o4']);
      expect(await matching({ status: { in: ['closed', 'draft'] } })).toEqual(['o2', 'o4']);
      expect(await matching({ 'customer.country': { in: ['CH'] } })).toEqual(['o2']);
      expect(await matching({ status: { in: [] } })).toEqual([]);
    });

    it('compares numbers as numbers', async () => {
      expect(await matching({ amount: { lt: 10 } })).toEqual(['o1', 'o4']);
      expect(await matching({ amount: { gt: 9 } })).toEqual(['o2', 'o3']);
      expect(await matching({ amount: { gte: 9, lt: 100 } })).toEqual(['o1', 'o2']);
      expect(await matching({ amount: { lte: -5.5 } })).toEqual(['o4']);
      expect(await matching({ amount: { gte: undefined, lte: undefined } })).toEqual(['o1', 'o2', 'o3', 'o4']);
    });

    it('compares dates as instants', async () => {
      expect(await matching({ created: { gt: '2024-03-01T09:15:00Z', date: true } })).toEqual(['o2']);
      expect(await matching({ created: { gte: '2024-03-01T09:00:00Z', lte: '2024-03-01T09:00:00.000Z', date: true } })).toEqual(['o1']);
      expect(await matching({ created: { lt: '2024-03-01T00:00:00+01:00', date: true } })).toEqual(['o3', 'o4']);
    });

    it('matches contains case-insensitively, with % and _ taken literally', async () => {
      expect(await matching({ 'customer.name': { contains: 'acme' } })).toEqual(['o1', 'o3']);
      expect(await matching({ 'customer.name': { contains: 'ACME CORP' } })).toEqual(['o3']);
      expect(await matching({ 'customer.name': { contains: '50%' } })).toEqual(['o1']);
      expect(await matching({ 'customer.name': { contains: '_' } })).toEqual(['o1']);
      expect(await matching({ 'customer.name': { contains: '%' } })).toEqual(['o1']);
    });

    it('matches includes case-sensitively, with % and _ taken literally', async () => {
      expect(await matching({ 'customer.name': { includes: 'acme' } })).toEqual(['o3']);
      expect(await matching({ 'customer.name': { includes: 'ACME' } })).toEqual(['o1']);
      expect(await matching({ 'customer.name': { includes: 'ACME CORP' } })).toEqual([]);
      expect(await matching({ 'customer.name': { includes: '50%' } })).toEqual(['o1']);
      expect(await matching({ 'customer.name': { includes: '_' } })).toEqual(['o1']);
      expect(await matching({ 'customer.name': { includes: '0' } })).toEqual(['o1', 'o4']);
    });

    it('matches exists and has', async () => {
      expect(await matching({ optional: { exists: true } })).toEqual(['o1', 'o2']);
      expect(await matching({ optional: { exists: false } })).toEqual(['o3', 'o4']);
      expect(await matching({ tags: { has: 'y' } })).toEqual(['o1', 'o2']);
      expect(await matching({ tags: { has: 'z' } })).toEqual([]);
    });

    it('combines with $or and $and', async () => {
      expect(await matching({ $or: [{ status: 'draft' }, { 'customer.country': 'CH' }] })).toEqual(['o2', 'o4']);
      expect(await matching({ status: 'open', $or: [{ amount: { gt: 50 } }, { tags: { has: 'x' } }] })).toEqual(['o1', 'o3']);
      expect(await matching({ $and: [{ 'customer.country': 'DE' }, { $or: [{ amount: 9 }, { amount: 10 }] }] })).toEqual(['o1']);
      expect(await matching({ $or: [] })).toEqual([]);
    });

    it('sorts numerically and as text, both directions', async () => {
      expect(await ids({ sort: [{ path: 'amount', direction: 'asc', numeric: true }] })).toEqual(['o4', 'o1', 'o2', 'o3']);
      expect(await ids({ sort: [{ path: 'amount', direction: 'desc', numeric: true }] })).toEqual(['o3', 'o2', 'o1', 'o4']);
      expect(await ids({ sort: [{ path: 'name', direction: 'asc' }] })).toEqual(['o1', 'o2', 'o4', 'o3']);
      expect(
        await ids({
          sort: [
            { path: 'customer.country', direction: 'desc' },
            { path: 'name', direction: 'desc' },
          ],
        }),
      ).toEqual(['o3', 'o1', 'o2', 'o4']);
    });

    it('pages with skip and limit, and counts', async () => {
      const byAmount = [{ path: 'amount', direction: 'asc', numeric: true }] as const;
      expect(await ids({ sort: byAmount, skip: 1, limit: 2 })).toEqual(['o1', 'o2']);
      expect(await ids({ sort: byAmount, skip: 3 })).toEqual(['o3']);
      expect(await ids({ sort: byAmount, limit: 0 })).toEqual([]);
      expect((await orders.find({ filter: { status: 'closed' } })).map((o) => o.name)).toEqual(['beta']);
      expect(await orders.count()).toBe(4);
      expect(await orders.count({ status: 'open' })).toBe(2);
      expect(await orders.count({ amount: { gt: 1000 } })).toBe(0);
    });

    it('finds the same documents as JSON text, in the same order, filtered and paged alike', async () => {
      const options = { filter: { amount: { gte: 0 } }, sort: [{ path: 'amount', direction: 'desc', numeric: true }], skip: 1, limit: 2 } as const;
      const texts = await orders.findJson(options);
      expect(texts.every((text) => typeof text === 'string')).toBe(true);
      expect(texts.map((text) => JSON.parse(text) as unknown)).toEqual(await orders.find(options));
      expect((await orders.findJson({ filter: { status: 'closed' } })).map((text) => (JSON.parse(text) as Order).name)).toEqual(['beta']);
      expect(await orders.findJson({ filter: { amount: { gt: 1000 } } })).toEqual([]);
    });

    it('counts no further than upTo', async () => {
      expect(await orders.count(undefined, { upTo: 3 })).toBe(3);
      expect(await orders.count({ status: 'open' }, { upTo: 3 })).toBe(2);
      expect(await orders.count({ status: 'open' }, { upTo: 1 })).toBe(1);
      expect(await orders.count({ status: 'open' }, { upTo: 0 })).toBe(0);
    });
  });

  it("keeps the documents' JSON text when declared (jsonText): findJson follows upserts, patches and loads", async () => {
    const name = unique('texts');
    await store.ensureCollection({ name, jsonText: true });
    await store.ensureCollection({ name, jsonText: true });
    const docs = store.collection<{ n: number; tag?: string; list?: string[] }>(name);
    await docs.upsert('a', { n: 1, tag: 'first', list: ['x', 'y'] }, 1);
    await docs.upsert('b', { n: 2 }, 1);
    await docs.upsert('a', { n: 3, tag: 'changed' }, 2);
    await docs.patch('b', { tag: 'patched \u00e9 "quoted"' }, 2);
    const byN = { sort: [{ path: 'n', direction: 'asc', numeric: true }] } as const;
    const texts = await docs.findJson(byN);
    expect(texts.map((text) => JSON.parse(text) as unknown)).toEqual([
      { n: 2, tag: 'patched \u00e9 "quoted"' },
      { n: 3, tag: 'changed' },
    ]);
    expect(texts.map((text) => JSON.parse(text) as unknown)).toEqual(await docs.find(byN));
    expect(await docs.findJson({ filter: { n: { gt: 2 } } })).toHaveLength(1);
    // A collection declared with it later (an existing table) gets it too.
    const later = unique('texts_later');
    await store.ensureCollection({ name: later });
    await store.collection<{ v: string }>(later).upsert('x', { v: 'before' }, 1);
    await store.ensureCollection({ name: later, jsonText: true });
    expect((await store.collection(later).findJson()).map((text) => JSON.parse(text) as unknown)).toEqual([{ v: 'before' }]);
  });

  it('gets many documents by id as JSON text (getManyJson), with or without the kept text, leaving out ids with no document', async () => {
    for (const jsonText of [true, false]) {
      const name = unique(jsonText ? 'many_texts' : 'many_plain');
      await store.ensureCollection({ name, jsonText });
      const docs = store.collection<{ n: number; tag?: string }>(name);
      await docs.upsertMany([
        { id: 'a', revision: 1, data: { n: 1 } },
        { id: 'b', revision: 1, data: { n: 2, tag: '\u00e9 "q"' } },
        { id: 'c', revision: 1, data: { n: 3 } },
      ]);
      await docs.patch('c', { tag: 'patched' }, 2);
      const found = await docs.getManyJson(['c', 'missing', 'b']);
      const parsed = found.map(({ id, json }) => ({ id, data: JSON.parse(json) as unknown })).sort((x, y) => x.id.localeCompare(y.id));
      expect(parsed).toEqual((await docs.getMany(['b', 'c'])).map(({ id, data }) => ({ id, data })).sort((x, y) => x.id.localeCompare(y.id)));
      expect(parsed.map((d) => d.data)).toEqual([
        { n: 2, tag: '\u00e9 "q"' },
        { n: 3, tag: 'patched' },
      ]);
      expect(await docs.getManyJson([])).toEqual([]);
    }
  });

  it('declares an index of equal values in a sort order, and finds through it as without', async () => {
    const name = unique('sorted');
    const definition = {
      name,
      indexes: [{ name: 'by_status_amount', within: ['status'], sort: [{ path: 'amount', direction: 'desc', numeric: true }] }] as const,
    };
    await store.ensureCollection(definition);
    await store.ensureCollection(definition);
    const docs = store.collection<Order>(name);
    for (const [id, doc] of Object.entries(ORDERS)) await docs.upsert(id, doc, 1);
    const page = await docs.find({ filter: { status: 'open' }, sort: [{ path: 'amount', direction: 'desc', numeric: true }] });
    expect(page.map((o) => o.name)).toEqual(['gamma', 'alpha']);
  });

  it('enforces a declared unique index with DuplicateKeyError', async () => {
    const name = unique('users');
    const definition = {
      name,
      indexes: [
        { name: 'by_email', paths: ['email'], unique: true },
        { name: 'by_company', paths: ['company.id', 'role'] },
      ],
    };
    await store.ensureCollection(definition);
    await store.ensureCollection(definition);
    const users = store.collection<{ email: string; company?: { id: string }; role?: string }>(name);
    await users.upsert('u1', { email: 'a@example.com', company: { id: 'c1' }, role: 'admin' }, 1);
    const duplicate = users.upsert('u2', { email: 'a@example.com' }, 1);
    await expect(duplicate).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(duplicate).rejects.toMatchObject({ code: 'duplicate_key', collection: name, index: 'by_email' });
    expect(await users.get('u2')).toBeNull();
    await expect(users.patch('u1', { email: 'b@example.com' }, 2)).resolves.toBe(true);
    await users.upsert('u2', { email: 'a@example.com' }, 1);
    await expect(users.patch('u2', { email: 'b@example.com' }, 2)).rejects.toBeInstanceOf(DuplicateKeyError);
  });

  it('commits documents and checkpoint of a transaction together, or neither', async () => {
    const name = unique('tx');
    await store.ensureCollection({ name });
    const docs = store.collection<{ v: number }>(name);
    const projection = unique('projection');
    await expect(
      store.transaction(async (session) => {
        await session.collection<{ v: number }>(name).upsert('a', { v: 1 }, 1);
        await session.setCheckpoint(projection, '5');
        expect(await session.collection<{ v: number }>(name).get('a')).not.toBeNull();
        expect(await session.getCheckpoint(projection)).toBe('5');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await docs.get('a')).toBeNull();
    expect(await store.getCheckpoint(projection)).toBeNull();

    const result = await store.transaction(async (session) => {
      await session.collection<{ v: number }>(name).upsert('a', { v: 2 }, 1);
      await session.setCheckpoint(projection, '6');
      return 'done';
    });
    expect(result).toBe('done');
    expect((await docs.get('a'))?.data).toEqual({ v: 2 });
    expect(await store.getCheckpoint(projection)).toBe('6');
  });

  it('writes a batch of several collections and checkpoints at once (writeBatch, where the store has it), under the revision guard and the transaction', async () => {
    if (!store.writeBatch) return;
    const first = unique('batch_a');
    const second = unique('batch_b');
    await store.ensureCollection({ name: first });
    await store.ensureCollection({ name: second, indexes: [{ name: 'by_key', paths: ['key'], unique: true }] });
    const a = store.collection<{ v: string }>(first);
    const b = store.collection<{ key: string }>(second);
    await a.upsert('kept', { v: 'stored at 5' }, 5);
    await b.upsert('taken', { key: 'k-taken' }, 1);
    const projection = unique('batch_cp');
    const other = unique('batch_cp');
    const many = Array.from({ length: 700 }, (_, i) => ({ id: `d${i}`, revision: 1, data: { v: `new ${i}` } }));
    const upserts = [
      { collection: first, documents: [...many, { id: 'kept', revision: 4, data: { v: 'stale' } }] },
      { collection: second, documents: [{ id: 'b1', revision: 2, data: { key: 'k1' } }] },
    ];
    await expect(
      store.transaction(async (session) => {
        await session.writeBatch!(upserts, [{ projection, checkpoint: '7' }]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await a.count()).toBe(1);
    expect(await store.getCheckpoint(projection)).toBeNull();

    await store.transaction((session) =>
      session.writeBatch!(upserts, [
        { projection, checkpoint: '7' },
        { projection: other, checkpoint: '7' },
      ]),
    );
    expect(await a.count()).toBe(701);
    expect(await a.get('d699')).toEqual({ id: 'd699', revision: 1, data: { v: 'new 699' } });
    expect(await a.get('kept')).toEqual({ id: 'kept', revision: 5, data: { v: 'stored at 5' } });
    expect(await b.get('b1')).toEqual({ id: 'b1', revision: 2, data: { key: 'k1' } });
    expect([await store.getCheckpoint(projection), await store.getCheckpoint(other)]).toEqual(['7', '7']);
    await store.writeBatch([], [{ projection, checkpoint: '8' }]);
    expect(await store.getCheckpoint(projection)).toBe('8');

    const duplicate = store.writeBatch(
      [
        { collection: first, documents: [{ id: 'x', revision: 1, data: { v: 'x' } }] },
        { collection: second, documents: [{ id: 'b2', revision: 1, data: { key: 'k-taken' } }] },
      ],
      [],
    );
    await expect(duplicate).rejects.toMatchObject({ code: 'duplicate_key', collection: second, index: 'by_key' });
    expect(await a.get('x')).toBeNull();
  });

  it('gets and sets checkpoints', async () => {
    const projection = unique('cp');
    expect(await store.getCheckpoint(projection)).toBeNull();
    await store.setCheckpoint(projection, '1:2');
    expect(await store.getCheckpoint(projection)).toBe('1:2');
    await store.setCheckpoint(projection, '3:4');
    expect(await store.getCheckpoint(projection)).toBe('3:4');
  });

  it('swaps a collection in with renameCollection, keeping its indexes', async () => {
    const target = unique('live');
    const source = `${target}__rebuild`;
    const indexes = [{ name: 'by_code', paths: ['code'], unique: true }];
    await store.ensureCollection({ name: target, indexes });
    await store.collection<{ code: string }>(target).upsert('old', { code: 'old' }, 1);
    await store.ensureCollection({ name: source, indexes });
    await store.collection<{ code: string }>(source).upsert('new', { code: 'new' }, 1);

    await store.renameCollection(source, target);
    const live = store.collection<{ code: string }>(target);
    expect(await live.find()).toEqual([{ code: 'new' }]);
    await expect(live.upsert('other', { code: 'new' }, 1)).rejects.toMatchObject({ collection: target, index: 'by_code' });
    await store.ensureCollection({ name: target, indexes });
    await expect(store.collection(source).find()).rejects.toThrow();
    await expect(store.renameCollection(source, target)).rejects.toThrow();
    expect(await live.count()).toBe(1);
  });

  it('bulk-loads a fresh collection (loadDocuments, where the store has it): new ids, replaced ids, deleted ids', async () => {
    if (!store.loadDocuments) return;
    const name = unique('load');
    await store.ensureCollection({ name });
    // Text that COPY's format must escape, and JSON escapes.
    const awkward = { text: 'tab\there, line\nbreak, back\\slash, \\N, quote " and \u00e9 \u{1F600}', n: -1.5, nested: { list: [1, null, true] } };
    await store.loadDocuments([
      {
        collection: name,
        documents: [
          { id: 'a\tb', revision: 1, data: awkward },
          { id: 'b', revision: 3, data: { v: 1 } },
          { id: 'c', revision: 1, data: { v: 1 } },
        ],
        stored: new Set(),
        deleted: [],
      },
    ]);
    // 'b' replaced with a lower revision (no guard: the loader holds the newest), 'c' deleted, 'd' new.
    await store.loadDocuments([
      {
        collection: name,
        documents: [
          { id: 'b', revision: 2, data: { v: 2 } },
          { id: 'd', revision: 1, data: { v: 4 } },
        ],
        stored: new Set(['a\tb', 'b', 'c']),
        deleted: ['c'],
      },
    ]);
    const docs = store.collection(name);
    expect(await docs.get('a\tb')).toEqual({ id: 'a\tb', revision: 1, data: awkward });
    expect(await docs.findDocuments({ sort: [{ path: 'v', direction: 'asc', numeric: true }], filter: { v: { exists: true } } })).toEqual([
      { id: 'b', revision: 2, data: { v: 2 } },
      { id: 'd', revision: 1, data: { v: 4 } },
    ]);
    expect(await docs.count()).toBe(3);
  });

  it('swaps collections and checkpoints together (swapCollections, where the store has it)', async () => {
    if (!store.swapCollections) return;
    const [one, two] = [unique('one'), unique('two')];
    const checkpoint = unique('swap');
    for (const name of [one, two, `${one}__rebuild`, `${two}__rebuild`]) {
      await store.ensureCollection({ name });
      await store.collection(name).upsert('x', { from: name }, 1);
    }
    await expect(
      store.swapCollections(
        [
          { source: `${one}__rebuild`, target: one },
          { source: `${two}__missing`, target: two },
        ],
        [{ projection: checkpoint, checkpoint: '9' }],
      ),
    ).rejects.toThrow();
    // Nothing of a failed swap happened.
    expect(await store.collection(one).find()).toEqual([{ from: one }]);
    expect(await store.getCheckpoint(checkpoint)).toBeNull();

    await store.swapCollections(
      [
        { source: `${one}__rebuild`, target: one },
        { source: `${two}__rebuild`, target: two },
      ],
      [{ projection: checkpoint, checkpoint: '9' }],
    );
    expect(await store.collection(one).find()).toEqual([{ from: `${one}__rebuild` }]);
    expect(await store.collection(two).find()).toEqual([{ from: `${two}__rebuild` }]);
    expect(await store.getCheckpoint(checkpoint)).toBe('9');
  });

  it('drops a collection', async () => {
    const name = unique('drop');
    await store.ensureCollection({ name });
    await store.collection<{ v: number }>(name).upsert('a', { v: 1 }, 1);
    await store.dropCollection(name);
    await store.dropCollection(name);
    await store.ensureCollection({ name });
    expect(await store.collection(name).count()).toBe(0);
  });
}
