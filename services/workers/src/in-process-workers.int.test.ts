import { jobProgressCommand, orderStreamId, type OrderEvent, jobExportStreamId } from '@onsite/domain';
import type { Collection, DocumentStore, FindOptions, Stores } from '@onsite/infrastructure';
import { EventStoreCommandPort, type CommandPort } from './commands/command-port.js';
import { HttpPlanningTool, type PlanningTool } from './job-export/planning-tool.js';
import { InProcessScheduler } from './scheduler/in-process-scheduler.js';
import { startWorkers, type RunningWorkers } from './start-workers.js';
import { reminderStreamId, type OfferReminderSender } from './offer-reminder/offer-reminder.js';
import {
  acceptOffer,
  eventsOfType,
  memoryStores,
  offeredOrder,
  orderWithJob,
  run,
  showOpenOffer,
  sleep,
  startSimulator,
  waitUntil,
  type Simulator,
} from './test-support/order-history.js';
import { SAMPLE_COMMANDS, STAFF } from '../../domain/src/order/test-support/order-fixtures.js';
import { ORDER_DETAILS_COLLECTION } from './offer-expiry/offer-expiry.js';

const quiet = { info: () => {}, error: () => {} };
const clock = () => new Date();

describe('workers on the in-process scheduler (PGlite)', () => {
  let stores: Stores;
  let simulator: Simulator;
  let workers: RunningWorkers | undefined;

  beforeAll(async () => {
    stores = await memoryStores();
    simulator = await startSimulator();
  });
  afterEach(async () => {
    await workers?.stop();
    workers = undefined;
  });
  afterAll(async () => {
    await simulator.close();
    await stores.close();
  });

  const start = (overrides: { commandPort?: CommandPort; planningTool?: PlanningTool; exportAttempts?: number } = {}) =>
    startWorkers({
      ...stores,
      scheduler: new InProcessScheduler(clock),
      clock,
      logger: quiet,
      planningTool: overrides.planningTool ?? new HttpPlanningTool(simulator.url),
      exportAttempts: overrides.exportAttempts ?? 4,
      exportBackoffMs: 20,
      ...(overrides.commandPort ? { commandPort: overrides.commandPort } : {}),
    });

  it('expires an offer at its expiry instant, once', async () => {
    workers = await start();
    const { orderId } = await offeredOrder(stores.eventStore, 800);
    await waitUntil(async () => (await eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE')).length > 0, 8000);
    await sleep(300);
    expect(await eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE')).toHaveLength(1);
  });

  it('an accept before the expiry wins: no EXPIRE', async () => {
    workers = await start();
    const { orderId, offerId } = await offeredOrder(stores.eventStore, 700);
    await acceptOffer(stores.eventStore, orderId, offerId);
    await sleep(1500);
    expect(await eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE')).toHaveLength(0);
    expect(await eventsOfType(stores.eventStore, orderStreamId(orderId), 'ACCEPT_OFFER')).toHaveLength(1);
  });

  it('re-derives an open offer expiry from the order read model after a restart', async () => {
    // The first process schedules the expiry and stores its checkpoint past the OFFER, then stops before it fires.
    workers = await start();
    const { orderId, offerId } = await offeredOrder(stores.eventStore, 1200);
    const head = (await stores.eventStore.readAll('0', 10_000)).checkpoint;
    await workers.host.waitFor(head);
    await workers.stop();
    workers = undefined;
    await showOpenOffer(stores, orderId, offerId);

    workers = await start();
    await waitUntil(async () => (await eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE')).length > 0, 8000);
    await sleep(200);
    expect(await eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE')).toHaveLength(1);
  });

  describe('offer reminders', () => {
    const sent: { offerId: string; expiresAt: string }[] = [];
    const reminders: OfferReminderSender = {
      remind: async ({ offerId, expiresAt }) => {
        sent.push({ offerId, expiresAt });
        return ['planner@customer.test'];
      },
    };
    const withReminders = () =>
      startWorkers({ ...stores, scheduler: new InProcessScheduler(clock), clock, logger: quiet, offerReminders: reminders, reminderLeadMs: 1000 });
    beforeEach(() => void sent.splice(0));

    /** The running process stops once it has scheduled everything it saw (its checkpoint is past the OFFER). */
    const stopAfterScheduling = async () => {
      await workers!.host.waitFor((await stores.eventStore.readAll('0', 100_000)).checkpoint);
      await workers!.stop();
      workers = undefined;
    };
    /** The next process starts from the read model and runs until the offer has expired: one reminder, one expiry. */
    const restartAndExpectOneOfEach = async (orderId: string, offerId: string) => {
      await showOpenOffer(stores, orderId, offerId);
      workers = await withReminders();
      const expiries = () => eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE');
      await waitUntil(async () => (await expiries()).length > 0, 8000);
      await sleep(300);
      expect(sent.map((r) => r.offerId)).toEqual([offerId]);
      expect(await expiries()).toHaveLength(1);
    };

    it('reminds once before the expiry and expires once, with a restart in between', async () => {
      workers = await withReminders();
      const { orderId, offerId } = await offeredOrder(stores.eventStore, 1800);
      // The worker stops after the reminder and before the expiry; the next process re-derives both jobs.
      await waitUntil(async () => sent.length > 0, 5000);
      await stopAfterScheduling();
      await restartAndExpectOneOfEach(orderId, offerId);
      const expiresAt = ((await eventsOfType(stores.eventStore, orderStreamId(orderId), 'OFFER'))[0]!.data as { expiresAt: string }).expiresAt;
      expect(await stores.eventStore.readStream(reminderStreamId(offerId, expiresAt))).toHaveLength(1);
    });

    it('a restart before the reminder is due: the next process sends it once and expires the offer once', async () => {
      workers = await withReminders();
      const { orderId, offerId } = await offeredOrder(stores.eventStore, 2500);
      await stopAfterScheduling();
      expect(sent).toEqual([]);
      await restartAndExpectOneOfEach(orderId, offerId);
    });

    it('an extension moves both: no reminder or expiry for the old instant, one of each for the new', async () => {
      workers = await withReminders();
      const { orderId, offerId } = await offeredOrder(stores.eventStore, 2500);
      const extendedTo = new Date(Date.now() + 4000).toISOString();
      await run(stores.eventStore, orderId, { type: 'ExtendOffer', data: { offerId, expiresAt: extendedTo } }, STAFF);
      await sleep(2800);
      expect(await eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE')).toHaveLength(0);
      await waitUntil(async () => (await eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE')).length > 0, 8000);
      await sleep(300);
      expect(sent).toEqual([{ offerId, expiresAt: extendedTo }]);
      expect(await eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE')).toHaveLength(1);
    });
  });

  it('a planning tool failing twice then accepting receives exactly one specification', async () => {
    await simulator.reset(2);
    workers = await start();
    const { orderId, jobId } = await orderWithJob(stores.eventStore);
    await waitUntil(async () => (await eventsOfType(stores.eventStore, jobExportStreamId(orderId), 'JOB_SPEC_EXPORTED')).length > 0);
    const state = await simulator.state();
    expect(state.requests).toBe(3);
    expect(state.accepted).toHaveLength(1);
    expect(state.accepted[0]!.specification).toMatchObject({ jobId, order: { orderId }, notes: 'Bring the calibration kit.' });
    const [exported] = await eventsOfType(stores.eventStore, jobExportStreamId(orderId), 'JOB_SPEC_EXPORTED');
    expect(exported!.data).toMatchObject({ jobId, attempt: 3 });
  });

  it('a worker that starts late sends only the jobs that still await their export, not those planned or closed meanwhile', async () => {
    await simulator.reset(0);
    // The history a data directory has when the planning tool is first configured: one job planned by hand, one closed.
    const planned = await orderWithJob(stores.eventStore);
    await run(
      stores.eventStore,
      planned.orderId,
      jobProgressCommand({ jobId: planned.jobId, step: 'PLANNED', team: [{ id: 't-1', name: 'Max Huber' }] }),
      STAFF,
    );
    const closed = await orderWithJob(stores.eventStore);
    for (const step of ['PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CLOSED'] as const) {
      await run(
        stores.eventStore,
        closed.orderId,
        jobProgressCommand({ jobId: closed.jobId, step, ...(step === 'PLANNED' ? { team: [{ id: 't-1', name: 'Max Huber' }] } : {}) }),
        STAFF,
      );
    }
    const waiting = await orderWithJob(stores.eventStore);
    workers = await start();
    await waitUntil(async () => (await eventsOfType(stores.eventStore, jobExportStreamId(waiting.orderId), 'JOB_SPEC_EXPORTED')).length > 0);
    await sleep(200);
    const sent = (await simulator.state()).accepted.map((a) => (a.specification as { jobId: string }).jobId);
    expect(sent).toContain(waiting.jobId);
    expect(sent).not.toContain(planned.jobId);
    expect(sent).not.toContain(closed.jobId);
    // Nothing recorded for them either: no export, no failure.
    for (const old of [planned, closed]) expect(await stores.eventStore.readStream(jobExportStreamId(old.orderId))).toEqual([]);
  });

  it('records a final failure, and a staff retry exports it', async () => {
    await simulator.reset(100);
    workers = await start({ exportAttempts: 2 });
    const { orderId, jobId } = await orderWithJob(stores.eventStore);
    const stream = jobExportStreamId(orderId);
    await waitUntil(async () => (await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORT_FAILED')).length > 0);
    expect((await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORT_FAILED'))[0]!.data).toMatchObject({ jobId, attempts: 2 });
    await simulator.reset(0);
    expect(await workers.retryFailedExports()).toEqual([jobId]);
    await waitUntil(async () => (await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED')).length > 0);
    expect((await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED'))[0]!.data).toMatchObject({ jobId, attempt: 3 });
    expect((await simulator.state()).accepted).toHaveLength(1);
  });

  it("a specification the tool refuses (4xx) fails after one attempt, with the tool's own words; retried once accepted", async () => {
    await simulator.reset(0);
    // The job exists before the workers start (they catch up from their checkpoint), so the refusal is in place first.
    const { orderId, jobId } = await orderWithJob(stores.eventStore);
    await simulator.refuse(orderId, 'No planner covers this region yet');
    workers = await start();
    const stream = jobExportStreamId(orderId);
    await waitUntil(async () => (await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORT_FAILED')).length > 0);
    expect((await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORT_FAILED'))[0]!.data).toEqual({
      jobId,
      attempts: 1,
      error: 'Planning tool answered 422: No planner covers this region yet (specification_refused)',
    });
    expect((await simulator.state()).requests).toBe(1);
    await simulator.refuse(orderId, null);
    expect(await workers.retryFailedExports(orderId)).toEqual([jobId]);
    await waitUntil(async () => (await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED')).length > 0);
    expect((await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED'))[0]!.data).toMatchObject({ jobId, attempt: 2 });
  });

  it('an export interrupted by a restart is re-derived and accepted exactly once', async () => {
    await simulator.reset(0);
    // The first process posts the specification, then "dies" before recording the result.
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    const real = new HttpPlanningTool(simulator.url);
    const dying: PlanningTool = {
      submit: async (spec, key) => {
        await real.submit(spec, key);
        entered();
        await new Promise(() => {}); // never returns
      },
    };
    const first = await start({ planningTool: dying });
    const { orderId } = await orderWithJob(stores.eventStore);
    await inFlight;
    await first.host.stop(); // the scheduler is abandoned with the job in flight, as in a crash

    workers = await start();
    const stream = jobExportStreamId(orderId);
    await waitUntil(async () => (await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED')).length > 0);
    await sleep(200);
    expect(await eventsOfType(stores.eventStore, stream, 'JOB_SPEC_EXPORTED')).toHaveLength(1);
    const state = await simulator.state();
    expect(state.accepted).toHaveLength(1);
    expect(state.duplicates).toBe(1);
  });

  it('the command port retries on a version conflict and expiry is a no-op once the offer is gone', async () => {
    const port = new EventStoreCommandPort(stores.eventStore, { clock: () => new Date(Date.now() + 3_600_000) });
    const { orderId, offerId } = await offeredOrder(stores.eventStore, 1000);
    const outcomes = await Promise.all([1, 2, 3].map(() => port.execute(orderStreamId(orderId), { type: 'ExpireOffer', data: { offerId } })));
    expect(outcomes.map((o) => o.appended).sort()).toEqual([0, 0, 1]);
    expect(await eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE')).toHaveLength(1);
  });
});

describe('re-derivation at start, page by page (PGlite)', () => {
  let stores: Stores;
  let workers: RunningWorkers | undefined;
  beforeAll(async () => {
    stores = await memoryStores();
  });
  afterEach(async () => {
    await workers?.stop();
    workers = undefined;
  });
  afterAll(async () => stores.close());

  /** The same store, recording how many order details each read of them returned, and running `during` after the first. */
  function recordingReads(store: DocumentStore, during: () => Promise<void>): { store: DocumentStore; pages: number[] } {
    const pages: number[] = [];
    const recorded = (collection: Collection<unknown>): Collection<unknown> =>
      new Proxy(collection, {
        get: (target, key) =>
          key === 'find'
            ? async (options: FindOptions) => {
                const found = await target.find(options);
                pages.push(found.length);
                if (pages.length === 1) await during();
                return found;
              }
            : bound(target, key),
      });
    const proxy = new Proxy(store, {
      get: (target, key) =>
        key === 'collection'
          ? (name: string) => (name === ORDER_DETAILS_COLLECTION ? recorded(target.collection(name)) : target.collection(name))
          : bound(target, key),
    });
    return { store: proxy, pages };
  }
  const bound = <T extends object>(target: T, key: string | symbol) => {
    const value = Reflect.get(target, key) as unknown;
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  };

  it('reads the open offers a page at a time; offers accepted, withdrawn or made anew meanwhile are neither expired wrongly nor missed', async () => {
    const sent: string[] = [];
    const reminders: OfferReminderSender = { remind: async ({ offerId }) => (sent.push(offerId), ['planner@customer.test']) };
    const begin = (documentStore: DocumentStore) =>
      startWorkers({
        eventStore: stores.eventStore,
        documentStore,
        scheduler: new InProcessScheduler(clock),
        clock,
        logger: quiet,
        offerReminders: reminders,
        reminderLeadMs: 1000,
        rederivePageSize: 2,
      });
    // A first process sees five offers, then stops before any reminder or expiry is due; the read model shows them open.
    const first = await begin(stores.documentStore);
    const offers = [];
    for (let n = 0; n < 5; n++) offers.push(await offeredOrder(stores.eventStore, 4000));
    await first.host.waitFor((await stores.eventStore.readAll('0', 100_000)).checkpoint);
    await first.stop();
    for (const { orderId, offerId } of offers) await showOpenOffer(stores, orderId, offerId);
    // In the order of their ids, the scan reads [accepted, kept] [withdrawn, kept] [made anew]: two orders a page.
    const [accepted, keptFirst, withdrawn, keptSecond, madeAnew] = offers.sort((a, b) => (a.orderId < b.orderId ? -1 : 1));
    let newOffer = '';
    const { store, pages } = recordingReads(stores.documentStore, async () => {
      // While the scan runs, after its first page: an offer it has read is accepted; one ahead is withdrawn (the read
      // model does not show it yet); one ahead is withdrawn and made anew (the read model shows the new one).
      await acceptOffer(stores.eventStore, accepted!.orderId, accepted!.offerId);
      for (const { orderId, offerId } of [withdrawn!, madeAnew!])
        await run(stores.eventStore, orderId, { ...SAMPLE_COMMANDS.RemoveOffer, data: { ...SAMPLE_COMMANDS.RemoveOffer.data, offerId } }, STAFF);
      const [made] = await run(
        stores.eventStore,
        madeAnew!.orderId,
        { ...SAMPLE_COMMANDS.MakeOffer, data: { ...SAMPLE_COMMANDS.MakeOffer.data, expiresAt: new Date(Date.now() + 4500).toISOString() } },
        STAFF,
      );
      newOffer = (made as Extract<OrderEvent, { type: 'OFFER' }>).data.offerId;
      const version = (await stores.eventStore.readStream(orderStreamId(madeAnew!.orderId))).length;
      await stores.documentStore
        .collection(ORDER_DETAILS_COLLECTION)
        .upsert(madeAnew!.orderId, { _id: madeAnew!.orderId, status: 'OFFERED', openOfferId: newOffer, offers: [made!.data] }, version);
    });
    workers = await begin(store);
    await workers.rederived;
    // Both scans (expiries, reminders) read two orders a page, never all five at once.
    expect(pages).toEqual([2, 2, 1, 2, 2, 1]);

    const expiries = (orderId: string) => eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE');
    await waitUntil(
      async () => (await Promise.all([keptFirst!, keptSecond!, madeAnew!].map(async ({ orderId }) => (await expiries(orderId)).length))).every((n) => n > 0),
      10_000,
    );
    await sleep(500);
    for (const { orderId } of [keptFirst!, keptSecond!]) expect(await expiries(orderId)).toHaveLength(1);
    expect((await expiries(madeAnew!.orderId)).map((e) => (e.data as { offerId: string }).offerId)).toEqual([newOffer]);
    // The jobs of the accepted and the withdrawn offers ran and the decider found those offers no longer open.
    expect(await expiries(accepted!.orderId)).toEqual([]);
    expect(await expiries(withdrawn!.orderId)).toEqual([]);
    expect(sent.sort()).toEqual([keptFirst!.offerId, keptSecond!.offerId, newOffer].sort());
  });

  it('starts before the scan of the open offers ends: new offers expire meanwhile, and a stop ends the scan at once', async () => {
    // A first process sees four offers and stops before they are due; the read model shows them open.
    const first = await startWorkers({ ...stores, scheduler: new InProcessScheduler(clock), clock, logger: quiet, rederivePageSize: 2 });
    const earlier = [];
    for (let n = 0; n < 4; n++) earlier.push(await offeredOrder(stores.eventStore, 3000));
    await first.host.waitFor((await stores.eventStore.readAll('0', 100_000)).checkpoint);
    await first.stop();
    for (const { orderId, offerId } of earlier) await showOpenOffer(stores, orderId, offerId);
    const expiries = (orderId: string) => eventsOfType(stores.eventStore, orderStreamId(orderId), 'EXPIRE');

    // The next process's scan holds after its first page (as on a store with thousands of open offers).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { store, pages } = recordingReads(stores.documentStore, () => held);
    workers = await startWorkers({
      eventStore: stores.eventStore,
      documentStore: store,
      scheduler: new InProcessScheduler(clock),
      clock,
      logger: quiet,
      rederivePageSize: 2,
    });
    const fresh = await offeredOrder(stores.eventStore, 300);
    await waitUntil(async () => (await expiries(fresh.orderId)).length > 0, 8000);
    expect(pages).toEqual([2]);

    // Stopped while the scan waits: it schedules nothing more, and the stop waits for it.
    const stopped = workers.stop();
    release();
    await stopped;
    workers = undefined;
    expect(pages).toEqual([2]);
    await sleep(3500);
    const expired = await Promise.all(earlier.map(async ({ orderId }) => (await expiries(orderId)).length));
    expect(expired).toEqual([0, 0, 0, 0]);
  });
});
