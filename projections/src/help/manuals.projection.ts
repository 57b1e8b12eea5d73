import { manualDecider, type Manual, type ManualEntry, type ManualEvent, type ManualState, type RecordedEvent } from '@onsite/domain';
import { type ManagedManual } from '@onsite/contracts';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';
import { applyItemEvent, readItemHistory, type ItemChange, type ItemDocument } from '../shared/managed-items.js';
import { readHelpContent } from './help.projection.js';

export const MANUALS = 'manuals';

/** One change of a manual as its history shows it. */
export type ManualChange = ItemChange<ManualEvent['type']>;
type ManualDocument = ItemDocument<ManualState, ManualEvent['type']>;

/** The manuals staff manage (D212), one document per manual, folded by the domain's own evolve. */
export const manualsProjection: Projection = {
  name: 'manuals',
  collections: [{ name: MANUALS }],
  handles: ['MANUAL_CREATED', 'MANUAL_CHANGED', 'MANUAL_REMOVED'] satisfies readonly ManualEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const event = recorded as unknown as ManualEvent;
    const id = event.type === 'MANUAL_REMOVED' ? event.data.id : event.data.entry.id;
    await applyItemEvent(session, MANUALS, id, recorded, manualDecider);
  },
};

async function manualDocuments(store: DocumentSession): Promise<ManualDocument[]> {
  return store.collection<ManualDocument>(MANUALS).find({ sort: [{ path: 'createdAt', direction: 'asc' }] });
}

/** The manuals staff manage that are not removed, as created. */
export async function listManagedManuals(store: DocumentSession): Promise<ManagedManual[]> {
  return (await manualDocuments(store))
    .filter((d) => d.state.entry && !d.state.removed)
    .map((d) => ({ ...d.state.entry!, createdAt: d.createdAt, updatedAt: d.updatedAt }));
}

/** A manual's changes, newest first; null for an unknown id. */
export function readManualHistory(store: DocumentSession, id: string): Promise<ManualChange[] | null> {
  return readItemHistory(store, MANUALS, id);
}

/**
 * The manuals customers read: those published with older help content whose id staff have not taken (stores seeded
 * before D212; their file is made from their text), then those staff manage (an uploaded PDF per language).
 */
export async function readManuals(store: DocumentSession): Promise<(Manual | ManualEntry)[]> {
  const docs = await manualDocuments(store);
  const managedIds = new Set(docs.map((d) => d.id));
  const legacy = (await readHelpContent(store)).manuals.filter((m) => !managedIds.has(m.id));
  return [...legacy, ...docs.filter((d) => d.state.entry && !d.state.removed).map((d) => d.state.entry!)];
}
