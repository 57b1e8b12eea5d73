import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentStoreContract } from '../test-support/document-store-contract.js';
import { eventStoreContract } from '../test-support/event-store-contract.js';
import { recordingClient } from '../test-support/recording-client.js';
import { retiredIndexTests } from '../test-support/sql-index-retirement.js';
import { sqlClientContract } from '../test-support/sql-client-contract.js';
import { createStores } from './create-stores.js';
import { DataDirectoryLockedError, openPglite } from './pglite-client.js';
import { SqlDocumentStore } from './sql-document-store.js';
import { SqlEventStore } from './sql-event-store.js';

const metadata = { actorUserId: 'u', correlationId: 'c', causationId: 'c', occurredAt: '2025-01-01T00:00:00.000Z' };

describe('SqlClient on PGlite', () => {
  sqlClientContract(
    () => openPglite({ dataDir: 'memory://' }),
    (client) => client.close(),
  );

  it('turns a query on the client inside its own transaction into an error instead of a deadlock', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    try {
      await expect(client.transaction(() => client.query('SELECT 1'))).rejects.toThrow(/use the transaction handle/);
      expect(await client.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('gives the event loop a turn in a run of queries once the loop has not turned for its budget (D120)', async () => {
    // How many of 30 queries in a row ran before a callback queued for the event loop's next turn (an immediate, as a
    // socket's data or a due timer would wait) ran.
    const queriesBeforeTurn = async (turnBudgetMs: number) => {
      const client = await openPglite({ dataDir: 'memory://', turnBudgetMs });
      try {
        let queries = 0;
        let fired = -1;
        setImmediate(() => (fired = queries));
        for (let n = 0; n < 30; n++) {
          await client.query('SELECT $1::int AS n', [n]);
          queries++;
        }
        await client.transaction((tx) => tx.query('SELECT 1'));
        return fired;
      } finally {
        await client.close();
      }
    };
    // PGlite answers through promises alone: a budget never reached keeps the callback waiting for the whole run.
    expect(await queriesBeforeTurn(Number.POSITIVE_INFINITY)).toBe(-1);
    // With a budget of 0, every query after the first of a run waits for a turn: the callback runs within a few.
    const fired = await queriesBeforeTurn(0);
    expect(fired).toBeGreaterThanOrEqual(0);
    expect(fired).toBeLessThanOrEqual(3);
  }, 60_000);

  it("merges the trigram indexes' pending list in small steps, on disk and in memory (D100)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onsite-gin-'));
    for (const dataDir of ['memory://', join(dir, 'db')]) {
      const client = await openPglite({ dataDir });
      try {
        expect(await client.query('SHOW gin_pending_list_limit')).toEqual([{ gin_pending_list_limit: '256kB' }]);
        // A transaction that fails does not take the setting with it.
        await expect(client.transaction((tx) => tx.query('SELECT 1/0'))).rejects.toThrow();
        expect(await client.query('SHOW gin_pending_list_limit')).toEqual([{ gin_pending_list_limit: '256kB' }]);
      } finally {
        await client.close();
      }
    }
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});

describe('PGlite named prepared statements (D104)', () => {
  const preparedCount = async (client: Awaited<ReturnType<typeof openPglite>>) =>
    Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_prepared_statements WHERE name LIKE 'onsite\\_%'"))[0]?.n);

  it('returns the same rows and values as an unprepared statement, for every type the stores use, run after run', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    try {
      await client.query(
        'CREATE TABLE t (id text PRIMARY KEY, n int4, big int8, price numeric, at timestamptz, doc jsonb, tags text[], ok boolean, note text)',
      );
      const row = ['a', 7, 9_007_199_254_740_000n, '12.50', new Date('2026-11-27T10:00:00.000Z'), { city: 'Köln', n: [1, 2] }, ['x', 'y,z'], true, null];
      await client.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', row);
      // The same statement's first run parses it, later runs only bind it; PostgreSQL plans it generically from its sixth.
      const runs = [];
      for (let i = 0; i < 7; i++) runs.push(await client.query('SELECT * FROM t WHERE id = $1 AND doc->>$2 = $3', ['a', 'city', 'Köln']));
      // PGlite's own query reads the same values (TABLE is not one of the statements the client prepares).
      const [unprepared] = await client.query('TABLE t');
      for (const rows of runs) expect(rows).toEqual([unprepared]);
      expect(runs[0]).toEqual([
        {
          id: 'a',
          n: 7,
          big: 9_007_199_254_740_000,
          price: '12.50',
          at: new Date('2026-11-27T10:00:00.000Z'),
          doc: { city: 'Köln', n: [1, 2] },
          tags: ['x', 'y,z'],
          ok: true,
          note: null,
        },
      ]);
      // Parameters are written as UTF-8 by the client's own Bind (D115): characters of two, three and four bytes, an
      // empty string, a null and a value larger than any buffer a message starts with.
      const texts = ['', 'Köln – 東京 🛠️ straße', `${'ä'.repeat(70_000)}🙂`];
      await client.query('INSERT INTO t (id, note, doc) VALUES ($1, $2, $3), ($4, $5, $6), ($7, $8, NULL)', [
        'u1',
        texts[0],
        { s: texts[1] },
        'u2',
        texts[1],
        { s: texts[2] },
        'u3',
        texts[2],
      ]);
      const read = await client.query<{ id: string; note: string; doc: unknown }>(
        "SELECT id, note, doc FROM t WHERE id LIKE 'u%' AND note = ANY($1) ORDER BY id",
        [texts],
      );
      expect(read).toEqual([
        { id: 'u1', note: '', doc: { s: texts[1] } },
        { id: 'u2', note: texts[1], doc: { s: texts[2] } },
        { id: 'u3', note: texts[2], doc: null },
      ]);
      // The inserts, the selects and this count.
      expect(await preparedCount(client)).toBe(5);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("keeps an error's code and statement, and the statement works on after it, in and out of transactions", async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    try {
      await client.query('CREATE TABLE u (id text PRIMARY KEY)');
      const insert = 'INSERT INTO u (id) VALUES ($1)';
      await client.query(insert, ['a']);
      await expect(client.query(insert, ['a'])).rejects.toMatchObject({ code: '23505', constraint: 'u_pkey', query: insert });
      await expect(client.transaction((tx) => tx.query(insert, ['a']))).rejects.toMatchObject({ code: '23505' });
      await client.transaction(async (tx) => {
        await tx.query(insert, ['b']);
      });
      // A statement the database refuses to parse is not kept.
      await expect(client.query('SELECT nope FROM u')).rejects.toMatchObject({ code: '42703' });
      await expect(client.query('SELECT nope FROM u')).rejects.toMatchObject({ code: '42703' });
      expect(await client.query('SELECT id FROM u ORDER BY id')).toEqual([{ id: 'a' }, { id: 'b' }]);
      // A rolled-back transaction takes its writes with it, not the statements it prepared.
      await expect(
        client.transaction(async (tx) => {
          await tx.query(insert, ['c']);
          await tx.query('SELECT id FROM u WHERE id = $1', ['c']);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await client.query('SELECT id FROM u WHERE id = $1', ['c'])).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('follows a table that is swapped or changes its columns under a kept statement, as a rebuild and a migration do', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    try {
      await client.query('CREATE TABLE v (id text PRIMARY KEY, a int4)');
      await client.query("INSERT INTO v VALUES ('old', 1)");
      const read = 'SELECT * FROM v ORDER BY id';
      for (let i = 0; i < 6; i++) expect(await client.query(read)).toEqual([{ id: 'old', a: 1 }]);
      // A rebuild's swap: a new table takes the name.
      await client.transaction(async (tx) => {
        await tx.query('CREATE TABLE v_next (id text PRIMARY KEY, a int4)');
        await tx.query("INSERT INTO v_next VALUES ('new', 2)");
        await tx.query('DROP TABLE v');
        await tx.query('ALTER TABLE v_next RENAME TO v');
      });
      expect(await client.query(read)).toEqual([{ id: 'new', a: 2 }]);
      // A new column changes what `*` returns: the kept statement fails once inside, and is parsed again.
      await client.query('ALTER TABLE v ADD COLUMN b text');
      expect(await client.query(read)).toEqual([{ id: 'new', a: 2, b: null }]);
      await client.query('ALTER TABLE v DROP COLUMN b');
      await expect(client.transaction((tx) => tx.query(read))).rejects.toMatchObject({ code: '0A000' });
      expect(await client.transaction((tx) => tx.query(read))).toEqual([{ id: 'new', a: 2 }]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('refuses a statement once the client is closed, as PGlite does', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    expect(await client.query('SELECT 1::int AS n')).toEqual([{ n: 1 }]);
    await client.close();
    await expect(client.query('SELECT 1::int AS n')).rejects.toThrow(/closed/);
  }, 60_000);

  it('keeps at most its capacity of statements, closing the least recently used', async () => {
    const client = await openPglite({ dataDir: 'memory://', statementCache: 3 });
    try {
      for (let i = 0; i < 10; i++) expect(await client.query(`SELECT ${i}::int AS n`)).toEqual([{ n: i }]);
      // The evicted are closed with the next statement parsed: at most capacity + 1 in between.
      expect(await preparedCount(client)).toBeLessThanOrEqual(4);
      expect(await client.query('SELECT 9::int AS n')).toEqual([{ n: 9 }]);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('SqlEventStore on PGlite', () => {
  eventStoreContract(
    async () => {
      const client = await openPglite({ dataDir: 'memory://' });
      let hook: ((streamId: string) => Promise<void>) | undefined;
      const store = new SqlEventStore(client, { beforeCommit: (streamId) => hook?.(streamId) ?? Promise.resolve() });
      await store.init();
      return {
        store,
        setBeforeCommit: (next) => (hook = next),
        close: async () => {
          await store.close();
          await client.close();
        },
      };
    },
    // PGlite runs one transaction at a time, so every held transaction stalls all writers.
    { holdFraction: 0.02 },
  );
});

describe('Group commit on PGlite', () => {
  it('refuses the appends waiting for a group when the client closes under them, and the process goes on', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const store = new SqlEventStore(client);
    await store.init();
    const event = { type: 'A', data: {}, metadata };
    // Queued for the next group, which begins after the event loop's next turn: by then the client is closed (a
    // server stopped while requests were under way). The group's transaction cannot begin; before, the store tried
    // it again at once, for ever, and nothing else in the process ran again.
    const appends = [store.appendToStream('a', [event], 0), store.appendToStream('b', [event], 0)];
    await client.close();
    const outcomes = await Promise.allSettled(appends);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: expect.objectContaining({ message: expect.stringMatching(/closed/i) }) },
      { status: 'rejected', reason: expect.objectContaining({ message: expect.stringMatching(/closed/i) }) },
    ]);
    // An append after that is refused too, and timers still run.
    await expect(store.appendToStream('c', [event], 0)).rejects.toThrow(/closed/i);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it('commits concurrent appends together, refusing only the conflicting one, in arrival order', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const store = new SqlEventStore(client);
    await store.init();
    const recording = recordingClient(client);
    const spied = new SqlEventStore(recording.client, {});
    try {
      const event = (type: string) => ({ type, data: {}, metadata });
      const appends = [
        ...Array.from({ length: 20 }, (_, i) => spied.appendToStream(`s-${i}`, [event('A'), event('B')], 0)),
        spied.appendToStream('shared', [event('First')], 0),
        spied.appendToStream('shared', [event('Second')], 0),
      ];
      const outcomes = await Promise.allSettled(appends);
      expect(outcomes.slice(0, 21).every((o) => o.status === 'fulfilled')).toBe(true);
      expect(outcomes[21]).toMatchObject({ status: 'rejected', reason: { code: 'version_conflict' } });
      expect((await store.readStream('shared')).map((e) => e.type)).toEqual(['First']);
      expect((await store.readStream('s-7')).map((e) => e.streamVersion)).toEqual([1, 2]);
      const all = await store.readAll('0', 100);
      // Global order is arrival order.
      expect(all.events.filter((e) => e.type === 'A').map((e) => e.streamId)).toEqual(Array.from({ length: 20 }, (_, i) => `s-${i}`));
      // Appends made in the same turn of the event loop share one transaction, without a savepoint each (a refused
      // expected version writes nothing and raises no SQL error).
      expect(recording.transactions).toBe(1);
      expect(recording.statements.filter((s) => s.text.startsWith('SAVEPOINT'))).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('inserts a group of distinct streams in one statement, each append checked at its own expected version; a stream twice goes in the next statement', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const store = new SqlEventStore(client);
    await store.init();
    const recording = recordingClient(client);
    const spied = new SqlEventStore(recording.client, {});
    const inserts = () => recording.statements.filter((s) => s.text.includes('INSERT INTO es_events'));
    try {
      const event = (type: string) => ({ type, data: { type }, metadata });
      await store.appendToStream('at-2', [event('a1'), event('a2')], 0);
      await store.appendToStream('stale', [event('s1'), event('s2')], 0);
      await store.appendToStream('any-old', [event('o1')], 0);
      await store.appendToStream('exists', [event('e1')], 0);
      recording.statements.length = 0;
      const outcomes = await Promise.allSettled([
        spied.appendToStream('new', [event('n1'), event('n2')], 0),
        spied.appendToStream('at-2', [event('a3')], 2),
        spied.appendToStream('stale', [event('refused')], 1),
        spied.appendToStream('exists', [event('refused')], 0),
        spied.appendToStream('any-old', [event('o2')], 'any'),
        spied.appendToStream('any-new', [event('y1')], 'any'),
        spied.appendToStream('missing', [event('refused')], 3),
        // The same stream again: the next statement, which sees the first append.
        spied.appendToStream('new', [event('n3')], 2),
        spied.appendToStream('new', [event('refused')], 2),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
      ]);
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.nextVersion : (o.reason as { actual?: number }).actual))).toEqual([
        2, 3, 2, 1, 2, 1, 0, 3, 3,
      ]);
      expect(outcomes[2]).toMatchObject({ reason: { code: 'version_conflict' } });
      // Three statements: the run up to the second append to 'new', then each further append to 'new'.
      expect(inserts()).toHaveLength(3);
      expect((await store.readStream('new')).map((e) => `${e.streamVersion}:${e.type}`)).toEqual(['1:n1', '2:n2', '3:n3']);
      expect((await store.readStream('at-2')).map((e) => `${e.streamVersion}:${e.type}`)).toEqual(['1:a1', '2:a2', '3:a3']);
      expect((await store.readStream('any-old')).map((e) => `${e.streamVersion}:${e.type}`)).toEqual(['1:o1', '2:o2']);
      expect((await store.readStream('stale')).map((e) => e.type)).toEqual(['s1', 's2']);
      expect(await store.readStream('missing')).toEqual([]);
      // The log holds the group in arrival order, and each append's result points at its own last event.
      const all = await store.readAll('0', 100);
      expect(all.events.slice(-6).map((e) => e.type)).toEqual(['n1', 'n2', 'a3', 'o2', 'y1', 'n3']);
      const last = all.events.find((e) => e.type === 'a3')!;
      expect(outcomes[1]).toMatchObject({ status: 'fulfilled', value: { nextVersion: 3, lastCheckpoint: last.checkpoint } });
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a statement that fails in a group (a stored event id) refuses only its own append: the group runs again with savepoints', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const store = new SqlEventStore(client);
    await store.init();
    try {
      await store.appendToStream('first', [{ eventId: 'taken', type: 'A', data: {}, metadata }], 0);
      const outcomes = await Promise.allSettled([
        store.appendToStream('before', [{ type: 'B', data: {}, metadata }], 0),
        store.appendToStream('duplicate', [{ eventId: 'taken', type: 'C', data: {}, metadata }], 0),
        store.appendToStream('after', [{ type: 'D', data: {}, metadata }], 0),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(outcomes[1]).toMatchObject({ reason: { name: 'DuplicateEventIdError' } });
      const all = await store.readAll('0', 100);
      expect(all.events.map((e) => `${e.streamId}:${e.type}`)).toEqual(['first:A', 'before:B', 'after:D']);
      expect(await store.readStream('duplicate')).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('reads on from just before its latest group without a query, and returns exactly what the log holds', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const store = new SqlEventStore(client);
    await store.init();
    const recording = recordingClient(client);
    const counted = new SqlEventStore(recording.client, {});
    const logReads = () => recording.statements.filter((s) => !s.inTransaction && s.text.includes('FROM es_events'));
    try {
      const event = (type: string) => ({ type, data: { type }, metadata });
      await counted.appendToStream('one', [event('A')], 0);
      const afterFirst = (await store.readAll('0', 100)).checkpoint;
      // A group with a refused append: only the others' events are in it.
      const outcomes = await Promise.allSettled([
        counted.appendToStream('two', [event('B'), event('C')], 0),
        counted.appendToStream('one', [event('Refused')], 0),
        counted.appendToStream('three', [event('D')], 0),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      recording.statements.length = 0;
      const fromMemory = await counted.readAll(afterFirst, 100);
      expect(logReads()).toEqual([]);
      expect(fromMemory).toEqual(await store.readAll(afterFirst, 100));
      expect(fromMemory.events.map((e) => e.type)).toEqual(['B', 'C', 'D']);
      // Any other checkpoint, or a smaller page, is read from the log.
      expect(await counted.readAll(afterFirst, 2)).toEqual(await store.readAll(afterFirst, 2));
      expect(await counted.readAll('0', 100)).toEqual(await store.readAll('0', 100));
      expect(logReads()).toHaveLength(2);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('SqlEventStore subscriptions on PGlite', () => {
  it('let the event loop turn while they catch up (through the client, D120): a callback queued before runs after a batch or two', async () => {
    const client = await openPglite({ dataDir: 'memory://', turnBudgetMs: 0 });
    const store = new SqlEventStore(client);
    await store.init();
    try {
      for (let n = 0; n < 100; n++) await store.appendToStream(`stream-${n}`, [{ type: 'A', data: { n }, metadata }], 0);
      // PGlite answers through promises alone: without the client's turns, the callback would wait for all ten.
      let batches = 0;
      let batchesWhenTurned = -1;
      setImmediate(() => (batchesWhenTurned = batches));
      let caughtUp!: () => void;
      const done = new Promise<void>((resolve) => (caughtUp = resolve));
      const subscription = store.subscribe({
        from: '0',
        batchSize: 10,
        onEvents: async (events) => {
          batches++;
          if (events.some((event) => (event.data as { n: number }).n === 99)) caughtUp();
        },
      });
      await done;
      await subscription.close();
      expect(batches).toBe(10);
      expect(batchesWhenTurned).toBeGreaterThanOrEqual(0);
      expect(batchesWhenTurned).toBeLessThanOrEqual(3);
    } finally {
      await store.close();
      await client.close();
    }
  });
});

describe('SqlDocumentStore on PGlite', () => {
  documentStoreContract(async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const store = new SqlDocumentStore(client);
    await store.init();
    return { store, close: () => client.close() };
  });
});

describe('SqlDocumentStore batch writes on PGlite (D117)', () => {
  it('writes batches of any size with one statement text, each document under its own revision guard', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const recording = recordingClient(client);
    try {
      const store = new SqlDocumentStore(recording.client);
      await store.init();
      await store.ensureCollection({ name: 'first' });
      await store.ensureCollection({ name: 'second' });
      await store.collection('first').upsert('kept', { v: 'stored at 5' }, 5);
      // Ids and text that JSON must escape, and characters of two to four bytes.
      const awkward = 'quote " back\\slash, tab\t, line\nbreak, \u00e9 \u20ac \u{1F600}';
      const texts = new Set<string>();
      for (const size of [1, 4, 9, 2]) {
        const documents = Array.from({ length: size }, (_, i) => ({
          id: `${awkward} ${size}-${i}`,
          revision: size,
          data: { text: awkward, n: -1.5, list: [i, null, true] },
        }));
        recording.statements.length = 0;
        await store.transaction((session) =>
          session.writeBatch!(
            [
              { collection: 'first', documents: [...documents, { id: 'kept', revision: 4, data: { v: 'stale' } }] },
              { collection: 'second', documents },
            ],
            [{ projection: 'p', checkpoint: String(size) }],
          ),
        );
        const writes = recording.statements.filter((statement) => /INSERT/.test(statement.text));
        expect(writes).toHaveLength(1);
        texts.add(writes[0]!.text);
        expect(await store.collection('second').get(`${awkward} ${size}-${size - 1}`)).toEqual({
          id: `${awkward} ${size}-${size - 1}`,
          revision: size,
          data: { text: awkward, n: -1.5, list: [size - 1, null, true] },
        });
      }
      // The same text whatever the batch's size: the embedded store parses and plans it once.
      expect(texts.size).toBe(1);
      expect(await store.collection('first').count()).toBe(1 + 4 + 9 + 2 + 1);
      expect(await store.collection('first').get('kept')).toEqual({ id: 'kept', revision: 5, data: { v: 'stored at 5' } });
      expect(await store.getCheckpoint('p')).toBe('2');
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('SqlDocumentStore declared indexes on PGlite', () => {
  retiredIndexTests(async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    return { client, close: () => client.close() };
  });
});

describe('SqlDocumentStore query plans on PGlite', () => {
  it('reads a sorted page of one value through a declared within-and-sort index, not by sorting every match', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const { client: spy, statements } = recordingClient(client);
    try {
      const store = new SqlDocumentStore(spy);
      await store.init();
      const sort = [
        { path: 'due', direction: 'asc' },
        { path: 'ref', direction: 'asc' },
      ] as const;
      await store.ensureCollection({ name: 'tasks', indexes: [{ name: 'by_state_due', within: ['state'], sort }] });
      const tasks = store.collection<{ state: string; due: string; ref: string }>('tasks');
      const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
      await tasks.upsertMany(
        Array.from({ length: 6000 }, (_, n) => ({
          id: `t${n}`,
          revision: 1,
          data: { state: ['open', 'done', 'late'][n % 3]!, due: day((n * 7919) % 6000), ref: `T-${n}` },
        })),
      );
      await store.refreshStatistics('tasks');
      statements.length = 0;
      const page = await tasks.find({ filter: { state: { in: ['late'] } }, sort, skip: 50, limit: 25 });
      expect(page).toHaveLength(25);
      expect(page.every((task) => task.state === 'late')).toBe(true);
      const { text, params } = statements[0]!;
      const plan = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params)).map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Scan using rm_tasks__by_state_due');
      expect(plan).not.toMatch(/\bSort\b/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('plans a first page once: its statement (limit in the text, no offset) moves to a generic plan, a later page stays right (D104)', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const { client: spy, statements } = recordingClient(client);
    try {
      const store = new SqlDocumentStore(spy);
      await store.init();
      const sort = [
        { path: 'due', direction: 'desc' },
        { path: 'ref', direction: 'asc' },
      ] as const;
      await store.ensureCollection({ name: 'tasks', indexes: [{ name: 'by_due', sort }] });
      const tasks = store.collection<{ owner: string; state: string; due: string; ref: string }>('tasks');
      const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
      await tasks.upsertMany(
        Array.from({ length: 4000 }, (_, n) => ({
          id: `t${n}`,
          revision: 1,
          data: { owner: `o${n % 4}`, state: ['open', 'done', 'late'][n % 3]!, due: day(n), ref: `T-${n}` },
        })),
      );
      await store.refreshStatistics('tasks');
      const filter = { owner: 'o1', state: { in: ['open', 'done', 'late'] } };
      statements.length = 0;
      for (let i = 0; i < 8; i++) expect(await tasks.find({ filter, sort, skip: 0, limit: 25 })).toHaveLength(25);
      const first = statements[0]!;
      expect(first.text).toMatch(/LIMIT 25$/);
      const [kept] = await client.query<{ generic_plans: number }>('SELECT generic_plans FROM pg_prepared_statements WHERE statement = $1', [first.text]);
      expect(kept?.generic_plans).toBeGreaterThan(0);
      const page2 = await tasks.find({ filter, sort, skip: 25, limit: 25 });
      expect(page2.map((task) => task.ref)).toEqual(Array.from({ length: 25 }, (_, i) => `T-${4000 - 3 - 4 * (25 + i)}`));
    } finally {
      await client.close();
    }
  }, 60_000);

  it('finds the documents whose array holds a value through a declared `has` index, not by reading every document', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const { client: spy, statements } = recordingClient(client);
    try {
      const store = new SqlDocumentStore(spy);
      await store.init();
      await store.ensureCollection({ name: 'folders', indexes: [{ name: 'by_file', has: 'files' }] });
      const folders = store.collection<{ files: string[] }>('folders');
      await folders.upsertMany(Array.from({ length: 5000 }, (_, n) => ({ id: `f${n}`, revision: 1, data: { files: [`a/${n}.pdf`, `b/${n % 7}.png`] } })));
      await store.refreshStatistics('folders');
      statements.length = 0;
      const found = await folders.findDocuments({ filter: { files: { has: 'a/4321.pdf' } } });
      expect(found.map((folder) => folder.id)).toEqual(['f4321']);
      const { text, params } = statements[0]!;
      const plan = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params)).map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('rm_folders__by_file');
      expect(plan).not.toContain('Seq Scan');
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('SqlDocumentStore planner statistics on PGlite (D118)', () => {
  it('keeps statistics of the index expressions, none of whole documents, and refreshes a grown collection only', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const { client: spy, statements } = recordingClient(client);
    try {
      const store = new SqlDocumentStore(spy);
      await store.init();
      await store.ensureCollection({ name: 'tasks', jsonText: true, indexes: [{ name: 'by_state', paths: ['state'] }] });
      const tasks = store.collection<{ state: string; note: string }>('tasks');
      const write = (from: number, count: number) =>
        tasks.upsertMany(
          Array.from({ length: count }, (_, i) => ({
            id: `t${from + i}`,
            revision: 1,
            data: { state: ['open', 'done', 'late'][(from + i) % 3]!, note: `task ${from + i}` },
          })),
        );
      const analysed = () => statements.filter(({ text }) => text.startsWith('ANALYZE')).length;
      const estimatedRows = async () =>
        (await client.query<{ rows: number }>(`SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = 'rm_tasks'`))[0]!.rows;

      await write(0, 2000);
      await store.refreshStatistics('tasks', { ifGrownBy: 1.5 });
      expect(analysed()).toBe(1);
      expect(await estimatedRows()).toBe(2000);
      const columns = await client.query<{ tablename: string; attname: string }>(
        `SELECT tablename, attname FROM pg_stats WHERE tablename LIKE 'rm_tasks%' ORDER BY 1, 2`,
      );
      expect(columns).toEqual([
        { tablename: 'rm_tasks', attname: 'id' },
        { tablename: 'rm_tasks', attname: 'revision' },
        { tablename: 'rm_tasks__by_state', attname: 'expr' },
      ]);

      // A tenth more: not analysed again (the planner still counts 2,000 rows)...
      await write(2000, 200);
      await store.refreshStatistics('tasks', { ifGrownBy: 1.5 });
      expect(analysed()).toBe(1);
      expect(await estimatedRows()).toBe(2000);
      // ...grown by half and more: analysed.
      await write(2200, 1800);
      await store.refreshStatistics('tasks', { ifGrownBy: 1.5 });
      expect(analysed()).toBe(2);
      expect(await estimatedRows()).toBe(4000);
      // Without the option (a rebuild's end), always.
      await store.refreshStatistics('tasks');
      expect(analysed()).toBe(3);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('SqlDocumentStore documents on PGlite (D121)', () => {
  it('stores a document too long for its row uncompressed, written by upsert or by a bulk load, and reads it back whole', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    try {
      const store = new SqlDocumentStore(client);
      await store.init();
      await store.ensureCollection({ name: 'orders' });
      // A detail's size, and as repetitive as one: pglz would shrink it to a fraction.
      const detail = (n: number) => ({ n, lines: Array.from({ length: 60 }, (_, i) => ({ position: i, service: 'Commissioning', status: 'OPEN' })) });
      await store.collection('orders').upsert('a', detail(1), 1);
      await store.loadDocuments!([{ collection: 'orders', documents: [{ id: 'b', revision: 1, data: detail(2) }], stored: new Set(), deleted: [] }]);
      const rows = await client.query<{ id: string; stored: number; text: number }>(
        `SELECT id, pg_column_size(data) AS stored, octet_length(data::text) AS text FROM rm_orders ORDER BY id`,
      );
      expect(rows.map((row) => row.id)).toEqual(['a', 'b']);
      for (const row of rows) expect(row.stored).toBeGreaterThan(row.text);
      expect(await store.collection('orders').get('b')).toEqual({ id: 'b', revision: 1, data: detail(2) });
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('SqlDocumentStore on PGlite with its document cache', () => {
  documentStoreContract(async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const store = new SqlDocumentStore(client, { cacheDocuments: 100 });
    await store.init();
    return { store, close: () => client.close() };
  });

  it('never serves a document older than the last write, nor one a rolled-back transaction wrote', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    try {
      const store = new SqlDocumentStore(client, { cacheDocuments: 2 });
      await store.init();
      await store.ensureCollection({ name: 'sessions' });
      const sessions = store.collection<{ revokedAt: string | null }>('sessions');
      await sessions.upsert('s1', { revokedAt: null }, 1);
      expect((await sessions.get('s1'))?.data.revokedAt).toBeNull();
      expect((await sessions.get('s1'))?.data.revokedAt).toBeNull();
      // A caller changing its copy changes nobody else's.
      const copy = await sessions.get('s1');
      copy!.data.revokedAt = 'changed by a caller';
      expect((await sessions.get('s1'))?.data.revokedAt).toBeNull();
      await sessions.patch('s1', { revokedAt: '2026-01-01T00:00:00Z' }, 2);
      expect((await sessions.get('s1'))?.data.revokedAt).toBe('2026-01-01T00:00:00Z');
      await expect(
        store.transaction(async (session) => {
          await session.collection('sessions').upsert('s1', { revokedAt: null }, 3);
          expect((await session.collection<{ revokedAt: string | null }>('sessions').get('s1'))?.data.revokedAt).toBeNull();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await sessions.get('s1')).toEqual({ id: 's1', revision: 2, data: { revokedAt: '2026-01-01T00:00:00Z' } });
      await store.transaction((session) => session.collection('sessions').upsert('s1', { revokedAt: null }, 3));
      expect((await sessions.get('s1'))?.revision).toBe(3);
      // Missing documents are remembered as missing until written.
      expect(await sessions.get('s2')).toBeNull();
      await sessions.upsert('s2', { revokedAt: null }, 1);
      expect((await sessions.get('s2'))?.revision).toBe(1);
      await store.dropCollection('sessions');
      await store.ensureCollection({ name: 'sessions' });
      expect(await sessions.get('s2')).toBeNull();
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('SqlDocumentStore on PGlite: finds of a collection declared with cachedFinds', () => {
  it('answers a repeated find from memory until the collection is written, never inside a transaction', async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    const recording = recordingClient(client);
    // The reads sent outside transactions (a transaction's run on its own executor).
    const reads = () => recording.statements.filter((s) => !s.inTransaction && /^\s*SELECT/i.test(s.text)).length;
    try {
      const store = new SqlDocumentStore(recording.client, { cacheDocuments: 10 });
      await store.init();
      await store.ensureCollection({ name: 'counters', cachedFinds: true });
      await store.ensureCollection({ name: 'others' });
      const counters = store.collection<{ group: string; n: number }>('counters');
      await counters.upsertMany([
        { id: 'a', revision: 1, data: { group: 'x', n: 1 } },
        { id: 'b', revision: 1, data: { group: 'x', n: 2 } },
        { id: 'c', revision: 1, data: { group: 'y', n: 3 } },
      ]);
      const groupX = () => counters.find({ filter: { group: 'x' }, sort: [{ path: 'n', direction: 'asc', numeric: true }] });
      recording.statements.length = 0;
      expect(await groupX()).toEqual([
        { group: 'x', n: 1 },
        { group: 'x', n: 2 },
      ]);
      const mine = await groupX();
      expect(reads()).toBe(1);
      // A caller changing its copy changes nobody else's.
      mine[0]!.n = 99;
      expect((await groupX())[0]!.n).toBe(1);
      expect(await counters.find({ filter: { group: 'y' } })).toEqual([{ group: 'y', n: 3 }]);
      expect(reads()).toBe(2);
      // Every write to the collection, in or out of a transaction, and a rolled-back one, is seen by the next find.
      await counters.upsert('a', { group: 'x', n: 10 }, 2);
      expect((await groupX()).map((c) => c.n)).toEqual([2, 10]);
      await store.transaction(async (session) => {
        await session.collection('counters').patch('b', { n: 20 }, 2);
        expect(
          (await session.collection<{ n: number }>('counters').find({ filter: { group: 'x' }, sort: [{ path: 'n', direction: 'asc', numeric: true }] })).map(
            (c) => c.n,
          ),
        ).toEqual([10, 20]);
      });
      expect((await groupX()).map((c) => c.n)).toEqual([10, 20]);
      await expect(
        store.transaction(async (session) => {
          await session.collection('counters').delete('a');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await groupX()).map((c) => c.n)).toEqual([10, 20]);
      await counters.delete('a');
      expect((await groupX()).map((c) => c.n)).toEqual([20]);
      await store.loadDocuments!([
        { collection: 'counters', documents: [{ id: 'd', revision: 1, data: { group: 'x', n: 4 } }], stored: new Set(), deleted: [] },
      ]);
      expect((await groupX()).map((c) => c.n)).toEqual([4, 20]);
      // A collection not declared so is read every time.
      const others = store.collection<{ v: number }>('others');
      await others.upsert('o', { v: 1 }, 1);
      recording.statements.length = 0;
      await others.find();
      await others.find();
      expect(reads()).toBe(2);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('PGlite data directory', () => {
  let parent: string;
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'onsite-pglite-'));
  });
  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('persists across reopen and admits one owner at a time', async () => {
    const dataDir = join(parent, 'nested', 'pglite');
    const first = await createStores({ profile: 'embedded', dataDir });
    await first.eventStore.appendToStream('order-1', [{ type: 'Created', data: { n: 1 }, metadata }], 0);
    await first.documentStore.ensureCollection({ name: 'orders' });
    await first.documentStore.collection('orders').upsert('order-1', { n: 1 }, 1);
    await first.documentStore.setCheckpoint('orders', '1:1');

    const second = openPglite({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirectoryLockedError);
    await expect(second).rejects.toMatchObject({ dataDir: expect.stringContaining(join('nested', 'pglite')) });
    await first.close();

    const reopened = await createStores({ profile: 'embedded', dataDir });
    try {
      expect((await reopened.eventStore.readStream('order-1')).map((e) => e.data)).toEqual([{ n: 1 }]);
      expect(await reopened.documentStore.collection('orders').get('order-1')).toEqual({ id: 'order-1', revision: 1, data: { n: 1 } });
      expect(await reopened.documentStore.getCheckpoint('orders')).toBe('1:1');
      await expect(reopened.eventStore.appendToStream('order-1', [{ type: 'Again', data: {}, metadata }], 0)).rejects.toMatchObject({ actual: 1 });
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
