import type { StoredDocument } from '@onsite/infrastructure';

/**
 * `Collection.getMany` for a session that answers reads by id from its own memory first: each distinct id through
 * the session's `get`, so a document the session holds (written, or read before) is never read again from the store.
 */
export async function getEach<T>(get: (id: string) => Promise<StoredDocument<T> | null>, ids: readonly string[]): Promise<StoredDocument<T>[]> {
  const documents: StoredDocument<T>[] = [];
  for (const id of new Set(ids)) {
    const document = await get(id);
    if (document) documents.push(document);
  }
  return documents;
}
