import { createTransport, type Transporter } from 'nodemailer';
import type { ChannelSender, OutgoingMessage } from './notifier.js';

/** E-mail over SMTP (nodemailer). `url` is an smtp:// or smtps:// URL with optional credentials. */
export class SmtpEmailSender implements ChannelSender {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  close(): void {
    this.transport.close();
  }
}
