import type { DocumentSession, DocumentStore } from '@onsite/infrastructure';

/**
 * Password hashes live outside the event log (an event log is append-only and copied to auditors;
 * a secret must be replaceable and erasable). The log records PASSWORD_SET without the hash.
 * This collection is application state, not a read model: a rebuild never touches it.
 */
const CREDENTIALS = 'credentials';

interface CredentialDoc {
  readonly userId: string;
  readonly passwordHash: string;
  readonly setAt: string;
}

export async function ensureCredentialStore(store: DocumentStore): Promise<void> {
  await store.ensureCollection({ name: CREDENTIALS });
}

export async function savePasswordHash(store: DocumentSession, userId: string, passwordHash: string, at: Date): Promise<void> {
  const credentials = store.collection<CredentialDoc>(CREDENTIALS);
  const current = await credentials.get(userId);
  await credentials.upsert(userId, { userId, passwordHash, setAt: at.toISOString() }, (current?.revision ?? 0) + 1);
}

export async function passwordHashOf(store: DocumentSession, userId: string): Promise<string | null> {
  return (await store.collection<CredentialDoc>(CREDENTIALS).get(userId))?.data.passwordHash ?? null;
}
