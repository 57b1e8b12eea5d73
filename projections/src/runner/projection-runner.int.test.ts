import type { EventMetadata } from '@onsite/domain';
import { createStores, type Stores } from '@onsite/infrastructure';
import { describeWithPostgres, dropSchema, uniqueSchemaName } from '../../../services/infrastructure/src/test-support/postgres.js';
import { SharedProjections } from './leased-projections.js';
import { ProjectionRunner, type ProjectionLogger } from './projection-runner.js';
import type { Projection } from './projection.js';
import { rebuild, type RebuildProgress } from './rebuild.js';

const metadata: EventMetadata = { actorUserId: 'u1', correlationId: 'c1', causationId: 'c1', occurredAt: '2025-01-01T00:00:00.000Z' };

interface Summary {
  readonly name: string;
  readonly kind: string;
  readonly events: number;
}

/**
 * Per-stream summaries (replay-safe through the revision guard) plus a deliberately NOT replay-safe counter of
 * applied events: applying any event twice shows up in it.
 */
function summaryProjection(options: { version?: number; shouldFail?: () => boolean; upperCaseKind?: boolean; delayMs?: number } = {}): Projection {
  return {
    name: 'summary',
    ...(options.version === undefined ? {} : { version: options.version }),
    collections: [{ name: 'summaries', indexes: [{ name: 'by_kind', paths: ['kind'] }] }, { name: 'totals' }],
    handles: ['Opened', 'Renamed', 'Boom'],
    async apply(event, session) {
      if (event.type === 'Boom' && options.shouldFail?.()) throw new Error('boom');
      // A slower projection: its new version takes seconds to build, whatever the machine.
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const summaries = session.collection<Summary>('summaries');
      const current = (await summaries.get(event.streamId))?.data;
      const data = event.data as { name?: string; kind?: string };
      const kind = data.kind ?? current?.kind ?? '';
      await summaries.upsert(
        event.streamId,
        { name: data.name ?? current?.name ?? '', kind: options.upperCaseKind ? kind.toUpperCase() : kind, events: (current?.events ?? 0) + 1 },
        event.streamVersion,
      );
      const totals = session.collection<{ applied: number }>('totals');
      const total = await totals.get('all');
      await totals.upsert('all', { applied: (total?.data.applied ?? 0) + 1 }, (total?.revision ?? 0) + 1);
    },
  };
}

const silent: ProjectionLogger = { info: () => {}, error: () => {} };

