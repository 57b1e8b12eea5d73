import { upcastingEventStore } from '../event-store/upcasting-event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import type { EventStore } from '../event-store/event-store.js';
import { EsdbEventStore } from '../eventstoredb/esdb-event-store.js';
import { MongoDocumentStore } from '../mongodb/mongo-document-store.js';
import { openPglite } from './pglite-client.js';
import { openPostgres } from './postgres-client.js';
import type { SqlClient } from './sql-client.js';
import { SqlDocumentStore } from './sql-document-store.js';
import { SqlEventStore, type SqlEventStoreOptions } from './sql-event-store.js';

export type StoresConfig =
  /** `template`: a snapshot to start from instead of an empty database (`memory://`, or a directory without one). */
  | { readonly profile: 'embedded'; readonly dataDir: string; readonly template?: Blob }
  | { readonly profile: 'postgres'; readonly databaseUrl: string; readonly schema?: string }
  /** EventStoreDB/KurrentDB (esdb://…) and a MongoDB replica set (mongodb://…/db?replicaSet=rs0). */
  | { readonly profile: 'production'; readonly eventStoreUrl: string; readonly mongoUrl: string; readonly mongoDatabase?: string };

export interface Stores {
  /** The event store as readers use it: every event read in today's shape (upcasting-event-store.ts). */
  readonly eventStore: EventStore;
  /** The same store without upcasting: the events exactly as stored, for what hashes them (the audit chains). */
  readonly storedEvents: EventStore;
  readonly documentStore: DocumentStore;
  /** Stops subscriptions, then closes the shared connection (and releases the data directory lock). */
  close(): Promise<void>;
  /** Embedded: a consistent copy of the whole database, to start another from (see StoresConfig `template`). */
  snapshot?(): Promise<Blob>;
}

/** Documents read by id that the embedded profile keeps in memory (sessions, users, companies, orders). */
const EMBEDDED_CACHED_DOCUMENTS = 5_000;

/** Opens one SqlClient for both stores (one PGlite instance in the embedded profile) and creates their schemas. */
export async function createStores(config: StoresConfig, eventStoreOptions?: SqlEventStoreOptions): Promise<Stores> {
  if (config.profile === 'production') return createProductionStores(config);
  const client: SqlClient =
    config.profile === 'embedded'
      ? await openPglite({ dataDir: config.dataDir, ...(config.template ? { template: config.template } : {}) })
      : await openPostgres({ connectionString: config.databaseUrl, ...(config.schema === undefined ? {} : { schema: config.schema }) });
  const eventStore = new SqlEventStore(client, eventStoreOptions);
  // Embedded: this process owns the data directory, so it can keep documents it reads in memory (D48).
  const documentStore = new SqlDocumentStore(client, config.profile === 'embedded' ? { cacheDocuments: EMBEDDED_CACHED_DOCUMENTS } : {});
  try {
    await eventStore.init();
    await documentStore.init();
  } catch (error) {
    await client.close();
    throw error;
  }
  const snapshot = 'snapshot' in client && typeof client.snapshot === 'function' ? (client.snapshot as () => Promise<Blob>).bind(client) : undefined;
  return {
    eventStore: upcastingEventStore(eventStore),
    storedEvents: eventStore,
    documentStore,
    close: async () => {
      await eventStore.close();
      await documentStore.close();
      await client.close();
    },
    ...(snapshot ? { snapshot } : {}),
  };
}

async function createProductionStores(config: Extract<StoresConfig, { profile: 'production' }>): Promise<Stores> {
  const documentStore = await MongoDocumentStore.open({
    url: config.mongoUrl,
    ...(config.mongoDatabase === undefined ? {} : { database: config.mongoDatabase }),
  });
  const eventStore = new EsdbEventStore(config.eventStoreUrl);
  try {
    await eventStore.init();
    await documentStore.init();
  } catch (error) {
    await Promise.allSettled([eventStore.close(), documentStore.close()]);
    throw error;
  }
  return {
    eventStore: upcastingEventStore(eventStore),
    storedEvents: eventStore,
    documentStore,
    close: async () => {
      await eventStore.close();
      await documentStore.close();
    },
  };
}
