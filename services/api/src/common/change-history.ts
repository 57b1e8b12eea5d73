import { userNames } from '@onsite/projections';
import type { DocumentSession } from '@onsite/infrastructure';

/** A back-office item's change as its read model keeps it: when, by whom, on behalf of whom, and what. */
interface RecordedChange {
  readonly at: string;
  readonly actorUserId: string;
  readonly onBehalfOfUserId?: string;
}

interface Person {
  readonly userId: string;
  readonly name: string | null;
}

/**
 * An item's history as the back office shows it: each change with the names of who made it and for whom (one read of
 * the names for the whole history), the rest of the change as it is.
 */
export async function changesWithPeople<C extends RecordedChange>(
  store: DocumentSession,
  changes: readonly C[],
): Promise<(Omit<C, 'actorUserId' | 'onBehalfOfUserId'> & { actor: Person; onBehalfOf?: Person })[]> {
  const names = await userNames(
    store,
    changes.flatMap((c) => [c.actorUserId, ...(c.onBehalfOfUserId ? [c.onBehalfOfUserId] : [])]),
  );
  const who = (userId: string): Person => ({ userId, name: names.get(userId) ?? null });
  return changes.map(({ actorUserId, onBehalfOfUserId, ...rest }) => ({
    ...rest,
    actor: who(actorUserId),
    ...(onBehalfOfUserId ? { onBehalfOf: who(onBehalfOfUserId) } : {}),
  }));
}