describe('ProjectionRunner on PGlite', () => {
  let stores: Stores;
  const append = (streamId: string, ...events: [type: string, data?: object][]) =>
    stores.eventStore.appendToStream(
      streamId,
      events.map(([type, data = {}]) => ({ type, data, metadata })),
      'any',
    );
  const summary = async (id: string) => (await stores.documentStore.collection<Summary>('summaries').get(id))?.data ?? null;
  const applied = async () => (await stores.documentStore.collection<{ applied: number }>('totals').get('all'))?.data.applied ?? 0;

  beforeEach(async () => {
    stores = await createStores({ profile: 'embedded', dataDir: 'memory://' });
  }, 60_000);
  afterEach(async () => {
    await stores.close();
  });

  it('reports its lag: the events after each checkpoint and the age of the oldest, nothing once caught up', async () => {
    const runner = new ProjectionRunner(stores, [summaryProjection()], { logger: silent });
    await runner.start();
    try {
      await append('s-1', ['Opened', { name: 'one', kind: 'a' }]);
      await runner.catchUp();
      expect(await runner.lag()).toEqual([{ projection: 'summary', events: 0, seconds: 0 }]);
      await runner.stop();
      // Stopped, it falls behind the events appended meanwhile.
      await append('s-2', ['Opened', { name: 'two', kind: 'b' }], ['Renamed', { name: 'deux' }]);
      await append('s-3', ['Opened', { name: 'three', kind: 'c' }]);
      const later = Date.now() + 60_000;
      const [behind] = await runner.lag({ now: later });
      expect(behind).toMatchObject({ projection: 'summary', events: 3 });
      expect(behind!.seconds).toBeGreaterThanOrEqual(59);
      expect(behind!.seconds).toBeLessThan(120);
      expect(await runner.lag({ maxEvents: 2 })).toEqual([expect.objectContaining({ events: 2 })]);
      await runner.start();
      await runner.catchUp();
      expect(await runner.lag()).toEqual([{ projection: 'summary', events: 0, seconds: 0 }]);
    } finally {
      await runner.stop();
    }
  });

  it('applies handled events, waits for a checkpoint, and resumes after a stop without applying anything twice', async () => {
    await append('s1', ['Opened', { name: 'one', kind: 'a' }], ['Renamed', { name: 'uno' }]);
    await append('s2', ['Opened', { name: 'two', kind: 'b' }], ['Ignored']);
    const runner = new ProjectionRunner(stores, [summaryProjection()], { batchSize: 2, logger: silent });
    await runner.start();
    await runner.catchUp();
    expect(await summary('s1')).toEqual({ name: 'uno', kind: 'a', events: 2 });
    expect(await summary('s2')).toEqual({ name: 'two', kind: 'b', events: 1 });
    expect(await applied()).toBe(3);

    const { lastCheckpoint } = await append('s1', ['Renamed', { name: 'eins' }]);
    await runner.waitFor(lastCheckpoint);
    expect((await summary('s1'))?.name).toBe('eins');

    await runner.stop();
    await append('s2', ['Renamed', { name: 'zwei' }]);
    await append('s3', ['Opened', { name: 'three', kind: 'c' }], ['Ignored']);
    expect(await applied()).toBe(4);

    await runner.start();
    await runner.catchUp();
    expect(await applied()).toBe(6);
    await runner.stop();

    const fresh = new ProjectionRunner(stores, [summaryProjection()], { logger: silent });
    await fresh.start();
    await fresh.catchUp();
    await fresh.stop();
    expect(await applied()).toBe(6);
    expect(await summary('s2')).toEqual({ name: 'zwei', kind: 'b', events: 2 });
    expect(await summary('s3')).toEqual({ name: 'three', kind: 'c', events: 1 });
    await expect(fresh.waitFor(lastCheckpoint)).resolves.toBeUndefined();
  }, 60_000);

  it('commits nothing of a batch that fails mid-way, retries it, and applies it once it succeeds', async () => {
    await append('s1', ['Opened', { name: 'one', kind: 'a' }], ['Renamed', { name: 'uno' }], ['Boom'], ['Renamed', { name: 'eins' }]);
    let failing = true;
    const errors: unknown[] = [];
    const runner = new ProjectionRunner(stores, [summaryProjection({ shouldFail: () => failing })], {
      retryDelayMs: 10,
      maxRetryDelayMs: 50,
      logger: { info: () => {}, error: (_message, error) => errors.push(error) },
    });
    await runner.start();
    while (errors.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));

    expect(await summary('s1')).toBeNull();
    expect(await applied()).toBe(0);
    expect(await stores.documentStore.getCheckpoint('summary')).toBeNull();
    await expect(runner.catchUp({ timeoutMs: 200 })).rejects.toMatchObject({ code: 'projection_wait_timeout', pending: ['summary'] });

    failing = false;
    await runner.catchUp();
    expect(await summary('s1')).toEqual({ name: 'eins', kind: 'a', events: 4 });
    expect(await applied()).toBe(4);
    await runner.stop();
  }, 60_000);

  it('stops promptly while a batch keeps failing', async () => {
    await append('s1', ['Boom']);
    const errors: unknown[] = [];
    const runner = new ProjectionRunner(stores, [summaryProjection({ shouldFail: () => true })], {
      retryDelayMs: 5_000,
      logger: { info: () => {}, error: (_message, error) => errors.push(error) },
    });
    await runner.start();
    while (errors.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await runner.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await stores.documentStore.getCheckpoint('summary')).toBeNull();
  }, 60_000);

  it('rebuilds into fresh collections the same documents as the live run, and a second rebuild changes nothing', async () => {
    for (let i = 0; i < 40; i++) {
      await append(
        `s${i}`,
        ['Opened', { name: `n${i}`, kind: `k${i % 3}` }],
        ['Ignored'],
        ...Array.from({ length: i % 4 }, (_, j) => ['Renamed', { name: `n${i}-${j}` }] as [string, object]),
      );
    }
    const total = await stores.eventStore.countEvents();
    const runner = new ProjectionRunner(stores, [summaryProjection()], { logger: silent });
    await runner.start();
    await runner.catchUp();
    await runner.stop();
    const snapshot = async () => ({
      summaries: await stores.documentStore.collection<Summary>('summaries').findDocuments(),
      totals: await stores.documentStore.collection('totals').findDocuments(),
      checkpoint: await stores.documentStore.getCheckpoint('summary'),
    });
    const live = await snapshot();
    expect(live.summaries).toHaveLength(40);

    const progress: RebuildProgress[] = [];
    await rebuild(stores, [summaryProjection()], { batchSize: 25, onProgress: (p) => progress.push(p) });
    expect(await snapshot()).toEqual(live);
    expect(progress[0]).toEqual({ projection: 'summary', processed: 0, total, done: false });
    expect(progress.at(-1)).toEqual({ projection: 'summary', processed: total, total, done: true });
    expect(progress.map((p) => p.processed)).toEqual([...progress.map((p) => p.processed)].sort((a, b) => a - b));
    await expect(stores.documentStore.collection('summaries__rebuild').count()).rejects.toThrow();

    await rebuild(stores, [summaryProjection()]);
    expect(await snapshot()).toEqual(live);
    // The index was swapped in along with the table.
    expect(await stores.documentStore.collection('summaries').count({ kind: 'k1' })).toBe(13);

    // Live again from the rebuilt checkpoint: nothing re-applied, new events applied.
    await append('s0', ['Renamed', { name: 'later' }]);
    await runner.start();
    await runner.catchUp();
    await runner.stop();
    expect(await applied()).toBe((live.totals[0]?.data as { applied: number }).applied + 1);
  }, 60_000);

  it('builds the new version of a projection beside the live one, which keeps serving, and swaps it in (D210)', async () => {
    await append('s1', ['Opened', { name: 'one', kind: 'a' }]);
    const v1 = new ProjectionRunner(stores, [summaryProjection()], { logger: silent });
    await v1.start();
    await v1.catchUp();
    await v1.stop();
    expect((await summary('s1'))?.kind).toBe('a');

    const v2 = new ProjectionRunner(stores, [summaryProjection({ version: 2, upperCaseKind: true })], { logger: silent });
    await v2.start();
    // Declared under their own names once swapped in, as after a start without a rebuild: what the store keeps per
    // collection in the process (a find cache, a JSON text column) is known.
    const ensured = jest.spyOn(stores.documentStore, 'ensureCollection');
    await v2.whenUpgraded();
    expect(ensured.mock.calls.map(([definition]) => definition.name).slice(-2)).toEqual(['summaries', 'totals']);
    ensured.mockRestore();
    expect(v2.upgradingProjections).toEqual([]);
    expect(await summary('s1')).toEqual({ name: 'one', kind: 'A', events: 1 });
    expect(await applied()).toBe(1);
    await append('s2', ['Opened', { name: 'two', kind: 'b' }]);
    await v2.catchUp();
    await v2.stop();
    expect((await summary('s2'))?.kind).toBe('B');
    expect(await stores.documentStore.getCheckpoint('summary@version')).toBe('2');
  }, 60_000);

  it('keeps answering while the new version is built under a steady load: no wait over 1 s, each event applied once, equal to a fresh rebuild', async () => {
    await upgradeUnderLoad(stores);
  }, 120_000);
});

