import type { RecordedEvent } from './metadata.js';
import { schemaVersionOf, UPCASTERS, upcastData, upcastRecorded, withSchemaVersion } from './upcasting.js';

const metadata = { actorUserId: 'u', correlationId: 'c', causationId: 'c', occurredAt: '2026-06-01T08:00:00.000Z' };
const recorded = (type: string, data: unknown, schemaVersion?: number): RecordedEvent => ({
  eventId: 'e',
  streamId: 'order-1',
  streamVersion: 4,
  checkpoint: '4',
  globalPosition: '4',
  type,
  data,
  metadata: schemaVersion === undefined ? metadata : { ...metadata, schemaVersion },
  recordedAt: metadata.occurredAt,
});

describe('event schema versions and upcasters', () => {
  it('knows each type at version 1 until it has an upcaster; OFFER_EXTENDED is at 2', () => {
    expect(schemaVersionOf('CREATE')).toBe(1);
    expect(schemaVersionOf('OFFER_EXTENDED')).toBe(2);
  });

  it("stamps the type's current version unless the writer gave one", () => {
    expect(withSchemaVersion('OFFER_EXTENDED', metadata)).toEqual({ ...metadata, schemaVersion: 2 });
    expect(withSchemaVersion('OFFER_EXTENDED', { ...metadata, schemaVersion: 1 })).toEqual({ ...metadata, schemaVersion: 1 });
  });

  it('upcasts OFFER_EXTENDED v1 (previousExpiresAt) to v2 (extendedFrom), an event without a version being v1', () => {
    const v1 = { offerId: 'offer-1', expiresAt: '2026-06-20T00:00:00.000Z', previousExpiresAt: '2026-06-08T00:00:00.000Z', comment: 'Budget' };
    const v2 = { offerId: 'offer-1', expiresAt: '2026-06-20T00:00:00.000Z', extendedFrom: '2026-06-08T00:00:00.000Z', comment: 'Budget' };
    for (const stored of [recorded('OFFER_EXTENDED', v1), recorded('OFFER_EXTENDED', v1, 1)]) {
      const upcast = upcastRecorded(stored);
      expect(upcast.data).toEqual(v2);
      expect(upcast.metadata).toEqual({ ...metadata, schemaVersion: 2 });
      // Pure: the stored event is not touched.
      expect(stored.data).toEqual(v1);
    }
    expect(upcastData('OFFER_EXTENDED', 1, v1)).toEqual(v2);
  });

  it('returns a current event as it is, the same object (no copy on the read path)', () => {
    const current = recorded('OFFER_EXTENDED', { offerId: 'o', expiresAt: 'b', extendedFrom: 'a' }, 2);
    expect(upcastRecorded(current)).toBe(current);
    const unversioned = recorded('CREATE', { orderId: 'o' });
    expect(upcastRecorded(unversioned)).toBe(unversioned);
  });

  it('keeps the upcasters of each type in an unbroken chain from version 1', () => {
    const byType = new Map<string, number[]>();
    for (const u of UPCASTERS) byType.set(u.type, [...(byType.get(u.type) ?? []), u.from]);
    for (const froms of byType.values()) expect(froms).toEqual(froms.map((_, i) => i + 1));
  });
});
