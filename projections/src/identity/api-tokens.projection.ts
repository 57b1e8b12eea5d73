import type { ApiTokenEvent, ApiTokenScope, RecordedEvent, Role } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const API_TOKENS = 'api_tokens';

/** A company's API token as its administrators list it (D211); the secret's hash stays in the token's stream. */
export interface ApiTokenDocument {
  readonly id: string;
  readonly name: string;
  readonly companyId: string;
  readonly scope: ApiTokenScope;
  readonly userId: string;
  readonly role: Role;
  readonly createdAt: string;
  readonly createdByUserId: string;
  readonly createdOnBehalfOfUserId?: string;
  readonly expiresAt: string;
  readonly revokedAt: string | null;
  readonly revokedByUserId: string | null;
}

/** The tokens of every company, one document per token, guarded by the token's stream version. */
export const apiTokensProjection: Projection = {
  name: 'api-tokens',
  collections: [{ name: API_TOKENS, indexes: [{ name: 'api_tokens_company', paths: ['companyId'] }] }],
  handles: ['API_TOKEN_CREATED', 'API_TOKEN_REVOKED'] satisfies readonly ApiTokenEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const collection = session.collection<ApiTokenDocument>(API_TOKENS);
    const event = { type: recorded.type, data: recorded.data } as ApiTokenEvent;
    const id = event.type === 'API_TOKEN_CREATED' ? event.data.token.id : event.data.id;
    const found = await collection.get(id);
    if (found && found.revision >= recorded.streamVersion) return;
    const { actorUserId, onBehalfOfUserId, occurredAt } = recorded.metadata;
    if (event.type === 'API_TOKEN_CREATED') {
      const { token } = event.data;
      await collection.upsert(
        id,
        {
          id,
          name: token.name,
          companyId: token.companyId,
          scope: token.scope,
          userId: token.userId,
          role: token.role,
          createdAt: occurredAt,
          createdByUserId: actorUserId,
          ...(onBehalfOfUserId ? { createdOnBehalfOfUserId: onBehalfOfUserId } : {}),
          expiresAt: token.expiresAt,
          revokedAt: null,
          revokedByUserId: null,
        },
        recorded.streamVersion,
      );
      return;
    }
    if (!found) return;
    await collection.upsert(id, { ...found.data, revokedAt: occurredAt, revokedByUserId: actorUserId }, recorded.streamVersion);
  },
};

/** A company's tokens, newest first. */
export async function listApiTokens(store: DocumentSession, companyId: string): Promise<ApiTokenDocument[]> {
  const docs = await store.collection<ApiTokenDocument>(API_TOKENS).find({ filter: { companyId } });
  return docs.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

export async function getApiToken(store: DocumentSession, id: string): Promise<ApiTokenDocument | null> {
  return (await store.collection<ApiTokenDocument>(API_TOKENS).get(id))?.data ?? null;
}
