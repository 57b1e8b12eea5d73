import type { AppConfig } from '../config/config.js';
import { HttpMessagingSender } from './http-messaging-sender.js';
import { ChannelNotifier, type ChannelSender, type Notifier } from './notifier.js';
import type { OutboxSender } from './outbox.js';
import { SmtpEmailSender } from './smtp-sender.js';

/** Each channel goes to its configured provider, else to the outbox; with the dev outbox on, everything is copied there too. */
export function createNotifier(config: AppConfig, outbox: OutboxSender): Notifier {
  const messaging = (url: string | undefined): ChannelSender => (url ? new HttpMessagingSender(url, config.messagingApiKey ?? '') : outbox);
  return new ChannelNotifier(
    {
      email: config.smtpUrl ? new SmtpEmailSender(config.smtpUrl, config.mailFrom) : outbox,
      sms: messaging(config.smsApiUrl),
      whatsapp: messaging(config.whatsappApiUrl),
    },
    config.devOutbox ? outbox : undefined,
  );
}