/**
 * Version 1 over 600 events; then version 2 starts and is built beside it while commands keep coming, each waiting for
 * its read-your-writes: none waits a second, the old version answers meanwhile, every event is applied once to the new
 * read model, which equals a fresh rebuild (D210). Each apply waits 2 ms: a fast store could otherwise build all 600
 * events before the first command's round trip ends, and nothing would be answered during the build.
 */
async function upgradeUnderLoad(stores: Stores): Promise<void> {
  const append = (streamId: string, ...events: [type: string, data?: object][]) =>
    stores.eventStore.appendToStream(
      streamId,
      events.map(([type, data = {}]) => ({ type, data, metadata })),
      'any',
    );
  const summary = async (id: string) => (await stores.documentStore.collection<Summary>('summaries').get(id))?.data ?? null;
  const applied = async () => (await stores.documentStore.collection<{ applied: number }>('totals').get('all'))?.data.applied ?? 0;
  const streams = 300;
  for (let i = 0; i < streams; i += 50)
    await Promise.all(
      Array.from({ length: 50 }, (_, j) => append(`s${i + j}`, ['Opened', { name: `n${i + j}`, kind: 'k' }], ['Renamed', { name: `m${i + j}` }])),
    );
  const v1 = new ProjectionRunner(stores, [summaryProjection()], { logger: silent });
  await v1.start();
  await v1.catchUp();
  await v1.stop();

  const v2 = new ProjectionRunner(stores, [summaryProjection({ version: 2, upperCaseKind: true, delayMs: 2 })], { logger: silent, batchSize: 50 });
  const started = performance.now();
  await v2.start();
  expect(performance.now() - started).toBeLessThan(5_000);
  // Listed as upgrading from the start (onsite_projection_upgrade_remaining_events): the build runs in the background.
  expect(v2.upgrades().map((u) => u.projection)).toEqual(['summary']);
  let upgraded = false;
  const done = v2.whenUpgraded().then(() => (upgraded = true));
  const waits: number[] = [];
  let during = 0;
  let reported = 0;
  for (let i = 0; !upgraded || i < 5; i++) {
    const appended = await append(`live${i}`, ['Opened', { name: `live${i}`, kind: 'x' }]);
    const before = performance.now();
    await v2.waitFor(appended.lastCheckpoint!, { timeoutMs: 10_000 });
    waits.push(performance.now() - before);
    expect((await summary(`live${i}`))?.name).toBe(`live${i}`);
    if (!upgraded) during++;
    // What the metrics report while it builds: the events counted so far (a fast build may be done before its first count).
    if (v2.upgrades().some((u) => u.projection === 'summary' && u.total > 0 && u.processed <= u.total)) reported++;
  }
  await done;
  expect(v2.upgrades()).toEqual([]);
  await v2.catchUp();
  await v2.stop();
  expect(Math.max(...waits)).toBeLessThan(1_000);
  expect(during).toBeGreaterThan(0);
  expect(reported).toBeLessThanOrEqual(during);
  const afterUpgrade = await stores.documentStore.collection<Summary>('summaries').find({ sort: [{ path: 'name', direction: 'asc' }] });
  expect(afterUpgrade.every((s) => s.kind === s.kind.toUpperCase())).toBe(true);
  const events = await stores.eventStore.countEvents();
  expect(await applied()).toBe(events);

  await rebuild(stores, [summaryProjection({ version: 2, upperCaseKind: true })]);
  expect(await stores.documentStore.collection<Summary>('summaries').find({ sort: [{ path: 'name', direction: 'asc' }] })).toEqual(afterUpgrade);
  expect(await applied()).toBe(events);
}

