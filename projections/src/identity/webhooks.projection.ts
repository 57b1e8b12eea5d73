import type { RecordedEvent, WebhookEvent, WebhookEventKind, WebhookPauseReason } from '@onsite/domain';
import { WEBHOOK_EVENT_TYPES } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const WEBHOOKS = 'webhooks';

/** A company's webhook endpoint as its administrators list it (D215); its secret is never here. */
export interface WebhookDocument {
  readonly id: string;
  readonly companyId: string;
  readonly url: string;
  readonly kinds: readonly WebhookEventKind[];
  readonly status: 'ACTIVE' | 'PAUSED';
  readonly pausedReason: WebhookPauseReason | null;
  readonly replayFrom: string | null;
  readonly createdAt: string;
  readonly createdByUserId: string;
  readonly previousSecretUntil: string | null;
  readonly removedAt: string | null;
}

/** The endpoints of every company, one document per endpoint, guarded by the endpoint's stream version. */
export const webhooksProjection: Projection = {
  name: 'webhooks',
  collections: [{ name: WEBHOOKS, indexes: [{ name: 'webhooks_company', paths: ['companyId'] }] }],
  handles: WEBHOOK_EVENT_TYPES,
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const collection = session.collection<WebhookDocument>(WEBHOOKS);
    const event = { type: recorded.type, data: recorded.data } as WebhookEvent;
    const id = event.type === 'WEBHOOK_REGISTERED' ? event.data.webhook.id : event.data.id;
    const found = await collection.get(id);
    if (found && found.revision >= recorded.streamVersion) return;
    const { occurredAt, actorUserId } = recorded.metadata;
    if (event.type === 'WEBHOOK_REGISTERED') {
      const { webhook } = event.data;
      await collection.upsert(
        id,
        {
          id,
          companyId: webhook.companyId,
          url: webhook.url,
          kinds: webhook.kinds,
          status: 'ACTIVE',
          pausedReason: null,
          replayFrom: webhook.replayFrom ?? null,
          createdAt: occurredAt,
          createdByUserId: actorUserId,
          previousSecretUntil: null,
          removedAt: null,
        },
        recorded.streamVersion,
      );
      return;
    }
    if (!found) return;
    const doc = found.data;
    const next = ((): WebhookDocument => {
      switch (event.type) {
        case 'WEBHOOK_CHANGED':
          return { ...doc, url: event.data.url, kinds: event.data.kinds };
        case 'WEBHOOK_PAUSED':
          return { ...doc, status: 'PAUSED', pausedReason: event.data.reason };
        case 'WEBHOOK_RESUMED':
          return { ...doc, status: 'ACTIVE', pausedReason: null };
        case 'WEBHOOK_SECRET_ROTATED':
          return { ...doc, previousSecretUntil: event.data.previousSecretUntil };
        case 'WEBHOOK_REMOVED':
          return { ...doc, removedAt: occurredAt };
        case 'WEBHOOK_RESEND_REQUESTED':
          return doc;
      }
    })();
    await collection.upsert(id, next, recorded.streamVersion);
  },
};

/** A company's endpoints (not removed), oldest first. */
export async function listWebhooks(store: DocumentSession, companyId: string): Promise<WebhookDocument[]> {
  const docs = await store.collection<WebhookDocument>(WEBHOOKS).find({ filter: { companyId } });
  return docs.filter((d) => d.removedAt === null).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export async function getWebhook(store: DocumentSession, id: string): Promise<WebhookDocument | null> {
  return (await store.collection<WebhookDocument>(WEBHOOKS).get(id))?.data ?? null;
}
