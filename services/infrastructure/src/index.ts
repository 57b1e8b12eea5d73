export * from './event-store/event-store.js';
export * from './document-store/document-store.js';
export type { SqlClient, SqlExecutor, SqlRow } from './sql/sql-client.js';
export { openPglite, DataDirectoryLockedError, type PgliteOpenOptions } from './sql/pglite-client.js';
export { openPostgres, type PostgresOpenOptions } from './sql/postgres-client.js';
export { SqlEventStore, DuplicateEventIdError, type SqlEventStoreOptions } from './sql/sql-event-store.js';
export { SqlDocumentStore } from './sql/sql-document-store.js';
export { createStores, type Stores, type StoresConfig } from './sql/create-stores.js';
