import { FAQ_TOPICS, faqDecider, type FaqEntry, type FaqEvent, type FaqState, type RecordedEvent } from '@onsite/domain';
import { type ManagedFaq } from '@onsite/contracts';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';
import { applyItemEvent, readItemHistory, type ItemChange, type ItemDocument } from '../shared/managed-items.js';
import { readHelpContent } from './help.projection.js';

export const FAQS = 'faqs';

/** One change of a question as its history shows it. */
export type FaqChange = ItemChange<FaqEvent['type']>;
type FaqDocument = ItemDocument<FaqState, FaqEvent['type']>;

/** The questions staff manage (D205), one document per question, folded by the domain's own evolve. */
export const faqsProjection: Projection = {
  name: 'faqs',
  collections: [{ name: FAQS }],
  handles: ['FAQ_CREATED', 'FAQ_CHANGED', 'FAQ_REMOVED'] satisfies readonly FaqEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const event = recorded as unknown as FaqEvent;
    const id = event.type === 'FAQ_REMOVED' ? event.data.id : event.data.entry.id;
    await applyItemEvent(session, FAQS, id, recorded, faqDecider);
  },
};

const topicOrder = (entry: FaqEntry) => FAQ_TOPICS.indexOf(entry.topic);

/** The questions staff manage that are not removed, by topic and then as created. */
export async function listManagedFaqs(store: DocumentSession): Promise<ManagedFaq[]> {
  const docs = await store.collection<FaqDocument>(FAQS).find({ sort: [{ path: 'createdAt', direction: 'asc' }] });
  return docs
    .filter((d) => d.state.entry && !d.state.removed)
    .map((d) => ({ ...d.state.entry!, createdAt: d.createdAt, updatedAt: d.updatedAt }))
    .sort((a, b) => topicOrder(a) - topicOrder(b));
}

/** A question's changes, newest first; null for an unknown id. */
export function readFaqHistory(store: DocumentSession, id: string): Promise<FaqChange[] | null> {
  return readItemHistory(store, FAQS, id);
}

/**
 * The questions customers read: those staff manage, and those published with older help content whose id staff have
 * not taken over (stores seeded before D205), by topic.
 */
export async function readFaqEntries(store: DocumentSession): Promise<FaqEntry[]> {
  const docs = await store.collection<FaqDocument>(FAQS).find({ sort: [{ path: 'createdAt', direction: 'asc' }] });
  const managedIds = new Set(docs.map((d) => d.id));
  const managed = docs.filter((d) => d.state.entry && !d.state.removed).map((d) => d.state.entry!);
  const legacy = (await readHelpContent(store)).faqs.filter((f) => !managedIds.has(f.id));
  return [...legacy, ...managed]
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => topicOrder(a.entry) - topicOrder(b.entry) || a.index - b.index)
    .map((x) => x.entry);
}
