import { randomUUID } from 'node:crypto';
import type { OutboxEntry } from '@onsite/contracts';
import type { DocumentStore } from '@onsite/infrastructure';
import type { ChannelSender, OutgoingMessage } from './notifier.js';

/** The dev outbox: in the embedded profile every message is kept here, so links work on a laptop. */
export const OUTBOX = 'dev_outbox';

export type { OutboxEntry };

export class OutboxSender implements ChannelSender {
  constructor(
    private readonly store: DocumentStore,
    private readonly clock: () => Date,
  ) {}

  async ensure(): Promise<void> {
    await this.store.ensureCollection({ name: OUTBOX, indexes: [{ name: 'dev_outbox_to', paths: ['to'] }] });
  }

  async send(message: OutgoingMessage): Promise<void> {
    const _id = randomUUID();
    await this.store.collection<OutboxEntry>(OUTBOX).upsert(_id, { ...message, _id, sentAt: this.clock().toISOString() }, 1);
  }

  list(to?: string): Promise<OutboxEntry[]> {
    return this.store.collection<OutboxEntry>(OUTBOX).find({
      ...(to ? { filter: { to: to.trim().toLowerCase() } } : {}),
      sort: [{ path: 'sentAt', direction: 'desc' }],
      limit: 100,
    });
  }
}
