import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@onsite/domain';
import type { DocumentStore } from '@onsite/infrastructure';

/**
 * The signing secrets of webhook endpoints: application state, not events (as password hashes, D1), since the
 * dispatcher needs the secret itself to sign and a secret must be replaceable and erasable. One document per endpoint:
 * the current secret and, after a rotation, the previous one with the instant it stops signing.
 */
export const WEBHOOK_SECRETS = 'webhook_secrets';

interface WebhookSecretsDocument {
  readonly current: string;
  readonly previous: string | null;
  readonly previousUntil: string | null;
}

export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

export class WebhookSecrets {
  constructor(private readonly store: DocumentStore) {}

  async ensure(): Promise<void> {
    await this.store.ensureCollection({ name: WEBHOOK_SECRETS });
  }

  /** A new endpoint's secret (before its registration is recorded, so no delivery is ever without one). */
  async create(id: string): Promise<string> {
    const secret = newWebhookSecret();
    await this.collection().upsert(id, { current: secret, previous: null, previousUntil: null }, 1);
    return secret;
  }

  /** A new current secret; the old one keeps signing until `previousUntil`. Returns the new secret. */
  async rotate(id: string, previousUntil: string): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const doc = await this.collection().get(id);
      const secret = newWebhookSecret();
      const data = { current: secret, previous: doc?.data.current ?? null, previousUntil: doc ? previousUntil : null };
      if (await this.collection().upsert(id, data, (doc?.revision ?? 0) + 1)) return secret;
    }
    throw new Error(`The secret of webhook ${id} changed concurrently.`);
  }

  /** The secrets that sign now: the current one first, then the previous one while its overlap lasts. */
  async signing(id: string, now: Date): Promise<string[]> {
    const doc = (await this.collection().get(id))?.data;
    if (!doc) return [];
    return doc.previous && doc.previousUntil && Date.parse(doc.previousUntil) > now.getTime() ? [doc.current, doc.previous] : [doc.current];
  }

  async remove(id: string): Promise<void> {
    await this.collection().delete(id);
  }

  private collection() {
    return this.store.collection<WebhookSecretsDocument>(WEBHOOK_SECRETS);
  }
}
