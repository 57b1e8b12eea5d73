// A projections-only process (postgres and production profiles, scaled apart from the api): keeps every read
// model current from the event log. Run one per deployment: two runners on the same projection would both write.
import { createStores } from '@onsite/infrastructure';
import { storesConfigFromEnv } from './cli/stores-config.js';
import { ALL_PROJECTIONS, newOrderDocument } from './read-models.js';
import { ProjectionRunner } from './runner/index.js';

const config = storesConfigFromEnv(process.env);
if (typeof config === 'string') {
  console.error(config);
  process.exit(2);
}
const stores = await createStores(config);
const runner = new ProjectionRunner(stores, ALL_PROJECTIONS, { newStreamDocument: newOrderDocument });
await runner.start();
console.log(`projections running (${ALL_PROJECTIONS.map((p) => p.name).join(', ')}) on ${stores.eventStore.name}`);

const stop = async () => {
  await runner.stop();
  await stores.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
