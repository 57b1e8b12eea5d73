import pg from 'pg';
import { documentStoreContract } from '../test-support/document-store-contract.js';
import { eventStoreContract } from '../test-support/event-store-contract.js';
import { describeWithPostgres, dropSchema, uniqueSchemaName } from '../test-support/postgres.js';
import { sqlClientContract } from '../test-support/sql-client-contract.js';
import { recordingClient } from '../test-support/recording-client.js';
import { retiredIndexTests } from '../test-support/sql-index-retirement.js';
import { createStores } from './create-stores.js';
import { openPostgres } from './postgres-client.js';
import type { SqlClient } from './sql-client.js';
import { SqlDocumentStore } from './sql-document-store.js';
import { SqlEventStore } from './sql-event-store.js';

/** Each suite works in its own schema, dropped when the suite closes its client. */
async function openInThrowawaySchema(
  url: string,
  label: string,
  options: { maxConnections?: number; statementNames?: number } = {},
): Promise<{ client: SqlClient; close: () => Promise<void> }> {
  const schema = uniqueSchemaName(label);
  const client = await openPostgres({ connectionString: url, schema, ...options });
  return {
    client,
    close: async () => {
      await client.close();
      await dropSchema(url, schema);
    },
  };
}

describeWithPostgres('SqlClient on PostgreSQL', (url) => {
  const closers = new Map<SqlClient, () => Promise<void>>();
  sqlClientContract(
    async () => {
      const { client, close } = await openInThrowawaySchema(url, 'client');
      closers.set(client, close);
      return client;
    },
    (client) => closers.get(client)!(),
  );
});

describeWithPostgres('PostgreSQL named prepared statements (D106)', (url) => {
  // One connection, so that pg_prepared_statements (per connection) shows what the statements left there.
  const prepared = async (client: SqlClient) =>
    (
      await client.query<{ statement: string }>(
        "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'onsite\\_%' AND statement NOT LIKE '%pg_prepared_statements%' ORDER BY name",
      )
    ).map((row) => row.statement);

  it('runs a statement with parameters as one named statement per text, with the values an unnamed one returns', async () => {
    const { client, close } = await openInThrowawaySchema(url, 'named', { maxConnections: 1 });
    try {
      await client.query(
        'CREATE TABLE t (id text PRIMARY KEY, n int4, big int8, price numeric, at timestamptz, doc jsonb, tags text[], ok boolean, note text)',
      );
      const row = ['a', 7, '9007199254740000', '12.50', new Date('2026-11-27T10:00:00.000Z'), { city: 'Köln', n: [1, 2] }, ['x', 'y,z'], true, null];
      await client.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', row);
      const select = 'SELECT * FROM t WHERE id = $1 AND doc->>$2 = $3';
      const runs = [];
      for (let i = 0; i < 7; i++) runs.push(await client.query(select, ['a', 'city', 'Köln']));
      await client.transaction(async (tx) => runs.push(await tx.query(select, ['a', 'city', 'Köln'])));
      // A statement without parameters runs unnamed.
      const [unnamed] = await client.query('SELECT * FROM t');
      for (const rows of runs) expect(rows).toEqual([unnamed]);
      expect(unnamed).toMatchObject({ id: 'a', n: 7, price: '12.50', doc: { city: 'Köln', n: [1, 2] }, tags: ['x', 'y,z'], ok: true, note: null });
      expect(await prepared(client)).toEqual(['INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', select]);
    } finally {
      await close();
    }
  }, 60_000);

  it("keeps an error's code, and follows a table swapped or changing its columns under a kept statement", async () => {
    const { client, close } = await openInThrowawaySchema(url, 'named', { maxConnections: 1 });
    try {
      await client.query('CREATE TABLE v (id text PRIMARY KEY, a int4)');
      const insert = 'INSERT INTO v (id, a) VALUES ($1, $2)';
      await client.query(insert, ['old', 1]);
      await expect(client.query(insert, ['old', 1])).rejects.toMatchObject({ code: '23505', constraint: 'v_pkey' });
      await expect(client.query('SELECT nope FROM v WHERE id = $1', ['old'])).rejects.toMatchObject({ code: '42703' });
      await expect(client.query('SELECT nope FROM v WHERE id = $1', ['old'])).rejects.toMatchObject({ code: '42703' });
      const read = 'SELECT * FROM v WHERE id <> $1 ORDER BY id';
      for (let i = 0; i < 6; i++) expect(await client.query(read, ['none'])).toEqual([{ id: 'old', a: 1 }]);
      // A rebuild's swap: a new table takes the name.
      await client.transaction(async (tx) => {
        await tx.query('CREATE TABLE v_next (id text PRIMARY KEY, a int4)');
        await tx.query("INSERT INTO v_next VALUES ('new', 2)");
        await tx.query('DROP TABLE v');
        await tx.query('ALTER TABLE v_next RENAME TO v');
      });
      expect(await client.query(read, ['none'])).toEqual([{ id: 'new', a: 2 }]);
      // A new column changes what `*` returns: outside a transaction the statement is run again under a new name.
      await client.query('ALTER TABLE v ADD COLUMN b text');
      expect(await client.query(read, ['none'])).toEqual([{ id: 'new', a: 2, b: null }]);
      // Inside one the error stands (the transaction is lost anyway), and the next run parses anew.
      await client.query('ALTER TABLE v DROP COLUMN b');
      await expect(client.transaction((tx) => tx.query(read, ['none']))).rejects.toMatchObject({ code: '0A000' });
      expect(await client.transaction((tx) => tx.query(read, ['none']))).toEqual([{ id: 'new', a: 2 }]);
    } finally {
      await close();
    }
  }, 60_000);

  it('names no more texts than its capacity: the rest run unnamed', async () => {
    const { client, close } = await openInThrowawaySchema(url, 'named', { maxConnections: 1, statementNames: 2 });
    try {
      for (let i = 0; i < 5; i++) expect(await client.query(`SELECT ${i}::int + $1::int AS n`, [1])).toEqual([{ n: i + 1 }]);
      expect(await prepared(client)).toEqual(['SELECT 0::int + $1::int AS n', 'SELECT 1::int + $1::int AS n']);
    } finally {
      await close();
    }
  }, 60_000);
});

