import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createStores, type Stores } from '@onsite/infrastructure';
import { describeWithPostgres, dropSchema, uniqueSchemaName } from '../../../services/infrastructure/src/test-support/postgres.js';
import { directoryProjection } from '../directory/directory.projection.js';
import { rebuild } from './rebuild.js';

/** The built projections process (the type-check step of `npm test` builds it before this tier runs). */
const PROCESS = resolve(__dirname, '../../dist/main.js');
const COMPANIES = 4_000;
const KILLS = 3;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The projections process on the postgres profile, SIGKILLed in the middle of its batches and restarted: the
 * read model it finally holds equals a rebuild from the first event (nothing skipped, nothing applied twice).
 */
describeWithPostgres('crash: the projections process killed mid-batch', (url) => {
  const schema = uniqueSchemaName('projcrash');
  let stores: Stores;
  let child: ChildProcess | null = null;

  const start = () => {
    child = spawn(process.execPath, [PROCESS], {
      env: { ...process.env, PROFILE: 'postgres', DATABASE_URL: url, DATABASE_SCHEMA: schema },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    running.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    if (!existsSync(PROCESS)) throw new Error(`Build the projections first (npm run build:server): ${PROCESS} is missing.`);
    stores = await createStores({ profile: 'postgres', databaseUrl: url, schema });
    for (const collection of directoryProjection.collections) await stores.documentStore.ensureCollection(collection);
    const metadata = { actorUserId: 'system', correlationId: 'crash', causationId: 'crash', occurredAt: '2026-01-01T00:00:00.000Z' };
    for (let i = 0; i < COMPANIES; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, k) => {
          const n = i + k;
          return stores.eventStore.appendToStream(
            `company-crash-${n}`,
            [
              {
                type: 'COMPANY_REGISTERED',
                data: { companyId: `crash-${n}`, uid: `CR-${n}`, name: `Crash test company ${n}`, type: n % 2 ? 'EC' : 'OEM', country: 'de', completed: false },
                metadata,
              },
            ],
            0,
          );
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await kill();
    await stores.close();
    await dropSchema(url, schema);
  }, 60_000);

  it('ends with the read model a rebuild gives', async () => {
    const count = async () => (await stores.documentStore.collection('companies').findDocuments({ filter: { _id: { contains: 'crash-' } } })).length;
    const atKills: number[] = [];
    let kills = 0;
    for (; kills < KILLS; kills++) {
      const before = await count();
      start();
      // Killed as soon as it has made progress: in the middle of its catch-up.
      while ((await count()) === before) await sleep(20);
      await kill();
      atKills.push(await count());
    }
    start();
    const deadline = Date.now() + 90_000;
    let companies = 0;
    while (Date.now() < deadline) {
      companies = await count();
      if (companies === COMPANIES) break;
      await sleep(500);
    }
    await kill();
    console.log(
      `projection crash: ${COMPANIES} events, ${kills} kills (SIGKILL) with ${atKills.join(', ')} projected at each, ${companies} projected in the end`,
    );
    expect(companies).toBe(COMPANIES);

    const live = await stores.documentStore.collection('companies').findDocuments({ sort: [{ path: '_id', direction: 'asc' }] });
    await rebuild(stores, [directoryProjection]);
    expect(await stores.documentStore.collection('companies').findDocuments({ sort: [{ path: '_id', direction: 'asc' }] })).toEqual(live);
  }, 180_000);
});
