import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RecordedEvent } from '@onsite/domain';
import { createStores } from '@onsite/infrastructure';
import { runAuditExportCli, runAuditVerifyCli } from '../audit/audit-cli.js';
import { eventsOf, headerOf, writeAuditExport } from '../audit/audit-export.js';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { freePort } from '../test-support/free-port.js';
import { BACKUP_ACCESS_FILE, BACKUP_ROUTE, type BackupAccess } from './backup-route.js';
import { runBackupCli, runRestoreCli } from './backup-cli.js';

/** The built server (the type-check step of `npm test` builds it before this tier runs). */
const API = resolve(__dirname, '../../dist/main.js');
const PASSWORD = 'Onsite-demo-1';
const CLIENTS = 3;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const METRICS_TOKEN = 'backup-test-metrics-token-0123456789abcdef';

interface Server {
  readonly process: ChildProcess;
  readonly url: string;
  readonly output: string[];
}

interface Reply {
  readonly status: number;
  readonly body: { data?: unknown; error?: string; token?: string };
}

type Detail = { _id: string; refId: string; version: number; status: string; content: { additionalInformation: { files?: { path: string }[] } } };
type ListPage = { items: { refId: string }[]; total: number; page: number; pageSize: number };

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [API], {
    env: {
      ...process.env,
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_HISTORY: 'false',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'log',
      NODE_ENV: 'production',
      METRICS_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { process: child, url: `http://127.0.0.1:${port}`, output: [] };
  await new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      server.output.push(chunk.toString());
      if (/Onsite is listening/.test(chunk.toString())) done();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`the server on ${dataDir} exited with ${code}: ${server.output.join('').slice(-2000)}`)));
  });
  return server;
}

async function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((done) => server.process.once('exit', done));
  server.process.kill('SIGTERM');
  await exited;
}

/** Until every projection has applied every committed event (the metrics' lag), so reads show the whole log. */
async function caughtUp(server: Server): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const text = await (await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const lags = [...text.matchAll(/^onsite_projection_lag_events\{[^}]*\} (\S+)$/gm)].map((m) => Number(m[1]));
    if (lags.length > 0 && lags.every((lag) => lag === 0)) return;
    await sleep(100);
  }
  throw new Error(`the projections of ${server.url} did not catch up`);
}

async function call(server: Server, path: string, body: unknown, token?: string): Promise<Reply> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

async function ok<T>(server: Server, path: string, body: unknown, token?: string): Promise<T> {
  const reply = await call(server, path, body, token);
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data as T;
}

/** Every page of a user's order list, as the console pages it (10 a page, newest change first). */
async function allPages(server: Server, token: string): Promise<ListPage[]> {
  const pages: ListPage[] = [];
  for (let page = 1; ; page++) {
    const data = await ok<ListPage>(server, '/api/order/list', { page, pageSize: 10 }, token);
    pages.push(data);
    if (page * 10 >= data.total) return pages;
  }
}

const LOGINS = ['bl.admin', 'bl.planner', 'bl.auditor', 'ec.admin', 'ec2.admin', 'ec3.admin', 'oem.admin', 'oem2.admin'];
/** Who issues the load: their lists change after the backup point; every other list must stay page for page. */
const LOAD_USER = 'ec.admin';

/**
 * A running embedded server backed up (`npm run backup`) while clients create and submit quote requests, restored
 * (`npm run restore`) into a new directory and started there: every order acknowledged before the backup began is in
 * it; every order detail and every list page equals the original's at the backup point; the restored log's audit
 * export verifies against the head of the original's export over the same events (D198).
 */