describeWithPostgres('ProjectionRunner on PostgreSQL: a version upgrade without downtime', (url) => {
  const schema = uniqueSchemaName('upgrade');
  let stores: Stores;
  beforeAll(async () => {
    stores = await createStores({ profile: 'postgres', databaseUrl: url, schema });
  }, 60_000);
  afterAll(async () => {
    await stores?.close();
    await dropSchema(url, schema);
  });

  it('keeps answering while the new version is built under a steady load, and swaps it in', async () => {
    await upgradeUnderLoad(stores);
  }, 120_000);
});

describeWithPostgres('ProjectionRunner on PostgreSQL: two processes through an upgrade, one builds and both serve', (url) => {
  const schema = uniqueSchemaName('upgrade_two');
  let writer: Stores;
  const processes: { name: string; stores: Stores; shared: SharedProjections; log: string[] }[] = [];

  beforeAll(async () => {
    writer = await createStores({ profile: 'postgres', databaseUrl: url, schema });
  }, 60_000);
  afterAll(async () => {
    for (const { shared, stores } of processes) {
      await shared.stop().catch(() => undefined);
      await stores.close();
    }
    await writer?.close();
    await dropSchema(url, schema);
  });

  it('the process holding the lease builds the new version while the other keeps answering; both read the new one after the swap', async () => {
    const append = (streamId: string, ...events: [type: string, data?: object][]) =>
      writer.eventStore.appendToStream(
        streamId,
        events.map(([type, data = {}]) => ({ type, data, metadata })),
        'any',
      );
    for (let i = 0; i < 300; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => append(`s${i + j}`, ['Opened', { name: `n${i + j}`, kind: 'k' }], ['Renamed', { name: `m${i + j}` }])),
      );
    const v1 = new ProjectionRunner(writer, [summaryProjection()], { logger: silent });
    await v1.start();
    await v1.catchUp();
    await v1.stop();

    // Both processes are released with version 2 of the projection, as api processes of a rolling upgrade would be.
    for (const name of ['A', 'B']) {
      const stores = await createStores({ profile: 'postgres', databaseUrl: url, schema });
      const log: string[] = [];
      const logger: ProjectionLogger = { info: (message) => log.push(message), error: (message) => log.push(message) };
      const shared = new SharedProjections(stores, [summaryProjection({ version: 2, upperCaseKind: true, delayMs: 5 })], {
        lease: true,
        holder: name,
        ttlMs: 1_000,
        renewMs: 200,
        attemptMs: 100,
        pollMs: 20,
        batchSize: 50,
        logger,
      });
      await shared.start();
      processes.push({ name, stores, shared, log });
    }
    const version = () => writer.documentStore.getCheckpoint('summary@version');
    const readIn = async (p: (typeof processes)[number], id: string) => (await p.stores.documentStore.collection<Summary>('summaries').get(id))?.data ?? null;

    const waits: Record<string, number[]> = { A: [], B: [] };
    let during = 0;
    for (let i = 0; (await version()) !== '2' || i < 5; i++) {
      if (i > 2_000) throw new Error('The new version was never swapped in.');
      const upgrading = (await version()) !== '2';
      const appended = await append(`live${i}`, ['Opened', { name: `live${i}`, kind: 'x' }]);
      // Each process answers a read-your-writes read of it, the one that builds and the one that only serves.
      for (const p of processes) {
        const before = performance.now();
        await p.shared.waitFor(appended.lastCheckpoint!, { timeoutMs: 10_000 });
        waits[p.name]!.push(performance.now() - before);
        expect((await readIn(p, `live${i}`))?.name).toBe(`live${i}`);
      }
      if (upgrading) during++;
    }
    expect(during).toBeGreaterThan(0);
    for (const name of ['A', 'B']) expect(Math.max(...waits[name]!)).toBeLessThan(1_000);

    // Exactly one of them built it; the other kept serving without building.
    const builders = processes.filter((p) => p.log.some((line) => line.includes('the new version is built beside the live one')));
    expect(builders).toHaveLength(1);
    // The swap commits the version before the builder returns and logs it: give the log line a moment.
    for (const deadline = performance.now() + 5_000; performance.now() < deadline;) {
      if (builders[0]!.log.some((line) => line.includes('the new version serves from'))) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(builders[0]!.log.join('\n')).toMatch(/the new version serves from/);
    // Both now read the new version's documents, and it equals a fresh rebuild with every event applied once.
    await Promise.all(processes.map((p) => p.shared.catchUp({ timeoutMs: 10_000 })));
    for (const p of processes) expect((await readIn(p, 's7'))?.kind).toBe('K');
    const afterUpgrade = await writer.documentStore.collection<Summary>('summaries').find({ sort: [{ path: 'name', direction: 'asc' }] });
    const events = await writer.eventStore.countEvents();
    expect((await writer.documentStore.collection<{ applied: number }>('totals').get('all'))?.data.applied).toBe(events);
    for (const { shared } of processes) await shared.stop();
    await rebuild(writer, [summaryProjection({ version: 2, upperCaseKind: true })]);
    expect(await writer.documentStore.collection<Summary>('summaries').find({ sort: [{ path: 'name', direction: 'asc' }] })).toEqual(afterUpgrade);
  }, 120_000);
});
