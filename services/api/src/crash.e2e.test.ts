import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { orderStreamId } from '@onsite/domain';
import { START } from '@onsite/infrastructure';
import { ALL_PROJECTIONS, rebuild } from '@onsite/projections';
import { openRuntime } from './bootstrap.js';
import { loadConfig } from './config/config.js';
import { quoteRequestBody } from './test-support/order-bodies.js';
import { freePort } from './test-support/free-port.js';

/** The built server (the type-check step of `npm test` builds it before this tier runs). */
const SERVER = resolve(__dirname, '../dist/main.js');
const KILLS = 4;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The real server process on one data directory, killed with SIGKILL in the middle of a stream of commands and
 * restarted at once, several times: every acknowledged write is still there, no order stream has a gap, and
 * the read models the restarted server caught up equal a rebuild from the first event.
 */
describe('crash: the server killed mid-stream and restarted at once', () => {
  let dataDir: string;
  let port: number;
  let server: ChildProcess | null = null;
  const base = () => `http://127.0.0.1:${port}`;

  async function start(): Promise<void> {
    // A port of its own at each start: the one the killed server held may be taken by then (another test's server,
    // or a connection's local port), and a health check answered there would not be this server's.
    port = await freePort();
    const child = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        PROFILE: 'embedded',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: '/nonexistent',
        SEED_DEMO: 'true',
        SEED_DEMO_HISTORY: 'false',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    server = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
      try {
        if ((await fetch(`${base()}/api/health`)).ok && child.exitCode === null) return;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    throw new Error('the server did not start within 60 s');
  }

  async function kill(signal: NodeJS.Signals): Promise<void> {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    await exited;
  }

  beforeAll(async () => {
    if (!existsSync(SERVER)) throw new Error(`Build the server first (npm run build:server): ${SERVER} is missing.`);
    dataDir = mkdtempSync(join(tmpdir(), 'onsite-crash-'));
  });
  afterAll(async () => {
    await kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged write, leaves no gap, and its read models equal a rebuild', async () => {
    await start();
    const post = async (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { data?: { _id: string; refId: string; version: number }; token?: string } };
    };
    const login = async () => (await post('/api/log-in', { email: 'ec.admin@demo.onsite.test', password: 'Onsite-demo-1' })).body.token!;

    /** Every write the server acknowledged (2xx): the order and the version the answer gave. */
    const acknowledged = new Map<string, { refId: string; version: number }>();
    let writes = 0;
    let refusedByCrash = 0;
    let killing = true;

    const writer = async () => {
      let token = await login();
      while (killing) {
        try {
          const created = await post('/api/order/create', quoteRequestBody(), token, { 'idempotency-key': randomUUID() });
          if (created.status === 401) {
            token = await login();
            continue;
          }
          if (created.status !== 200) throw new Error(`create answered ${created.status}`);
          const order = created.body.data!;
          acknowledged.set(order._id, { refId: order.refId, version: order.version });
          writes++;
          const submitted = await post('/api/order/submit', { orderId: order._id, version: order.version, disclaimerAccepted: true }, token);
          if (submitted.status === 200) {
            acknowledged.set(order._id, { refId: order.refId, version: submitted.body.data!.version });
            writes++;
          } else if (submitted.status >= 500) {
            throw new Error(`submit answered ${submitted.status}`);
          }
        } catch (error) {
          // The server went away mid-request: that write was never acknowledged. Wait for the restart.
          if (error instanceof Error && /answered/.test(error.message)) throw error;
          refusedByCrash++;
          await sleep(200);
        }
      }
    };

    const killer = async () => {
      for (let i = 0; i < KILLS; i++) {
        await sleep(600 + Math.floor(Math.random() * 900));
        await kill('SIGKILL');
        await start();
      }
      await sleep(500);
      killing = false;
    };

    await Promise.all([writer(), killer()]);
    await kill('SIGTERM');

    // Open the data directory as the next server would, let the projections catch up from their checkpoints.
    const config = loadConfig({
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      RUN_WORKERS: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
    });
    const runtime = await openRuntime(config);
    try {
      let lost = 0;
      const gaps: string[] = [];
      for (const [orderId, ack] of acknowledged) {
        const events = await runtime.eventStore.readStream(orderStreamId(orderId));
        const versions = events.map((e) => e.streamVersion);
        if (versions.some((v, i) => v !== i + 1)) gaps.push(`${ack.refId}: ${versions.join(',')}`);
        if (versions.length < ack.version) lost++;
      }
      console.log(
        `crash: ${writes} writes acknowledged over ${acknowledged.size} orders, ${KILLS} kills (SIGKILL), ${refusedByCrash} requests refused or cut while the server was down, ${lost} acknowledged writes lost`,
      );
      expect(writes).toBeGreaterThan(KILLS);
      expect(lost).toBe(0);
      expect(gaps).toEqual([]);

      await runtime.projections.waitFor(await lastCheckpointOf(runtime));
      await runtime.projections.stop();
      const live = await snapshot(runtime);
      // A write the server committed but could not answer before it died is there too: more orders, never fewer.
      const listed = new Set((live.order_list ?? []).map((doc) => (doc as { id: string }).id));
      expect([...acknowledged.keys()].filter((id) => !listed.has(id))).toEqual([]);
      await rebuild(runtime, ALL_PROJECTIONS);
      expect(await snapshot(runtime)).toEqual(live);
    } finally {
      await runtime.close();
    }
  }, 180_000);
});

type Runtime = Awaited<ReturnType<typeof openRuntime>>;

/** The checkpoint of the last event in the log, so the test can wait for the projections to reach it. */
async function lastCheckpointOf(runtime: Runtime): Promise<string> {
  let checkpoint = START;
  for (;;) {
    const batch = await runtime.eventStore.readAll(checkpoint, 5_000);
    if (batch.events.length === 0) return checkpoint;
    checkpoint = batch.checkpoint;
  }
}

/** Every document of every read model, by collection, in id order. */
async function snapshot(runtime: Runtime) {
  const out: Record<string, unknown[]> = {};
  for (const projection of ALL_PROJECTIONS) {
    for (const { name } of projection.collections) {
      const docs = await runtime.documentStore.collection(name).findDocuments({ sort: [{ path: '_id', direction: 'asc' }] });
      out[name] = docs.sort((a, b) => a.id.localeCompare(b.id));
    }
  }
  return out;
}
