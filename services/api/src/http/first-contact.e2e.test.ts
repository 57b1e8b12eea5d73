import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/** What a newcomer and an attacker meet first: the console at /, the headers, the dev outbox and the body limits. */
describe('first contact', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'onsite-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Onsite</title><script type="module" src="/assets/app-1.js"></script>');
    writeFileSync(join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'assets', 'app-1.js.br'), brotliCompressSync('console.log(1)'));
    t = await startTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const fetchRaw = (path: string, init?: RequestInit) => fetch(`${t.baseUrl}${path}`, init);

  it('opens the console at / and at every client route, and keeps api 404s as JSON', async () => {
    for (const path of ['/', '/en', '/de/order/ABC-123', '/pt/my-service-orders?status=OFFERED']) {
      const r = await fetchRaw(path);
      expect([path, r.status]).toEqual([path, 200]);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.text()).toContain('<title>Onsite</title>');
    }
    const asset = await fetchRaw('/assets/app-1.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe('console.log(1)');
    const api = await fetchRaw('/api/no-such-call');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not_found' });
  });

  it('sends the security headers on the console, the api and the api docs', async () => {
    for (const path of ['/', '/api/health', '/api/docs', '/api/no-such-call']) {
      const r = await fetchRaw(path);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect([path, csp]).toEqual([path, expect.stringContaining("frame-ancestors 'none'")]);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets only the console itself frame the legal PDFs (its agreement dialogs and legal pages embed them)', async () => {
    const r = await fetchRaw('/api/legal/PRIVACY_POLICY/de.pdf');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    // A real document in the reader's language, over more than one page.
    const pdf = Buffer.from(await r.arrayBuffer()).toString('latin1');
    expect(pdf).toContain('Datenschutzerkl\xe4rung');
    expect(pdf).toMatch(/\/Count [2-9] /);
    const licence = Buffer.from(await (await fetchRaw('/api/legal/TERMS_OF_USE/pt.pdf')).arrayBuffer()).toString('latin1');
    expect(licence).toContain('Contrato de licen\xe7a de usu\xe1rio final');
    const other = await fetchRaw('/api/getLegalDocument', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  describe('the dev outbox', () => {
    it('is closed without a session, to customers and to staff other than administrators', async () => {
      await t.post('/api/password/reset', { email: 'bl.admin@demo.onsite.test' });
      expect((await t.get('/api/dev/outbox?to=bl.admin@demo.onsite.test')).status).toBe(401);
      for (const email of ['ec.admin@demo.onsite.test', 'oem.admin@demo.onsite.test', 'bl.planner@demo.onsite.test']) {
        const r = await t.get('/api/dev/outbox?to=bl.admin@demo.onsite.test', await t.login(email));
        expect([email, r.status, r.body.error]).toEqual([email, 403, 'forbidden']);
        expect(JSON.stringify(r.body)).not.toMatch(/token=/);
      }
    });

    it('shows staff administrators the messages, with their links', async () => {
      await t.post('/api/password/reset', { email: 'ec.planner@demo.onsite.test' });
      const r = await t.get<{ data: { kind: string; link?: string }[] }>(
        '/api/dev/outbox?to=ec.planner@demo.onsite.test',
        await t.login('bl.admin@demo.onsite.test'),
      );
      expect(r.status).toBe(200);
      expect(r.body.data[0]).toMatchObject({ kind: 'password-reset', link: expect.stringContaining('token=') });
    });
  });

  describe('text no store can keep', () => {
    it('is refused with 400 and writes nothing, on public and signed-in routes alike', async () => {
      const before = await t.runtime.eventStore.countEvents();
      for (const bad of ['a\u0000b@demo.onsite.test', 'a\uD800b@demo.onsite.test']) {
        const login = await t.post('/api/log-in', { email: bad, password: 'x' });
        expect([login.status, login.body.error, login.body.details?.[0]]).toEqual([
          400,
          'validation_error',
          expect.objectContaining({ path: 'email', code: 'invalid_characters' }),
        ]);
        const reset = await t.post('/api/password/reset', { email: bad });
        expect(reset.status).toBe(400);
      }
      const token = await t.login('ec.admin@demo.onsite.test');
      const order = await t.post('/api/order/create', { creationType: 'QUOTE_REQUEST', content: { location: { name: 'Plant\u0000 2' } } }, token);
      expect([order.status, order.body.details?.[0]?.path]).toEqual([400, 'content.location.name']);
      expect((await t.get('/api/dev/outbox?to=%00', await t.login('bl.admin@demo.onsite.test'))).status).toBe(400);
      expect(await t.runtime.eventStore.countEvents()).toBe(before);
    });
  });

  describe('body limits', () => {
    const big = (bytes: number) => JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(bytes) });

    it('refuses a large body on a route without uploads with 413, before reading it all', async () => {
      const r = await fetchRaw('/api/log-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big(2 * 1024 * 1024) });
      expect(r.status).toBe(413);
      expect(await r.json()).toMatchObject({ error: 'file_too_large' });
    });

    it('refuses a large JSON body from a signed-in caller too: files travel as multipart, never in JSON', async () => {
      const token = await t.login('bl.sales@demo.onsite.test');
      const signedIn = await fetchRaw('/api/order/offer', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: big(300 * 1024),
      });
      expect(signedIn.status).toBe(413);
      expect(await signedIn.json()).toMatchObject({ error: 'file_too_large' });
    });

    it('answers the upload route 401 without a session before reading the file, and 400 to JSON', async () => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(2 * 1024 * 1024, 0x25)]), 'big.pdf');
      expect((await fetchRaw('/api/file/upload', { method: 'POST', body: form })).status).toBe(401);
      const token = await t.login('bl.sales@demo.onsite.test');
      const json = await fetchRaw('/api/file/upload', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{"file":"JVBERi0="}',
      });
      expect([json.status, ((await json.json()) as { error: string }).error]).toEqual([400, 'validation_error']);
    });
  });
});

describe('the dev outbox with a real mail transport', () => {
  it('does not exist', async () => {
    const t = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const r = await t.get('/api/dev/outbox', await t.login('bl.admin@demo.onsite.test'));
      expect(r.status).toBe(404);
      expect((await t.get<{ data: { devOutbox: boolean } }>('/api/health')).body.data.devOutbox).toBe(false);
    } finally {
      await t.close();
    }
  });
});
