import { documentStoreContract } from '../test-support/document-store-contract.js';
import { eventStoreContract } from '../test-support/event-store-contract.js';
import { describeWithPostgres, dropSchema, uniqueSchemaName } from '../test-support/postgres.js';
import { sqlClientContract } from '../test-support/sql-client-contract.js';
import { retiredIndexTests } from '../test-support/sql-index-retirement.js';
import { createStores } from './create-stores.js';
import { openPostgres } from './postgres-client.js';
import type { SqlClient } from './sql-client.js';
import { SqlDocumentStore } from './sql-document-store.js';
import { SqlEventStore } from './sql-event-store.js';

/** Each suite works in its own schema, dropped when the suite closes its client. */
async function openInThrowawaySchema(url: string, label: string): Promise<{ client: SqlClient; close: () => Promise<void> }> {
  const schema = uniqueSchemaName(label);
  const client = await openPostgres({ connectionString: url, schema });
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
      const subscription = reader.subscribe({ from: '0', onEvents: async (events) => void received.push(...events.map((e) => ({ type: e.type, at: Date.now() }))) });
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
