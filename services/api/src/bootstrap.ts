import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { createStores } from '@onsite/infrastructure';
import { ALL_PROJECTIONS, ProjectionRunner } from '@onsite/projections';
import type { AppConfig } from './config/config.js';
import { ensureCredentialStore } from './identity/credentials.js';
import { SessionService } from './identity/sessions.js';
import type { Runtime } from './runtime.js';

export interface OpenRuntime extends Runtime {
  close(): Promise<void>;
}

/** Opens the stores of the configured profile, starts the projections and returns the runtime. */
export async function openRuntime(config: AppConfig, options: { clock?: () => Date } = {}): Promise<OpenRuntime> {
  const stores = await createStores(
    config.profile === 'embedded'
      ? { profile: 'embedded', dataDir: config.dataDir === 'memory://' ? 'memory://' : join(config.dataDir, 'pglite') }
      : { profile: 'postgres', databaseUrl: config.databaseUrl ?? '', schema: config.databaseSchema },
  );
  const clock = options.clock ?? (() => new Date());
  const logger = new Logger('projections');
  const projections = new ProjectionRunner({ eventStore: stores.eventStore, documentStore: stores.documentStore }, ALL_PROJECTIONS, {
    logger: { info: (message) => logger.log(message), error: (message, error) => logger.error(message, error instanceof Error ? error.stack : String(error)) },
  });
  try {
    await ensureCredentialStore(stores.documentStore);
    await new SessionService(stores.documentStore, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }, clock).ensure();
    await projections.start();
  } catch (error) {
    await stores.close();
    throw error;
  }
  return {
    config,
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    projections,
    clock,
    async close() {
      await projections.stop();
      await stores.close();
    },
  };
}
