export * from './event-store/event-store.js';
export * from './event-store/handle-command.js';
export * from './event-store/upcasting-event-store.js';
export * from './document-store/document-store.js';
export * from './document-store/leases.js';
export type { SqlClient, SqlExecutor, SqlRow } from './sql/sql-client.js';
export { openPglite, DataDirectoryLockedError, type PgliteOpenOptions } from './sql/pglite-client.js';
export { openPostgres, type PostgresOpenOptions } from './sql/postgres-client.js';
export { SqlEventStore, DuplicateEventIdError, type SqlEventStoreOptions } from './sql/sql-event-store.js';
export { SqlDocumentStore } from './sql/sql-document-store.js';
export { createStores, type Stores, type StoresConfig } from './sql/create-stores.js';
export {
  EsdbEventStore,
  type EsdbEventStoreOptions,
  compareEsdbCheckpoints,
  encodeCheckpoint as encodeEsdbCheckpoint,
  decodeCheckpoint as decodeEsdbCheckpoint,
} from './eventstoredb/esdb-event-store.js';
export { MongoDocumentStore, type MongoDocumentStoreOptions } from './mongodb/mongo-document-store.js';
export { toMongoFilter, toMongoSort, toMongoPatch } from './mongodb/mongo-query.js';
export { TurnBatch } from './turn-batch.js';
