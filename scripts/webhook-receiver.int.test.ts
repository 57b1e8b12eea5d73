import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { signatureHeader } from '@onsite/workers';
import { freePort } from '../services/api/src/test-support/free-port.js';

/** The example receiver of docs/integration.md does what the page says. */
describe('scripts/webhook-receiver.mjs', () => {
  let child: ChildProcess;
  let url: string;
  const lines: string[] = [];
  const NEW = 'whsec_new-secret-for-the-example-receiver-test';
  const OLD = 'whsec_old-secret-for-the-example-receiver-test';

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/onsite/webhooks`;
    child = spawn(process.execPath, [join(__dirname, 'webhook-receiver.mjs'), '--port', String(port)], {
      env: { ...process.env, WEBHOOK_SECRET: `${NEW},${OLD}` },
    });
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.trim().split('\n')));
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('listening')); i++) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(() => void child.kill('SIGTERM'));

  const send = (body: string, header: string, to = url) =>
    fetch(to, { method: 'POST', body, headers: { 'content-type': 'application/json', 'onsite-signature': header } });
  const now = () => Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ id: 'evt-1', kind: 'offer.made', orderId: 'o-1', orderRef: 'ON-26-AAAAAA', occurredAt: new Date().toISOString(), data: {} });

  it('accepts a message signed with either secret of a rotation, once; a repeat is acknowledged and dropped', async () => {
    expect((await send(body, signatureHeader([OLD], now(), body))).status).toBe(204);
    expect((await send(body, signatureHeader([NEW, OLD], now(), body))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.filter((l) => l.includes('"received"'))).toHaveLength(1);
    expect(lines.some((l) => l.includes('"duplicate":"evt-1"'))).toBe(true);
  });

  it('refuses another secret, a changed body, an old signature and another path', async () => {
    expect((await send(body, signatureHeader(['whsec_someone-else'], now(), body))).status).toBe(400);
    expect((await send(`${body} `, signatureHeader([NEW], now(), body))).status).toBe(400);
    expect((await send(body, signatureHeader([NEW], now() - 600, body))).status).toBe(400);
    expect((await send(body, 'v1=00')).status).toBe(400);
    expect((await send(body, signatureHeader([NEW], now(), body), url.replace('/onsite/webhooks', '/other'))).status).toBe(404);
  });
});
