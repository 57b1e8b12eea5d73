import type { ChannelSender, OutgoingMessage } from './notifier.js';

/**
 * SMS or WhatsApp through an HTTP messaging provider: a JSON POST of { channel, to, text } with a bearer key.
 * Providers differ in payload; an adapter per provider replaces this one when one is chosen.
 */
export class HttpMessagingSender implements ChannelSender {
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify({ channel: message.channel, to: message.to, text: message.text }),
    });
    if (!response.ok) throw new Error(`Messaging provider answered ${response.status} for a ${message.channel} message.`);
  }
}