describeWithPostgres('SqlEventStore on PostgreSQL', (url) => {
  eventStoreContract(
    async () => {
      const { client, close } = await openInThrowawaySchema(url, 'events');
      let hook: ((streamId: string) => Promise<void>) | undefined;
      const store = new SqlEventStore(client, { beforeCommit: (streamId) => hook?.(streamId) ?? Promise.resolve() });
      await store.init();
      return {
        store,
        setBeforeCommit: (next) => (hook = next),
        close: async () => {
          await store.close();
          await close();
        },
      };
    },
    { holdFraction: 0.2 },
  );
});

describeWithPostgres('Shared appends on PostgreSQL (D124)', (url) => {
  const metadata = { actorUserId: 'u', correlationId: 'c', causationId: 'c', occurredAt: '2025-01-01T00:00:00.000Z' };
  const event = (type: string, eventId?: string) => ({ ...(eventId ? { eventId } : {}), type, data: { type }, metadata });
  const story = async (store: SqlEventStore, streamId: string) => (await store.readStream(streamId)).map((e) => `${e.streamVersion}:${e.type}`);

  it('commits the appends at an expected version that arrive together in one statement, each checked at its own version; a stream twice goes in the next', async () => {
    const { client, close } = await openInThrowawaySchema(url, 'shares');
    const store = new SqlEventStore(client);
    await store.init();
    const recording = recordingClient(client);
    const spied = new SqlEventStore(recording.client);
    const inserts = () => recording.statements.filter((s) => s.text.includes('INSERT INTO es_events'));
    try {
      await store.appendToStream('at-2', [event('a1'), event('a2')], 0);
      await store.appendToStream('stale', [event('s1'), event('s2')], 0);
      await store.appendToStream('exists', [event('e1')], 0);
      recording.statements.length = 0;
      const outcomes = await Promise.allSettled([
        spied.appendToStream('new', [event('n1'), event('n2')], 0),
        spied.appendToStream('at-2', [event('a3')], 2),
        spied.appendToStream('stale', [event('refused')], 1),
        spied.appendToStream('exists', [event('refused')], 0),
        spied.appendToStream('missing', [event('refused')], 3),
        spied.appendToStream('new', [event('n3')], 2),
        spied.appendToStream('new', [event('refused')], 2),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected', 'fulfilled', 'rejected']);
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.nextVersion : (o.reason as { actual?: number }).actual))).toEqual([2, 3, 2, 1, 0, 3, 3]);
      expect(outcomes[2]).toMatchObject({ reason: { code: 'version_conflict' } });
      // Three statements, none in a transaction of ours: the run up to the second append to 'new', then each further one.
      expect(inserts()).toHaveLength(3);
      expect(inserts().every((s) => !s.inTransaction)).toBe(true);
      expect(await story(store, 'new')).toEqual(['1:n1', '2:n2', '3:n3']);
      expect(await story(store, 'at-2')).toEqual(['1:a1', '2:a2', '3:a3']);
      expect(await story(store, 'stale')).toEqual(['1:s1', '2:s2']);
      expect(await store.readStream('missing')).toEqual([]);
      const all = await store.readAll('0', 100);
      expect(all.events.slice(-4).map((e) => e.type)).toEqual(['n1', 'n2', 'a3', 'n3']);
      expect(outcomes[1]).toMatchObject({
        status: 'fulfilled',
        value: { nextVersion: 3, lastCheckpoint: all.events.find((e) => e.type === 'a3')!.checkpoint },
      });
    } finally {
      await store.close();
      await spied.close();
      await close();
    }
  }, 60_000);

  it('a share that fails as a whole (a stored event id) refuses only that append: the others are written one by one', async () => {
    const { client, close } = await openInThrowawaySchema(url, 'shares_dup');
    const store = new SqlEventStore(client);
    await store.init();
    try {
      await store.appendToStream('first', [event('A', 'taken')], 0);
      const outcomes = await Promise.allSettled([
        store.appendToStream('before', [event('B')], 0),
        store.appendToStream('duplicate', [event('C', 'taken')], 0),
        store.appendToStream('after', [event('D')], 0),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(outcomes[1]).toMatchObject({ reason: { name: 'DuplicateEventIdError' } });
      expect((await store.readAll('0', 100)).events.map((e) => `${e.streamId}:${e.type}`).sort()).toEqual(['after:D', 'before:B', 'first:A']);
      expect(await store.readStream('duplicate')).toEqual([]);
    } finally {
      await store.close();
      await close();
    }
  }, 60_000);

  it("two processes' shares racing for the same streams, in opposite orders: exactly one append wins each version, each stream stays in order", async () => {
    const schema = uniqueSchemaName('shares_race');
    const clients = [await openPostgres({ connectionString: url, schema }), await openPostgres({ connectionString: url, schema })];
    const [one, two] = clients.map((client) => new SqlEventStore(client));
    await one!.init();
    await two!.init();
    const streams = Array.from({ length: 200 }, (_, i) => `race-${i}`);
    try {
      for (let version = 0; version < 4; version++) {
        // The same tick: each store shares its 200 appends in one statement, the second in the reverse order, on its
        // own connections; whichever statement takes a stream's row first wins that stream's version.
        const outcomes = await Promise.allSettled([
          ...streams.map((streamId) => one!.appendToStream(streamId, [event(`one-${version + 1}`)], version)),
          ...[...streams].reverse().map((streamId) => two!.appendToStream(streamId, [event(`two-${version + 1}`)], version)),
        ]);
        const refused = outcomes.filter((o) => o.status === 'rejected');
        expect(refused.every((o) => (o.reason as { code?: string }).code === 'version_conflict')).toBe(true);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(streams.length);
      }
      for (const streamId of streams) expect((await one!.readStream(streamId)).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
      // The global log holds each stream's versions in order.
      const seen = new Map<string, number>();
      for (let from = '0'; ;) {
        const page = await one!.readAll(from, 50);
        if (page.events.length === 0) break;
        for (const e of page.events) {
          expect(e.streamVersion).toBe((seen.get(e.streamId) ?? 0) + 1);
          seen.set(e.streamId, e.streamVersion);
        }
        from = page.checkpoint;
      }
      expect([...seen.values()].every((v) => v === 4)).toBe(true);
    } finally {
      await one!.close();
      await two!.close();
      for (const client of clients) await client.close();
      await dropSchema(url, schema);
    }
  }, 120_000);
});

describeWithPostgres('Appends of another process on PostgreSQL', (url) => {
  it('wake a subscription at their commit (NOTIFY), not at its next poll, and only in their own schema', async () => {
    const schema = uniqueSchemaName('notify');
    const other = uniqueSchemaName('notify_other');
    const writerClient = await openPostgres({ connectionString: url, schema });
    const readerClient = await openPostgres({ connectionString: url, schema });
    const otherClient = await openPostgres({ connectionString: url, schema: other });
    const metadata = { actorUserId: 'u', correlationId: 'c', causationId: 'c', occurredAt: '2025-01-01T00:00:00.000Z' };
    try {
      const writer = new SqlEventStore(writerClient);
      // A poll this slow never wakes the reader within the test: only the notification can.
      const reader = new SqlEventStore(readerClient, { pollIntervalMs: 60_000 });
      const elsewhere = new SqlEventStore(otherClient);
      await writer.init();
      await reader.init();
      await elsewhere.init();
      const received: { type: string; at: number }[] = [];
      const subscription = reader.subscribe({
        from: '0',
        onEvents: async (events) => void received.push(...events.map((e) => ({ type: e.type, at: Date.now() }))),
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await elsewhere.appendToStream('s-elsewhere', [{ type: 'Elsewhere', data: {}, metadata }], 0);
      const appendedAt = Date.now();
      await writer.appendToStream('s-1', [{ type: 'Here', data: {}, metadata }], 0);
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received.map((r) => r.type)).toEqual(['Here']);
      expect(received[0]!.at - appendedAt).toBeLessThan(2_000);
      await subscription.close();
      await reader.close();
      await writer.close();
      await elsewhere.close();
    } finally {
      await writerClient.close();
      await readerClient.close();
      await otherClient.close();
      await dropSchema(url, schema);
      await dropSchema(url, other);
    }
  }, 60_000);

  it('share their NOTIFYs when they commit together, and the last of them is announced even when the writer closes at once (D108)', async () => {
    const schema = uniqueSchemaName('notify_many');
    const writerClient = await openPostgres({ connectionString: url, schema });
    const readerClient = await openPostgres({ connectionString: url, schema });
    const metadata = { actorUserId: 'u', correlationId: 'c', causationId: 'c', occurredAt: '2025-01-01T00:00:00.000Z' };
    const listener = new pg.Client({ connectionString: url });
    try {
      const writer = new SqlEventStore(writerClient);
      const reader = new SqlEventStore(readerClient, { pollIntervalMs: 60_000 });
      await writer.init();
      await reader.init();
      let notifications = 0;
      await listener.connect();
      listener.on('notification', () => notifications++);
      await listener.query(`LISTEN "onsite_appended_${schema}"`);
      const received: string[] = [];
      const subscription = reader.subscribe({ from: '0', onEvents: async (events) => void received.push(...events.map((e) => e.streamId)) });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const streams = Array.from({ length: 50 }, (_, i) => `s-${i}`);
      await Promise.all(streams.map((streamId) => writer.appendToStream(streamId, [{ type: 'Here', data: {}, metadata }], 0)));
      await writer.close();
      await writerClient.close();
      for (let i = 0; i < 150 && received.length < streams.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect([...received].sort()).toEqual([...streams].sort());
      expect(notifications).toBeGreaterThan(0);
      expect(notifications).toBeLessThan(streams.length);
      await subscription.close();
      await reader.close();
    } finally {
      await listener.end();
      await writerClient.close();
      await readerClient.close();
      await dropSchema(url, schema);
    }
  }, 60_000);
});

describeWithPostgres('SqlDocumentStore on PostgreSQL', (url) => {
  documentStoreContract(async () => {
    const { client, close } = await openInThrowawaySchema(url, 'documents');
    const store = new SqlDocumentStore(client);
    await store.init();
    return { store, close };
  });
});

describeWithPostgres('SqlDocumentStore declared indexes on PostgreSQL', (url) => {
  retiredIndexTests(() => openInThrowawaySchema(url, 'indexes'));
});

describeWithPostgres('createStores on PostgreSQL', (url) => {
  it('shares one schema between both stores and isolates it from other schemas', async () => {
    const schema = uniqueSchemaName('stores');
    const stores = await createStores({ profile: 'postgres', databaseUrl: url, schema });
    const other = await createStores({ profile: 'postgres', databaseUrl: url, schema: `${schema}_other` });
    try {
      const metadata = { actorUserId: 'u', correlationId: 'c', causationId: 'c', occurredAt: '2025-01-01T00:00:00.000Z' };
      await stores.eventStore.appendToStream('s-1', [{ type: 'A', data: {}, metadata }], 0);
      await stores.documentStore.setCheckpoint('p', '1:1');
      expect(stores.eventStore.name).toBe('postgres');
      expect(await other.eventStore.readStream('s-1')).toEqual([]);
      expect(await other.documentStore.getCheckpoint('p')).toBeNull();
      await other.eventStore.appendToStream('s-1', [{ type: 'A', data: {}, metadata }], 0);
    } finally {
      await stores.close();
      await other.close();
      await dropSchema(url, schema);
      await dropSchema(url, `${schema}_other`);
    }
  }, 60_000);
});