describe('backup of a running embedded server under load, restored and compared', () => {
  let root: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'onsite-backup-'));
  });
  afterAll(async () => {
    for (const server of servers) await stopServer(server);
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('restores a consistent copy taken under write load', async () => {
    const originalDir = join(root, 'original');
    const restoredDir = join(root, 'restored');
    const backupFile = join(root, 'backups', 'onsite.tar');
    const original = await startServer(originalDir);
    servers.push(original);
    const tokens = new Map<string, string>();
    for (const login of LOGINS) {
      const reply = await call(original, '/api/log-in', { email: `${login}@demo.onsite.test`, password: PASSWORD });
      expect(reply.status).toBe(200);
      tokens.set(login, reply.body.token!);
    }
    const loadToken = tokens.get(LOAD_USER)!;

    // An uploaded file, attached to an order before the backup.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'site-plan.pdf');
    const uploaded = await fetch(`${original.url}/api/file/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${loadToken}` } });
    expect(uploaded.status).toBe(200);
    const { uploadId } = ((await uploaded.json()) as { data: { uploadId: string } }).data;
    const body = quoteRequestBody();
    const withFile = { ...body, content: { ...body.content, additionalInformation: { ...body.content.additionalInformation, files: [{ uploadId }] } } };
    const created = await ok<Detail>(original, '/api/order/create', withFile, loadToken);
    const attached = await ok<Detail>(original, '/api/order/getByRefId', { refId: created.refId }, loadToken);
    expect(attached.content.additionalInformation.files).toHaveLength(1);

    // The load: each client creates a quote request and submits it, over and over.
    const acknowledged: { refId: string; at: number; status: string }[] = [];
    let stopping = false;
    let failures = 0;
    const client = async () => {
      while (!stopping) {
        try {
          const draft = await ok<Detail>(original, '/api/order/create', quoteRequestBody(), loadToken);
          acknowledged.push({ refId: draft.refId, at: Date.now(), status: draft.status });
          const submitted = await ok<Detail>(
            original,
            '/api/order/submit',
            { orderId: draft._id, version: draft.version, disclaimerAccepted: true },
            loadToken,
          );
          acknowledged.push({ refId: submitted.refId, at: Date.now(), status: submitted.status });
        } catch {
          failures++;
          await sleep(20);
        }
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, () => client()));
    await sleep(1_500);

    // A request that is not the operator's never gets a backup.
    const access = JSON.parse(await readFile(join(originalDir, BACKUP_ACCESS_FILE), 'utf8')) as BackupAccess;
    const refused = await Promise.all([
      fetch(`${original.url}${BACKUP_ROUTE}`, { method: 'POST' }),
      fetch(`${original.url}${BACKUP_ROUTE}`, { method: 'POST', headers: { authorization: 'Bearer wrong' } }),
      fetch(`${original.url}${BACKUP_ROUTE}`, { method: 'POST', headers: { authorization: `Bearer ${access.token}`, 'x-forwarded-for': '203.0.113.9' } }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404]);

    const backupBegan = Date.now();
    const before = acknowledged.filter((a) => a.at < backupBegan);
    const lines: string[] = [];
    const io = { env: { ...process.env, PROFILE: 'embedded', DATA_DIR: originalDir }, out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runBackupCli(['--out', backupFile], io)).toBe(0);
    const backupEnded = Date.now();
    await sleep(300);
    stopping = true;
    await load;
    expect(before.length).toBeGreaterThan(0);
    // Commands were answered while the backup was being taken.
    expect(acknowledged.filter((a) => a.at >= backupBegan && a.at <= backupEnded).length).toBeGreaterThan(0);
    expect(failures).toBe(0);
    expect(existsSync(`${backupFile}.partial`)).toBe(false);

    // Never over a store: a non-empty directory is refused.
    const restoreLines: string[] = [];
    const restoreIo = (dataDir: string) => ({
      env: { ...process.env, PROFILE: 'embedded', DATA_DIR: dataDir },
      out: (l: string) => restoreLines.push(l),
      err: (l: string) => restoreLines.push(l),
    });
    const occupied = join(root, 'occupied');
    await mkdir(occupied, { recursive: true });
    await writeFile(join(occupied, 'keep.txt'), 'mine');
    expect(await runRestoreCli([backupFile], restoreIo(occupied))).toBe(1);
    expect(restoreLines.join('\n')).toMatch(/is not empty: a backup is restored only into an empty/);
    expect(await readdir(occupied)).toEqual(['keep.txt']);

    expect(await runRestoreCli([backupFile], restoreIo(restoredDir))).toBe(0);
    expect(await readFile(join(restoredDir, 'files', attached.content.additionalInformation.files![0]!.path))).toEqual(pdf);

    const restored = await startServer(restoredDir);
    servers.push(restored);
    await caughtUp(restored);
    await caughtUp(original);

    // Every order acknowledged before the backup began is there, at least as far as it was acknowledged.
    const staff = tokens.get('bl.admin')!;
    for (const { refId, status } of before) {
      const detail = await ok<Detail>(restored, '/api/order/getByRefId', { refId }, staff);
      // The acknowledged status, or one the load acknowledged for it later (a submit under way while the copy was taken).
      const statuses = acknowledged.filter((a) => a.refId === refId).map((a) => a.status);
      expect(statuses.slice(statuses.indexOf(status))).toContain(detail.status);
    }

    // Every order detail equals the original's as of the backup point: the same, or, when the load changed it
    // afterwards, the original's at the version the copy holds.
    const restoredOrders = (await allPages(restored, staff)).flatMap((page) => page.items.map((item) => item.refId));
    const changedAfter = new Set<string>();
    for (const refId of restoredOrders) {
      const copy = await ok<Detail>(restored, '/api/order/getByRefId', { refId }, staff);
      const now = await ok<Detail>(original, '/api/order/getByRefId', { refId }, staff);
      if (now.version === copy.version) {
        expect(copy).toEqual(now);
      } else {
        changedAfter.add(refId);
        expect(now.version).toBeGreaterThan(copy.version);
        const then = await ok<Detail & { historical?: unknown }>(original, '/api/order/getByRefId', { refId, asOfVersion: copy.version }, staff);
        const { historical, ...asOf } = then;
        expect(historical).toBeDefined();
        expect(copy).toEqual(asOf);
      }
    }
    expect(changedAfter.size).toBeLessThanOrEqual(CLIENTS);
    const during = acknowledged.filter((a) => a.at >= backupBegan && a.at <= backupEnded).length;
    console.log(
      `backup under load: ${before.length} commands acknowledged before it began, ${during} while it was taken (${backupEnded - backupBegan} ms), ` +
        `${acknowledged.length} in all; ${restoredOrders.length} orders restored, ${changedAfter.size} of them changed after the backup point`,
    );

    // Every list page: page for page for the users the load does not touch; for the others the same orders in the
    // same order once the ones created or changed after the backup point are set aside.
    const loadOrders = new Set(acknowledged.map((a) => a.refId));
    for (const login of LOGINS) {
      const token = tokens.get(login)!;
      const copyPages = await allPages(restored, token);
      const nowPages = await allPages(original, token);
      const copyItems = copyPages.flatMap((page) => page.items);
      const nowItems = nowPages.flatMap((page) => page.items);
      if (!nowItems.some((item) => loadOrders.has(item.refId))) {
        expect(copyPages).toEqual(nowPages);
        continue;
      }
      const inCopy = new Set(copyItems.map((item) => item.refId));
      const settled = (item: { refId: string }) => !changedAfter.has(item.refId);
      expect(copyItems.filter(settled)).toEqual(nowItems.filter((item) => inCopy.has(item.refId) && settled(item)));
    }
    expect(LOGINS.filter((login) => login !== LOAD_USER).length).toBeGreaterThan(0);

    await stopServer(restored);
    await stopServer(original);
    // Stopped, the server leaves no way in: the access file is gone, and the script says what to do instead.
    expect(existsSync(join(originalDir, BACKUP_ACCESS_FILE))).toBe(false);
    lines.length = 0;
    expect(await runBackupCli(['--out', join(root, 'none.tar')], io)).toBe(1);
    expect(lines.join('\n')).toMatch(/No running server owns .*: npm run backup asks the running server/);

    // The audit export of the restored log (npm run audit:export) verifies against the head of the original's export
    // over the same events, in the same order.
    const exportedAt = new Date('2026-01-01T00:00:00.000Z');
    const restoredExport = join(root, 'restored.ndjson');
    const cliLines: string[] = [];
    const cliIo = {
      env: { ...process.env, PROFILE: 'embedded', DATA_DIR: restoredDir },
      clock: () => exportedAt,
      out: (l: string) => cliLines.push(l),
      err: (l: string) => cliLines.push(l),
    };
    expect(await runAuditExportCli(['--out', restoredExport], cliIo)).toBe(0);

    const copyStores = await createStores({ profile: 'embedded', dataDir: join(restoredDir, 'pglite') });
    const copyIds = new Set<string>();
    for await (const e of eventsOf(copyStores.storedEvents, { kind: 'range' })) copyIds.add(e.eventId);
    await copyStores.close();
    const originalStores = await createStores({ profile: 'embedded', dataDir: join(originalDir, 'pglite') });
    const originalLines: string[] = [];
    let originalEvents = 0;
    const atBackupPoint = await writeAuditExport(
      eventsOf(originalStores.storedEvents, { kind: 'range' }, (e: RecordedEvent) => {
        originalEvents++;
        return copyIds.has(e.eventId);
      }),
      headerOf({ kind: 'range' }, exportedAt),
      (line) => void originalLines.push(line),
    );
    await originalStores.close();

    expect(atBackupPoint.events).toBe(copyIds.size);
    expect(originalEvents).toBeGreaterThan(copyIds.size);
    expect((await readFile(restoredExport, 'utf8')).trimEnd().split('\n')).toEqual(originalLines.map((line) => line.trimEnd()));
    const verifyLines: string[] = [];
    expect(await runAuditVerifyCli([restoredExport, '--head', atBackupPoint.head], { out: (l) => verifyLines.push(l), err: (l) => verifyLines.push(l) })).toBe(
      0,
    );
  }, 240_000);
});
