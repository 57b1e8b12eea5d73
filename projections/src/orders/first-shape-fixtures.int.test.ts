import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { evolveOrder, initialOrderState, type EventMetadata, type OrderEvent, type OrderState, type RecordedEvent } from '@onsite/domain';
import { createStores, type Stores } from '@onsite/infrastructure';
import { CASE_TYPES, project, snapshotOf, storeWithEveryCase, streamOf } from '../test-support/order-lifecycle.js';
import { ordersProjection } from './orders.projection.js';

/**
 * The first shape of every order event type, as stored, kept in the repository for good and never edited
 * (services/domain/test/fixtures/first-shape; docs/event-catalogue.md). Stored, read back through the upcasters and
 * folded, each order must come out exactly as today's events of the same history make it.
 */
const FIXTURES = resolve(__dirname, '../../../services/domain/test/fixtures/first-shape');

interface StoredLine {
  readonly eventId: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly recordedAt: string;
}

const lines: StoredLine[] = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.ndjson'))
  .flatMap((file) =>
    readFileSync(resolve(FIXTURES, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as StoredLine),
  );

const fold = (events: readonly { type: string; data: unknown }[]): OrderState =>
  events.reduce((state, e) => evolveOrder(state, { type: e.type, data: e.data } as OrderEvent), initialOrderState);

describe('first-shape event fixtures replayed through the upcasters', () => {
  let stores: Stores;
  const streams = [...new Set(lines.map((line) => line.streamId))];

  beforeAll(async () => {
    stores = await createStores({ profile: 'embedded', dataDir: 'memory://' });
    for (const streamId of streams) {
      const events = lines.filter((line) => line.streamId === streamId).sort((a, b) => a.streamVersion - b.streamVersion);
      // Stored as they were: an event written before versions were recorded is version 1.
      await stores.eventStore.appendToStream(
        streamId,
        events.map((e) => ({ eventId: e.eventId, type: e.type, data: e.data, metadata: { ...e.metadata, schemaVersion: e.metadata.schemaVersion ?? 1 } })),
        0,
      );
    }
  }, 60_000);
  afterAll(async () => stores?.close());

  it('hold every order event type', () => {
    const stored = new Set(lines.map((line) => line.type));
    expect(CASE_TYPES.filter((type) => !stored.has(type))).toEqual([]);
  });

  it("fold each order to the state today's events of the same history give", async () => {
    for (const type of CASE_TYPES) {
      const today = streamOf(type);
      const read = await stores.eventStore.readStream(today[0]!.streamId);
      expect(read.map((e) => e.metadata.schemaVersion)).toEqual(today.map(() => expect.any(Number)));
      expect({ type, state: fold(read) }).toEqual({ type, state: fold(today) });
    }
  });

  it("project to the same read models as today's events", async () => {
    const fromFixtures = await createStores({ profile: 'embedded', dataDir: 'memory://' });
    const fromToday = await storeWithEveryCase();
    try {
      for (const c of ordersProjection.collections) await fromFixtures.documentStore.ensureCollection(c);
      for (const type of CASE_TYPES) {
        const recordedAt = new Map(streamOf(type).map((e) => [e.eventId, e.recordedAt]));
        const read = await stores.eventStore.readStream(streamOf(type)[0]!.streamId);
        // The store stamps its own commit instant; the fixture's is the one the history was recorded with.
        await project(
          fromFixtures.documentStore,
          read.map((e): RecordedEvent => ({ ...e, recordedAt: recordedAt.get(e.eventId)! })),
        );
      }
      expect(await snapshotOf(fromFixtures.documentStore, ordersProjection)).toEqual(await snapshotOf(fromToday.documentStore, ordersProjection));
    } finally {
      await fromFixtures.close();
      await fromToday.close();
    }
  }, 60_000);

  it('stay in the store exactly as written: the upcast form is only ever what a reader sees', async () => {
    for (const streamId of streams) {
      const stored = await stores.storedEvents.readStream(streamId);
      const expected = lines.filter((line) => line.streamId === streamId).sort((a, b) => a.streamVersion - b.streamVersion);
      expect(stored.map((e) => e.data)).toEqual(expected.map((e) => e.data));
    }
    const extended = await stores.storedEvents.readStream('order-o-offer_extended');
    expect(extended.at(-1)!.data).toHaveProperty('previousExpiresAt');
    expect((await stores.eventStore.readStream('order-o-offer_extended')).at(-1)!.data).toHaveProperty('extendedFrom');
  });
});
