import { randomBytes } from 'node:crypto';
import { orderStreamId, jobExportStreamId } from '@onsite/domain';
import type { Stores } from '@onsite/infrastructure';
import { Redis } from 'ioredis';
import { describeWithService } from '../../infrastructure/src/test-support/postgres.js';
import { EventStoreCommandPort, type CommandPort } from './commands/command-port.js';
import { HttpPlanningTool, type PlanningTool } from './job-export/planning-tool.js';
import { BullMqScheduler } from './scheduler/bullmq-scheduler.js';
import { startWorkers, type RunningWorkers } from './start-workers.js';
import type { OfferReminderSender } from './offer-reminder/offer-reminder.js';
import {
  acceptOffer,
  eventsOfType,
  memoryStores,
  offeredOrder,
  orderWithJob,
  showOpenOffer,
  sleep,
  startSimulator,
  waitUntil,
  type Simulator,
} from './test-support/order-history.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new URL(REDIS_URL);
const quiet = { info: () => {}, error: () => {} };
const clock = () => new Date();

describeWithService('Redis', { host: redis.hostname, port: Number(redis.port || 6379), shown: REDIS_URL }, 'workers on BullMQ (Redis)', () => {
  let stores: Stores;
  let simulator: Simulator;
  const running: RunningWorkers[] = [];
  const prefixes: string[] = [];

  beforeAll(async () => {
    stores = await memoryStores();
    simulator = await startSimulator();
  });
  afterEach(async () => {
    for (const w of running.splice(0)) await w.stop();
  });
  afterAll(async () => {
    await simulator.close();
    await stores.close();
    const client = new Redis(REDIS_URL);
    for (const prefix of prefixes) {
      const keys = await client.keys(`${prefix}:*`);
      if (keys.length > 0) await client.del(...keys);
    }
    await client.quit();
  });

  /** One queue prefix per test; short locks so that a dead worker's job is taken over within a second or two. */
  const newPrefix = () => {
    const prefix = `onsite-test-${randomBytes(4).toString('hex')}`;
    prefixes.push(prefix);
    return prefix;
  };
  const scheduler = (prefix: string) =>
    new BullMqScheduler({ redisUrl: REDIS_URL, prefix, lockDurationMs: 1000, stalledIntervalMs: 500, backoffMs: 100, attempts: 5 });
  const start = async (prefix: string, overrides: { commandPort?: CommandPort; planningTool?: PlanningTool; bull?: BullMqScheduler } = {}) => {
    const workers = await startWorkers({
      ...stores,
      scheduler: overrides.bull ?? scheduler(prefix),
      clock,
      logger: quiet,
      planningTool: overrides.planningTool ?? new HttpPlanningTool(simulator.url),
      exportAttempts: 4,
      exportBackoffMs: 20,
      ...(overrides.commandPort ? { commandPort: overrides.commandPort } : {}),
    });
    running.push(workers);
    return workers;
  };
  const expiries = (orderId: string) => eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE');

  it('a delayed expiry fires once', async () => {
    const prefix = newPrefix();
    await start(prefix);
    const { orderId } = await offeredOrder(stores.eventStore, 1000);
    await sleep(500);
    expect(await expiries(orderId)).toHaveLength(0);
    await waitUntil(async () => (await expiries(orderId)).length > 0, 10_000);
    await sleep(300);
    expect(await expiries(orderId)).toHaveLength(1);
  });

  it('an accept before the expiry wins', async () => {
    const prefix = newPrefix();
    await start(prefix);
    const { orderId, offerId } = await offeredOrder(stores.eventStore, 800);
    await acceptOffer(stores.eventStore, orderId, offerId);
    await sleep(1800);
    expect(await expiries(orderId)).toHaveLength(0);
  });

  it('a worker killed while the expiry job runs: the job is taken over and exactly one EXPIRE is recorded', async () => {
    const prefix = newPrefix();
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    const hanging: CommandPort = {
      execute: async () => {
        entered();
        return new Promise(() => {}); // the process "dies" here
      },
    };
    const doomed = scheduler(prefix);
    const first = await startWorkers({ ...stores, scheduler: doomed, clock, logger: quiet, commandPort: hanging });
    const { orderId } = await offeredOrder(stores.eventStore, 300);
    await inFlight;
    await first.host.stop();
    await doomed.kill();

    await start(prefix, { commandPort: new EventStoreCommandPort(stores.eventStore, { clock }) });
    await waitUntil(async () => (await expiries(orderId)).length > 0, 15_000);
    await sleep(500);
    expect(await expiries(orderId)).toHaveLength(1);
  });

  it('a worker killed after posting the specification: exactly one accepted and one JOB_SPEC_EXPORTED', async () => {
    await simulator.reset(0);
    const prefix = newPrefix();
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    const real = new HttpPlanningTool(simulator.url);
    const dying: PlanningTool = {
      submit: async (spec, key) => {
        await real.submit(spec, key);
        entered();
        await new Promise(() => {});
      },
    };
    const doomed = scheduler(prefix);
    const first = await startWorkers({ ...stores, scheduler: doomed, clock, logger: quiet, planningTool: dying });
    const { orderId, jobId } = await orderWithJob(stores.eventStore);
    await inFlight;
    await first.host.stop();
    await doomed.kill();

    await start(prefix);
    const stream = jobExportStreamId(orderId);
    await waitUntil(async () => (await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED')).length > 0, 15_000);
    await sleep(500);
    expect(await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED')).toHaveLength(1);
    const state = await simulator.state();
    expect(state.accepted.map((a) => a.specification['jobId'])).toEqual([jobId]);
  });

  it('a planning tool failing twice then succeeding receives exactly one accepted specification', async () => {
    await simulator.reset(2);
    const prefix = newPrefix();
    await start(prefix);
    const { orderId, jobId } = await orderWithJob(stores.eventStore);
    const stream = jobExportStreamId(orderId);
    await waitUntil(async () => (await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED')).length > 0);
    const state = await simulator.state();
    expect(state).toMatchObject({ requests: 3, failures: 2 });
    expect(state.accepted).toHaveLength(1);
    expect((await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED'))[0]!.data).toMatchObject({ jobId, attempt: 3 });
  });

  it('across a worker restart the reminder and the expiry each fire once (jobs kept in Redis and re-derived at start-up)', async () => {
    const prefix = newPrefix();
    const sent: string[] = [];
    const reminders: OfferReminderSender = {
      remind: async ({ offerId }) => {
        sent.push(offerId);
        return ['planner@customer.test'];
      },
    };
    const withReminders = () =>
      startWorkers({ ...stores, scheduler: scheduler(prefix), clock, logger: quiet, offerReminders: reminders, reminderLeadMs: 1000 });
    const first = await withReminders();
    const { orderId, offerId } = await offeredOrder(stores.eventStore, 2500);
    // Both jobs are in Redis before the process stops; neither is due yet.
    await first.host.waitFor((await stores.eventStore.readAll('0', 100_000)).checkpoint);
    await first.stop();
    expect(sent).toEqual([]);
    // The next process finds them in Redis and re-derives them from the read model too: same job ids, one run each.
    await showOpenOffer(stores, orderId, offerId);
    running.push(await withReminders());
    await waitUntil(async () => (await expiries(orderId)).length > 0, 10_000);
    await sleep(500);
    expect(sent).toEqual([offerId]);
    expect(await expiries(orderId)).toHaveLength(1);
  });

  it('scheduling the same job id twice keeps one job', async () => {
    const prefix = newPrefix();
    const bull = new BullMqScheduler({ redisUrl: REDIS_URL, prefix, process: false });
    try {
      const job = { id: 'expire-offer-x-v3', name: 'expire-offer', runAt: new Date(Date.now() + 60_000), payload: { a: 1 } };
      await bull.schedule(job);
      await bull.schedule({ ...job, runAt: new Date(Date.now() + 1000) });
      const pending = await bull.pending();
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ id: 'expire-offer-x-v3', name: 'expire-offer', payload: { a: 1 } });
      await bull.cancel('expire-offer-x-v3');
      expect(await bull.pending()).toHaveLength(0);
    } finally {
      await bull.close();
    }
  });
});
