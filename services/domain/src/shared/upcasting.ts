import type { EventMetadata, RecordedEvent } from './metadata.js';

/**
 * Event schema versions and the upcasters between them (docs/event-catalogue.md, "Changing an event").
 *
 * Every stored event's metadata says the shape its data was written in (`schemaVersion`; an event stored before
 * versions were recorded has none and is version 1). Readers never see an old shape: everything that folds or shows
 * events reads them through `upcastRecorded`, which applies the type's upcasters, one version at a time, up to the
 * current one. Upcasters are pure functions of the data; the stored bytes never change, and hash chains are computed
 * over what is stored.
 */

/** One step: the data of `type` at version `from` → its data at `from + 1`. */
export interface Upcaster {
  readonly type: string;
  readonly from: number;
  readonly upcast: (data: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Every upcaster, oldest first per type. Never edit or remove one: stored events of that version exist for ever.
 * A type's current version is one more than its last upcaster's `from` (1 without upcasters).
 */
export const UPCASTERS: readonly Upcaster[] = [
  {
    // OFFER_EXTENDED v1 → v2: `previousExpiresAt` named the expiry the offer had just before this extension, which after
    // several extensions is easily read as the first one (the detail's `originalExpiresAt`). v2 calls it `extendedFrom`.
    type: 'OFFER_EXTENDED',
    from: 1,
    upcast: ({ previousExpiresAt, ...rest }) => ({ ...rest, extendedFrom: previousExpiresAt }),
  },
];

const byType = new Map<string, Upcaster[]>();
for (const upcaster of UPCASTERS) {
  const chain = byType.get(upcaster.type) ?? [];
  if (upcaster.from !== chain.length + 1) throw new Error(`Upcasters of ${upcaster.type} must go 1, 2, 3…: found ${upcaster.from} after ${chain.length}.`);
  chain.push(upcaster);
  byType.set(upcaster.type, chain);
}

/** The version of `type` that deciders write today. */
export function schemaVersionOf(type: string): number {
  return (byType.get(type)?.length ?? 0) + 1;
}

/** The metadata an event is stored with: its schema version added unless the writer gave one (a fixture of an old shape). */
export function withSchemaVersion(type: string, metadata: EventMetadata): EventMetadata {
  return metadata.schemaVersion === undefined ? { ...metadata, schemaVersion: schemaVersionOf(type) } : metadata;
}

/** The data of `type`, stored at `version`, in today's shape. */
export function upcastData(type: string, version: number, data: unknown): unknown {
  const chain = byType.get(type);
  if (!chain || version > chain.length) return data;
  let current = data as Record<string, unknown>;
  for (let v = Math.max(1, version); v <= chain.length; v++) current = chain[v - 1]!.upcast(current);
  return current;
}

/**
 * A stored event in today's shape: the same object when it is current (almost always: no copy, no cost), otherwise a
 * copy with the upcast data and `schemaVersion` the current one.
 */
export function upcastRecorded<E extends RecordedEvent>(event: E): E {
  const chain = byType.get(event.type);
  if (!chain) return event;
  const stored = event.metadata.schemaVersion ?? 1;
  if (stored > chain.length) return event;
  return { ...event, data: upcastData(event.type, stored, event.data), metadata: { ...event.metadata, schemaVersion: chain.length + 1 } };
}
