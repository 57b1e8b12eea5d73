import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { linkMessage } from './messages.js';
import { SmtpEmailSender } from './smtp-sender.js';

describe('SMTP e-mail adapter', () => {
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers an invitation with its link to a real SMTP server', async () => {
    const sender = new SmtpEmailSender(`smtp://127.0.0.1:${port}`, 'Onsite <no-reply@onsite.test>');
    await sender.send(linkMessage('invitation', 'email', 'nia@thames.test', 'http://onsite.test/en/set-password?token=abc'));
    sender.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@onsite.test', to: ['nia@thames.test'] });
    expect(received[0]!.raw).toContain('Subject: You are invited to Onsite');
    expect(received[0]!.raw).toContain('http://onsite.test/en/set-password?token=abc');
  });
});
