import type { Channel } from '@onsite/domain';

/** A message to one recipient on one channel. `to` is an e-mail address or an E.164 phone number. */
export interface OutgoingMessage {
  readonly channel: Channel;
  readonly to: string;
  /** What the message is for (invitation, verify-email, password-reset, ...), kept in the dev outbox. */
  readonly kind: string;
  readonly subject: string;
  readonly text: string;
  /** The link the message carries, if any (set-password, verification, reset). */
  readonly link?: string;
}

/** The port through which every message leaves the system. */
export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
}

/** One adapter per channel. */
export interface ChannelSender {
  send(message: OutgoingMessage): Promise<void>;
}

export const NOTIFIER = Symbol('NOTIFIER');

/** Routes each message to its channel's sender, and copies every message to the outbox when there is one. */
export class ChannelNotifier implements Notifier {
  constructor(
    private readonly senders: Readonly<Record<Channel, ChannelSender>>,
    private readonly outbox?: ChannelSender,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.outbox?.send(message);
    if (this.senders[message.channel] !== this.outbox) await this.senders[message.channel].send(message);
  }
}
