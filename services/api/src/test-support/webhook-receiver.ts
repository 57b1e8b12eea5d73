import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly raw: Buffer;
  readonly headers: IncomingHttpHeaders;
  readonly message: { id: string; kind: string; orderId: string; orderRef: string; occurredAt: string; data: Record<string, unknown> };
}

/**
 * A customer's endpoint on loopback for the tests: it records every request it answers 2xx, can refuse the next
 * requests (500) or messages that match a rule, and can go down (its port closed) and come back on the same port.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Every request that reached it, answered or refused. */
  requests = 0;
  failNext = 0;
  refuse: ((message: ReceivedWebhook['message']) => boolean) | null = null;
  private server: Server | null = null;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/onsite`;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests++;
        const raw = Buffer.concat(chunks);
        const message = JSON.parse(raw.toString('utf8')) as ReceivedWebhook['message'];
        if (this.failNext > 0 || this.refuse?.(message)) {
          if (this.failNext > 0) this.failNext--;
          res.writeHead(500).end('try later');
          return;
        }
        this.received.push({ raw, headers: req.headers, message });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Down: the port refuses connections until start() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages received, each once (the first time), as a receiver that de-duplicates by id keeps them. */
  unique(): ReceivedWebhook['message'][] {
    const seen = new Set<string>();
    return this.received.map((r) => r.message).filter((m) => !seen.has(m.id) && (seen.add(m.id), true));
  }
}
