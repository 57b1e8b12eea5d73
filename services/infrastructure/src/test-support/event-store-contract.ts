/** The EventStore contract: every adapter's int test registers these tests with its own fixture. */
import { randomUUID } from 'node:crypto';
import { schemaVersionOf, type EventMetadata, type RecordedEvent } from '@onsite/domain';
import { START, VersionConflictError, type EventStore, type EventToAppend } from '../event-store/event-store.js';
import { upcastingEventStore } from '../event-store/upcasting-event-store.js';

export interface EventStoreFixture {
  readonly store: EventStore;
  /**
   * Installs a hook awaited inside every append transaction just before it commits (SqlEventStore's
   * `beforeCommit`). Absent for adapters without one: tests that need it are then skipped.
   */
  readonly setBeforeCommit?: (hook: ((streamId: string) => Promise<void>) | undefined) => void;
  close(): Promise<void>;
}

export interface EventStoreContractOptions {
  /** Share of appends held open 0–200 ms in the concurrency test (PGlite runs one transaction at a time: keep it small). */
  readonly holdFraction: number;
}

const metadata: EventMetadata = { actorUserId: 'user-1', correlationId: 'corr-1', causationId: 'cause-1', occurredAt: '2025-01-02T03:04:05.000Z' };

function event(type: string, data: unknown = {}, eventId?: string): EventToAppend {
  return eventId === undefined ? { type, data, metadata } : { eventId, type, data, metadata };
}

