import type { RecordedEvent } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';

/** One change of a managed item (a help question, a manual) as its history shows it. */
export interface ItemChange<T extends string> {
  readonly at: string;
  readonly actorUserId: string;
  readonly onBehalfOfUserId?: string;
  readonly type: T;
}

/** A back-office item with one stream of its own: its state folded by the domain's evolve, and who changed it when. */
export interface ItemDocument<S, T extends string> {
  readonly id: string;
  readonly state: S;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Newest last. */
  readonly history: readonly ItemChange<T>[];
}

/**
 * Folds one event of an item's stream into its document. The stream version guards the document: a repeated or older
 * event changes nothing, so a replay rebuilds the same documents.
 */
export async function applyItemEvent<S, E extends { readonly type: string }>(
  session: DocumentSession,
  collectionName: string,
  id: string,
  recorded: RecordedEvent,
  fold: { readonly initialState: S; evolve(state: S, event: E): S },
): Promise<void> {
  const collection = session.collection<ItemDocument<S, E['type']>>(collectionName);
  const event = { type: recorded.type, data: recorded.data } as unknown as E;
  const found = await collection.get(id);
  if (found && found.revision >= recorded.streamVersion) return;
  const { actorUserId, onBehalfOfUserId, occurredAt } = recorded.metadata;
  const current = found?.data ?? { id, state: fold.initialState, createdAt: occurredAt, updatedAt: occurredAt, history: [] };
  // A document an earlier version of the projection wrote may lack the history (kept live while the new one is built, D210).
  const history = current.history ?? [];
  const change: ItemChange<E['type']> = { at: occurredAt, actorUserId, ...(onBehalfOfUserId ? { onBehalfOfUserId } : {}), type: event.type };
  await collection.upsert(
    id,
    { ...current, createdAt: current.createdAt ?? occurredAt, state: fold.evolve(current.state, event), updatedAt: occurredAt, history: [...history, change] },
    recorded.streamVersion,
  );
}

/** An item's changes, newest first; null for an unknown id. */
export async function readItemHistory<T extends string>(store: DocumentSession, collectionName: string, id: string): Promise<ItemChange<T>[] | null> {
  const doc = (await store.collection<ItemDocument<unknown, T>>(collectionName).get(id))?.data;
  return doc ? [...doc.history].reverse() : null;
}
