import { FAQ_TOPICS, faqDecider, type FaqEntry, type FaqEvent, type FaqState, type ManagedFaq, type RecordedEvent } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';
import { readHelpContent } from './help.projection.js';

export const FAQS = 'faqs';

/** One change of a question as its history shows it. */
export interface FaqChange {
  readonly at: string;
  readonly actorUserId: string;
  readonly onBehalfOfUserId?: string;
  readonly type: FaqEvent['type'];
}

interface FaqDocument {
  readonly id: string;
  readonly state: FaqState;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Newest last. */
  readonly history: readonly FaqChange[];
}

/** The questions staff manage (D205), one document per question, folded by the domain's own evolve. */
export const faqsProjection: Projection = {
  name: 'faqs',
  collections: [{ name: FAQS }],
  handles: ['FAQ_CREATED', 'FAQ_CHANGED', 'FAQ_REMOVED'] satisfies readonly FaqEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const collection = session.collection<FaqDocument>(FAQS);
    const event = { type: recorded.type, data: recorded.data } as FaqEvent;
    const id = event.type === 'FAQ_REMOVED' ? event.data.id : event.data.entry.id;
    const found = await collection.get(id);
    // The question's stream version guards its document: a repeated or older event changes nothing.
    if (found && found.revision >= recorded.streamVersion) return;
    const { actorUserId, onBehalfOfUserId, occurredAt } = recorded.metadata;
    const current = found?.data ?? { id, state: faqDecider.initialState, createdAt: occurredAt, updatedAt: occurredAt, history: [] };
    const change: FaqChange = { at: occurredAt, actorUserId, ...(onBehalfOfUserId ? { onBehalfOfUserId } : {}), type: event.type };
    await collection.upsert(
      id,
      { ...current, state: faqDecider.evolve(current.state, event), updatedAt: occurredAt, history: [...current.history, change] },
      recorded.streamVersion,
    );
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
export async function readFaqHistory(store: DocumentSession, id: string): Promise<FaqChange[] | null> {
  const doc = (await store.collection<FaqDocument>(FAQS).get(id))?.data;
  return doc ? [...doc.history].reverse() : null;
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
