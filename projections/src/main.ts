// A projections-only process (postgres and production profiles, scaled apart from the api): keeps the read models
// current from the event log. PROJECTIONS=lease (the default there): it competes with every other process for each
// projection's lease and runs those it holds (D165), so any number of them may run. PROJECTIONS=all: it runs every
// projection without leases (only where it is the one process that projects).
import { createStores } from '@onsite/infrastructure';
import { storesConfigFromEnv } from './cli/stores-config.js';
import { ALL_PROJECTIONS, newOrderDocument } from './read-models.js';
import { LeasedProjections, ProjectionRunner } from './runner/index.js';

const config = storesConfigFromEnv(process.env);
if (typeof config === 'string') {
  console.error(config);
  process.exit(2);
}
const mode = process.env.PROJECTIONS || (config.profile === 'embedded' ? 'all' : 'lease');
if (mode !== 'all' && mode !== 'lease') {
  console.error(`PROJECTIONS must be all or lease for the projections process, got "${mode}".`);
  process.exit(2);
}
const stores = await createStores(config);
const runner =
  mode === 'lease'
    ? new LeasedProjections(stores, ALL_PROJECTIONS, {
        newStreamDocument: newOrderDocument,
        ...(process.env.PROJECTION_HOLDER ? { holder: process.env.PROJECTION_HOLDER } : {}),
      })
    : new ProjectionRunner(stores, ALL_PROJECTIONS, { newStreamDocument: newOrderDocument });
await runner.start();
console.log(`projections running (${mode === 'lease' ? 'by lease: ' : ''}${ALL_PROJECTIONS.map((p) => p.name).join(', ')}) on ${stores.eventStore.name}`);

const stop = async () => {
  await runner.stop();
  await stores.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
