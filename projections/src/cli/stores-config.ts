import { join } from 'node:path';
import type { StoresConfig } from '@onsite/infrastructure';

/**
 * The stores of a profile, from the same variables the server reads: PROFILE (embedded | postgres |
 * production), DATA_DIR (PGlite lives in DATA_DIR/pglite), DATABASE_URL, DATABASE_SCHEMA, EVENTSTORE_URL,
 * MONGODB_URL, MONGODB_DATABASE. Returns the reason when the configuration is incomplete.
 */
export function storesConfigFromEnv(env: Readonly<Record<string, string | undefined>>): StoresConfig | string {
  const profile = env.PROFILE || 'embedded';
  switch (profile) {
    case 'embedded':
      return { profile, dataDir: join(env.DATA_DIR || './data', 'pglite') };
    case 'postgres':
      if (!env.DATABASE_URL) return 'PROFILE=postgres needs DATABASE_URL.';
      return { profile, databaseUrl: env.DATABASE_URL, ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}) };
    case 'production':
      if (!env.EVENTSTORE_URL || !env.MONGODB_URL) return 'PROFILE=production needs EVENTSTORE_URL and MONGODB_URL.';
      return { profile, eventStoreUrl: env.EVENTSTORE_URL, mongoUrl: env.MONGODB_URL, mongoDatabase: env.MONGODB_DATABASE || 'onsite' };
    default:
      return `Unknown PROFILE "${profile}" (expected embedded, postgres or production).`;
  }
}
