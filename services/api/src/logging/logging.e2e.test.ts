import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { userIdOf, companyIdOf } from '../test-support/order-flows.js';
import { freePort } from '../test-support/free-port.js';

/** The built server (the type-check step of `npm test` builds it before this tier runs). */
const SERVER = resolve(__dirname, '../../dist/main.js');

type Line = Record<string, unknown>;

/** The real server process with JSON logs: its stdout read line by line, as a log shipper would. */
describe('structured logs: one JSON line per request and per command, tied by the correlation id', () => {
  let dataDir: string;
  let port: number;
  let server: ChildProcess;
  const lines: Line[] = [];
  const raw: string[] = [];
  const base = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    if (!existsSync(SERVER)) throw new Error(`Build the server first (npm run build:server): ${SERVER} is missing.`);
    dataDir = mkdtempSync(join(tmpdir(), 'onsite-logs-'));
    port = await freePort();
    server = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        PROFILE: 'embedded',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: '/nonexistent',
        SEED_DEMO: 'true',
        SEED_DEMO_HISTORY: 'false',
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    createInterface({ input: server.stdout! }).on('line', (line) => {
      raw.push(line);
      try {
        lines.push(JSON.parse(line) as Line);
      } catch {
        lines.push({ unparsed: line });
      }
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} while starting`);
      try {
        if ((await fetch(`${base()}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error('the server did not start within 90 s');
  }, 120_000);
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const linesOf = async (correlationId: string, count: number): Promise<Line[]> => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = lines.filter((line) => line.correlationId === correlationId);
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((done) => setTimeout(done, 50));
    }
  };

  it('writes every line as JSON with a level, a time and a message', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toHaveProperty('unparsed');
      expect(line).toEqual(expect.objectContaining({ level: expect.any(String), time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }));
    }
  });

  it("carries the caller's x-request-id on the request line and on the command the request caused, with the user and company ids and nothing personal", async () => {
    const login = await fetch(`${base()}/api/log-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ec.admin@demo.onsite.test', password: 'Onsite-demo-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const correlationId = `create-${randomUUID()}`;
    const body = quoteRequestBody();
    const remarks = `Remarks only the order holds ${randomUUID()}`;
    body.content.additionalInformation.remarks = remarks;
    const response = await fetch(`${base()}/api/order/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': correlationId },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(correlationId);
    expect(response.headers.get('x-correlation-id')).toBe(correlationId);

    const tied = await linesOf(correlationId, 2);
    const ids = { userId: userIdOf('ec.admin'), companyId: companyIdOf('ec') };
    expect(tied).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'info',
          context: 'http',
          msg: 'request',
          method: 'POST',
          route: '/api/order/create',
          status: 200,
          durationMs: expect.any(Number),
          ...ids,
        }),
        expect.objectContaining({ level: 'debug', context: 'commands', msg: 'command', command: 'CreateOrder', outcome: 'accepted', ...ids }),
      ]),
    );
    // The bearer token and the order's content are never written; the log holds ids.
    const all = raw.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain(remarks);
    expect(all).not.toContain('Reading plant');
  });

  it('makes up a correlation id when the caller sends none, returns it, and logs the refusal under it', async () => {
    const response = await fetch(`${base()}/api/order/getByRefId`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    const correlationId = response.headers.get('x-request-id')!;
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await response.json()) as unknown).toMatchObject({ correlationId });
    expect(await linesOf(correlationId, 1)).toEqual([expect.objectContaining({ msg: 'request', route: '/api/order/getByRefId', status: 401 })]);
  });
});