/** jest's default 5 s is too short to start a database (a project's testTimeout is ignored). */
const SETUP_TIMEOUT_MS = 60_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers the contract tests in the enclosing describe. */
export function eventStoreContract(open: () => Promise<EventStoreFixture>, options: EventStoreContractOptions): void {
  let fixture: EventStoreFixture;
  let store: EventStore;
  const stream = (label: string): string => `${label}-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    fixture = await open();
    store = fixture.store;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await fixture?.close();
  });
  afterEach(() => fixture.setBeforeCommit?.(undefined));

  /** The checkpoint after every event committed so far. */
  async function head(): Promise<string> {
    let checkpoint = START;
    for (;;) {
      const batch = await store.readAll(checkpoint, 1000);
      if (batch.events.length === 0) return checkpoint;
      checkpoint = batch.checkpoint;
    }
  }

  async function readAllFrom(checkpoint: string, batchSize = 1000): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for (;;) {
      const batch = await store.readAll(checkpoint, batchSize);
      if (batch.events.length === 0) return events;
      events.push(...batch.events);
      checkpoint = batch.checkpoint;
    }
  }

  async function eventually(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('Condition not met in time.');
      await sleep(20);
    }
  }

  it('appends and reads a stream in version order', async () => {
    const id = stream('order');
    const eventId = randomUUID();
    const first = await store.appendToStream(id, [event('Created', { n: 1 }, eventId), event('Named', { name: 'x', list: [1, 2] })], 0);
    expect(first.nextVersion).toBe(2);
    const second = await store.appendToStream(id, [event('Closed', null)], 2);
    expect(second.nextVersion).toBe(3);
    expect(store.compareCheckpoints(first.lastCheckpoint, second.lastCheckpoint)).toBeLessThan(0);

    const events = await store.readStream(id);
    expect(events.map((e) => [e.streamId, e.streamVersion, e.type])).toEqual([
      [id, 1, 'Created'],
      [id, 2, 'Named'],
      [id, 3, 'Closed'],
    ]);
    expect(events[0]).toMatchObject({ eventId, data: { n: 1 }, metadata });
    expect(events[1]?.data).toEqual({ name: 'x', list: [1, 2] });
    expect(events[2]?.data).toBeNull();
    expect(events[2]?.checkpoint).toBe(second.lastCheckpoint);
    for (const e of events) {
      expect(e.globalPosition).toMatch(/^\d+$/);
      expect(new Date(e.recordedAt).toISOString()).toBe(e.recordedAt);
    }
    expect((await store.readStream(id, { fromVersion: 2 })).map((e) => e.streamVersion)).toEqual([2, 3]);
    expect((await store.readStream(id, { fromVersion: 2, toVersion: 2 })).map((e) => e.streamVersion)).toEqual([2]);
    expect(await store.readStream(stream('missing'))).toEqual([]);
  });

  it("records each event's schema version in its metadata: the type's current one, or the one the writer gave (an old shape imported)", async () => {
    const id = stream('versions');
    await store.appendToStream(id, [event('OFFER_EXTENDED', { offerId: 'o-1', expiresAt: 'b', extendedFrom: 'a' }), event('NOT_VERSIONED')], 0);
    await store.appendToStream(
      id,
      [{ type: 'OFFER_EXTENDED', data: { offerId: 'o-1', expiresAt: 'c', previousExpiresAt: 'b' }, metadata: { ...metadata, schemaVersion: 1 } }],
      2,
    );
    const stored = await store.readStream(id);
    expect(stored.map((e) => [e.type, e.metadata.schemaVersion])).toEqual([
      ['OFFER_EXTENDED', schemaVersionOf('OFFER_EXTENDED')],
      ['NOT_VERSIONED', 1],
      ['OFFER_EXTENDED', 1],
    ]);
    expect(stored[0]!.metadata).toEqual({ ...metadata, schemaVersion: 2 });
    // Read through the upcasters, the old shape reads as today's; the store underneath still holds what was written.
    const upcast = await upcastingEventStore(store).readStream(id);
    expect(upcast.map((e) => e.data)).toEqual([
      { offerId: 'o-1', expiresAt: 'b', extendedFrom: 'a' },
      {},
      { offerId: 'o-1', expiresAt: 'c', extendedFrom: 'b' },
    ]);
    expect(stored[2]!.data).toEqual({ offerId: 'o-1', expiresAt: 'c', previousExpiresAt: 'b' });
    const fromAll = (await readAllFrom(START)).filter((e) => e.streamId === id);
    expect(fromAll.map((e) => e.metadata.schemaVersion)).toEqual([2, 1, 1]);
    const batch = await upcastingEventStore(store).readAll(START, 100_000);
    expect(batch.events.filter((e) => e.streamId === id).map((e) => e.data)).toEqual(upcast.map((e) => e.data));
  });

  it('rejects a stale expected version and writes nothing', async () => {
    const id = stream('order');
    await store.appendToStream(id, [event('A'), event('B')], 0);
    const before = await head();
    const countBefore = await store.countEvents();

    const conflict = store.appendToStream(id, [event('C'), event('D')], 1);
    await expect(conflict).rejects.toBeInstanceOf(VersionConflictError);
    await expect(conflict).rejects.toMatchObject({ code: 'version_conflict', streamId: id, expected: 1, actual: 2 });
    // A version the stream has not reached is refused too.
    await expect(store.appendToStream(id, [event('C')], 5)).rejects.toMatchObject({ code: 'version_conflict', expected: 5, actual: 2 });

    expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
    expect(await store.readAll(before)).toEqual({ events: [], checkpoint: before });
    expect(await store.countEvents()).toBe(countBefore);
    // The stream version did not move either.
    expect((await store.appendToStream(id, [event('C')], 2)).nextVersion).toBe(3);
  });

  it('treats expected version 0 as "the stream must not exist"', async () => {
    const id = stream('user');
    await store.appendToStream(id, [event('Registered')], 0);
    await expect(store.appendToStream(id, [event('Registered')], 0)).rejects.toMatchObject({ expected: 0, actual: 1 });
    await expect(store.appendToStream(stream('fresh'), [event('X')], 3)).rejects.toMatchObject({ expected: 3, actual: 0 });
    expect(await store.readStream(id)).toHaveLength(1);
  });

  it("appends with 'any' whatever the version", async () => {
    const id = stream('any');
    expect((await store.appendToStream(id, [event('A')], 'any')).nextVersion).toBe(1);
    expect((await store.appendToStream(id, [event('B'), event('C')], 'any')).nextVersion).toBe(3);
  });

  it('rejects a duplicate event id as a version conflict, writing nothing of the append', async () => {
    const eventId = randomUUID();
    const id = stream('dup');
    await store.appendToStream(id, [event('A', {}, eventId)], 0);
    const before = await head();

    await expect(store.appendToStream(id, [event('B'), event('C', {}, eventId)], 1)).rejects.toBeInstanceOf(VersionConflictError);
    const other = stream('other');
    await expect(store.appendToStream(other, [event('B', {}, eventId)], 0)).rejects.toBeInstanceOf(VersionConflictError);
    const twice = randomUUID();
    await expect(store.appendToStream(other, [event('B', {}, twice), event('C', {}, twice)], 0)).rejects.toBeInstanceOf(VersionConflictError);

    expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A']);
    expect(await store.readStream(other)).toEqual([]);
    expect((await store.readAll(before)).events).toEqual([]);
  });

  it('reads all events in batches, in append order, and returns the input checkpoint when nothing is new', async () => {
    const before = await head();
    const a = stream('a');
    const b = stream('b');
    await store.appendToStream(a, [event('A1'), event('A2'), event('A3')], 0);
    await store.appendToStream(b, [event('B1'), event('B2')], 0);
    await store.appendToStream(a, [event('A4'), event('A5')], 3);

    const all = await store.readAll(before, 100);
    expect(all.events.map((e) => e.type)).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'A4', 'A5']);
    expect(all.checkpoint).toBe(all.events.at(-1)?.checkpoint);

    const sizes: number[] = [];
    const batched: string[] = [];
    let checkpoint = before;
    for (;;) {
      const batch = await store.readAll(checkpoint, 3);
      sizes.push(batch.events.length);
      batched.push(...batch.events.map((e) => e.type));
      if (batch.events.length === 0) {
        expect(batch.checkpoint).toBe(checkpoint);
        break;
      }
      checkpoint = batch.checkpoint;
    }
    expect(sizes).toEqual([3, 3, 1, 0]);
    expect(batched).toEqual(all.events.map((e) => e.type));

    const checkpoints = all.events.map((e) => e.checkpoint);
    for (let i = 1; i < checkpoints.length; i++) expect(store.compareCheckpoints(checkpoints[i - 1]!, checkpoints[i]!)).toBeLessThan(0);
    expect(store.compareCheckpoints(START, checkpoints[0]!)).toBeLessThan(0);
    expect(store.compareCheckpoints(checkpoints[0]!, checkpoints[0]!)).toBe(0);
    expect(await store.countEvents()).toBeGreaterThanOrEqual(7);
  });

  it('subscribes from a checkpoint in the middle: catch-up, then live, then stops on close', async () => {
    const id = stream('sub');
    const before = await head();
    await store.appendToStream(id, [event('E1'), event('E2'), event('E3'), event('E4')], 0);
    const [, second] = (await store.readAll(before, 2)).events;

    const received: RecordedEvent[] = [];
    const batchCheckpoints: string[] = [];
    const subscription = store.subscribe({
      from: second!.checkpoint,
      batchSize: 2,
      onEvents: async (events, checkpoint) => {
        received.push(...events.filter((e) => e.streamId === id));
        batchCheckpoints.push(checkpoint);
        expect(checkpoint).toBe(events.at(-1)?.checkpoint);
      },
    });
    await eventually(() => received.length === 2);
    await store.appendToStream(id, [event('E5')], 4);
    await store.appendToStream(id, [event('E6')], 5);
    await eventually(() => received.length === 4);
    expect(received.map((e) => e.type)).toEqual(['E3', 'E4', 'E5', 'E6']);

    await subscription.close();
    await store.appendToStream(id, [event('E7')], 6);
    await sleep(600);
    expect(received).toHaveLength(4);
  });

  it('redelivers a batch whose handler failed, and reports the error', async () => {
    const id = stream('retry');
    const from = await head();
    await store.appendToStream(id, [event('R1'), event('R2')], 0);
    let failures = 0;
    const errors: unknown[] = [];
    const received: string[] = [];
    const subscription = store.subscribe({
      from,
      onEvents: async (events) => {
        if (failures++ === 0) throw new Error('handler failed');
        received.push(...events.filter((e) => e.streamId === id).map((e) => e.type));
      },
      onError: (error) => errors.push(error),
    });
    await eventually(() => received.length === 2);
    await subscription.close();
    expect(received).toEqual(['R1', 'R2']);
    expect(errors).toHaveLength(1);
  });

  it('does not return an event committed behind a still-open transaction until that one commits', async () => {
    if (!fixture.setBeforeCommit) return;
    const slow = stream('slow');
    const fast = stream('fast');
    const before = await head();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    fixture.setBeforeCommit(async (streamId) => {
      if (streamId !== slow) return;
      holding();
      await held;
    });

    const slowAppend = store.appendToStream(slow, [event('Slow')], 0);
    await isHolding;
    let fastCommitted = false;
    const fastAppend = store.appendToStream(fast, [event('Fast')], 0).then((result) => {
      fastCommitted = true;
      return result;
    });
    // PostgreSQL commits the fast append meanwhile; PGlite (one transaction at a time) queues it, and the read below.
    await Promise.race([fastAppend, sleep(300)]);
    const during = store.readAll(before);
    await Promise.race([during, sleep(300)]);
    const committedWhileHeld = fastCommitted;
    release();
    const seen = (await during).events.map((e) => e.type);
    if (committedWhileHeld) expect(seen).toEqual([]);
    else expect(['Slow', 'Fast'].slice(0, seen.length)).toEqual(seen);

    await Promise.all([slowAppend, fastAppend]);
    expect((await readAllFrom(before)).map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });

  it('lets exactly one of several concurrent appends with the same expected version win', async () => {
    const fresh = stream('race');
    const existing = stream('race');
    await store.appendToStream(existing, [event('Start')], 0);
    const writers = 8;
    const newStream = await Promise.allSettled(Array.from({ length: writers }, (_, i) => store.appendToStream(fresh, [event(`W${i}`), event(`W${i}b`)], 0)));
    const oldStream = await Promise.allSettled(Array.from({ length: writers }, (_, i) => store.appendToStream(existing, [event(`W${i}`)], 1)));
    for (const results of [newStream, oldStream]) {
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(VersionConflictError);
    }
    const freshEvents = await store.readStream(fresh);
    expect(freshEvents).toHaveLength(2);
    expect(freshEvents[1]?.type).toBe(`${freshEvents[0]?.type}b`);
    expect(await store.readStream(existing)).toHaveLength(2);
  });

  it('delivers every event exactly once, in order, to a subscriber running during 8 concurrent writers', async () => {
    const total = 10_000;
    const prefix = `load${randomUUID().slice(0, 6)}`;
    const streams = Array.from({ length: 100 }, (_, i) => `${prefix}-${i}`);
    const from = await head();

    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribe({
      from,
      batchSize: 500,
      onEvents: async (events) => {
        delivered.push(...events.filter((e) => e.streamId.startsWith(`${prefix}-`)));
      },
    });

    fixture.setBeforeCommit?.(async () => {
      if (Math.random() < options.holdFraction) await sleep(Math.random() * 200);
    });
    const knownVersion = new Map<string, number>();
    const appendedIds = new Set<string>();
    let remaining = total;
    const writer = async (): Promise<void> => {
      while (remaining > 0) {
        const size = Math.min(remaining, 1 + Math.floor(Math.random() * 7));
        remaining -= size;
        const id = streams[Math.floor(Math.random() * streams.length)]!;
        const batch = Array.from({ length: size }, () => event('Load', { n: Math.random() }, randomUUID()));
        // Half of the appends check the version (retrying on conflict), half append with 'any'.
        let expected: number | 'any' = Math.random() < 0.5 ? 'any' : (knownVersion.get(id) ?? 0);
        for (;;) {
          try {
            const result = await store.appendToStream(id, batch, expected);
            knownVersion.set(id, Math.max(knownVersion.get(id) ?? 0, result.nextVersion));
            break;
          } catch (error) {
            if (!(error instanceof VersionConflictError)) throw error;
            expected = error.actual;
          }
        }
        for (const e of batch) appendedIds.add(e.eventId!);
      }
    };
    await Promise.all(Array.from({ length: 8 }, writer));
    fixture.setBeforeCommit?.(undefined);

    await eventually(() => delivered.length >= total, 60_000);
    await sleep(300);
    await subscription.close();

    expect(delivered).toHaveLength(total);
    expect(new Set(delivered.map((e) => e.eventId))).toEqual(appendedIds);
    const versions = new Map<string, number>();
    for (const e of delivered) {
      expect(e.streamVersion).toBe((versions.get(e.streamId) ?? 0) + 1);
      versions.set(e.streamId, e.streamVersion);
    }
    for (let i = 1; i < delivered.length; i++) expect(store.compareCheckpoints(delivered[i - 1]!.checkpoint, delivered[i]!.checkpoint)).toBeLessThan(0);
    const replayed = (await readAllFrom(from)).filter((e) => e.streamId.startsWith(`${prefix}-`));
    expect(replayed.map((e) => e.eventId)).toEqual(delivered.map((e) => e.eventId));
  }, 120_000);
}
