import { supportContactsDecider, type RecordedEvent, type SupportContactsEvent, type SupportContactsState, type SupportContactsView } from '@onsite/domain';
import { supportContactsView } from '@onsite/contracts';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const SUPPORT_CONTACTS = 'support_contacts';
const CURRENT = 'current';

/** One change as the history shows it: who (and for whom), when, and what was set. */
export interface SupportContactsChange {
  readonly at: string;
  readonly actorUserId: string;
  readonly onBehalfOfUserId?: string;
  readonly type: SupportContactsEvent['type'];
  readonly data: SupportContactsEvent['data'];
}

interface SupportContactsDocument {
  readonly id: string;
  readonly state: SupportContactsState;
  /** Newest last; a handful of changes a year. */
  readonly history: readonly SupportContactsChange[];
}

/** The support contacts as staff set them last, with every change (one document), folded by the domain's own evolve. */
export const supportContactsProjection: Projection = {
  name: 'support-contacts',
  collections: [{ name: SUPPORT_CONTACTS }],
  handles: ['SUPPORT_GROUP_CONTACT_SET', 'PERSONAL_CONTACTS_SET', 'IT_SUPPORT_EMAIL_SET'] satisfies readonly SupportContactsEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const collection = session.collection<SupportContactsDocument>(SUPPORT_CONTACTS);
    const found = await collection.get(CURRENT);
    // The stream version guards the document: a repeated or older event changes nothing.
    if (found && found.revision >= recorded.streamVersion) return;
    const event = { type: recorded.type, data: recorded.data } as SupportContactsEvent;
    const current = found?.data ?? { id: CURRENT, state: supportContactsDecider.initialState, history: [] };
    const { actorUserId, onBehalfOfUserId, occurredAt } = recorded.metadata;
    const change: SupportContactsChange = {
      at: occurredAt,
      actorUserId,
      ...(onBehalfOfUserId ? { onBehalfOfUserId } : {}),
      type: event.type,
      data: event.data,
    };
    await collection.upsert(
      CURRENT,
      { id: CURRENT, state: supportContactsDecider.evolve(current.state, event), history: [...current.history, change] },
      recorded.streamVersion,
    );
  },
};

async function readDocument(store: DocumentSession): Promise<SupportContactsDocument | null> {
  return (await store.collection<SupportContactsDocument>(SUPPORT_CONTACTS).get(CURRENT))?.data ?? null;
}

/** Every group with what staff entered (phone and e-mail null where nothing is set yet). */
export async function readSupportContacts(store: DocumentSession): Promise<SupportContactsView> {
  return supportContactsView((await readDocument(store))?.state ?? supportContactsDecider.initialState);
}

/** Every change, newest first. */
export async function readSupportContactsHistory(store: DocumentSession): Promise<SupportContactsChange[]> {
  return [...((await readDocument(store))?.history ?? [])].reverse();
}
