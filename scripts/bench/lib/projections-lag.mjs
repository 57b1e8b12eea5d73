#!/usr/bin/env node
// A projections process (as projections/dist/main.js, postgres profile) that also reports its lag: for every event
// it applies, the time from the event's recording (the appending transaction's start, so slightly more than from its
// commit) to the end of the batch that applied it. Prints { ready: true } once live, and on SIGTERM one JSON line
// with each event's recording time and lag, in ms ({ lags: [[recordedAt, lag], …] }). Environment as for
// projections/dist/main.js (PROFILE=postgres, DATABASE_URL, DATABASE_SCHEMA).
import { createStores } from '@onsite/infrastructure';
import { ALL_PROJECTIONS, ProjectionRunner } from '@onsite/projections';

const stores = await createStores({ profile: 'postgres', databaseUrl: process.env.DATABASE_URL, schema: process.env.DATABASE_SCHEMA });
const lags = [];
let measuring = false;
const runner = new ProjectionRunner(stores, ALL_PROJECTIONS, {
  logger: { info: () => {}, error: (message, error) => console.error(message, error) },
  onApplied: (events) => {
    if (!measuring) return;
    const now = Date.now();
    for (const event of events) {
      const recordedAt = Date.parse(event.recordedAt);
      lags.push([recordedAt, now - recordedAt]);
    }
  },
});
await runner.start();
await runner.catchUp();
measuring = true;
console.log(JSON.stringify({ ready: true }));
process.on('SIGTERM', async () => {
  await runner.stop();
  await stores.close();
  console.log(JSON.stringify({ lags }));
  process.exit(0);
});
