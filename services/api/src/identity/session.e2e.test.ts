import { startTestApp, type TestApp } from '../test-support/test-app.js';

describe('sessions: log-in, profile, log-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('logs a demo user in with a 256-bit opaque token and returns the profile', async () => {
    const r = await t.post<{ data: { profile: { email: string; type: string; role: string; company: { name: string } } } }>('/api/log-in', {
      email: 'EC.Admin@demo.onsite.test',
      password: 'Onsite-demo-1',
    });
    expect(r.status).toBe(200);
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.data).toMatchObject({
      profile: { email: 'ec.admin@demo.onsite.test', type: 'EC', role: 'ADMIN', company: { name: 'Thames Precision Ltd' } },
    });
    // Everything but the token, which is random base64url and may spell either word by chance (it did once in CI).
    const { token: _token, ...answer } = r.body as Record<string, unknown>;
    expect(JSON.stringify(answer)).not.toMatch(/hash|argon/i);
  });

  it('refuses a wrong password and an unknown e-mail alike with invalid_credentials', async () => {
    const wrong = await t.post('/api/log-in', { email: 'ec.admin@demo.onsite.test', password: 'nope-nope-1' });
    const unknown = await t.post('/api/log-in', { email: 'nobody@demo.onsite.test', password: 'Onsite-demo-1' });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_credentials');
      expect(r.body.token).toBeUndefined();
    }
  });

  it('reports every missing field of a log-in as validation_error details', async () => {
    const r = await t.post('/api/log-in', { email: '' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('validation_error');
    expect(r.body.details?.map((d) => d.path).sort()).toEqual(['email', 'password']);
  });

  it('answers 401 session_expired without a token, with an unknown token and with a malformed one', async () => {
    for (const token of [undefined, 'A'.repeat(43), 'not a token']) {
      const r = await t.post('/api/user/getProfile', {}, token);
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('session_expired');
    }
  });

  it('returns the profile for a live session and revokes it on log-out', async () => {
    const token = await t.login('oem.planner@demo.onsite.test');
    const profile = await t.post<{ data: { email: string; role: string } }>('/api/user/getProfile', {}, token);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ email: 'oem.planner@demo.onsite.test', role: 'PLANNER' });

    const out = await t.post('/api/log-out', {}, token);
    expect(out.status).toBe(200);
    const after = await t.post('/api/user/getProfile', {}, token);
    expect(after.status).toBe(401);
  });

  it('keeps other sessions of the same user alive when one logs out', async () => {
    const a = await t.login('bl.admin@demo.onsite.test');
    const b = await t.login('bl.admin@demo.onsite.test');
    await t.post('/api/log-out', {}, a);
    expect((await t.post('/api/user/getProfile', {}, b)).status).toBe(200);
  });

  it('lets staff read a customer profile on behalf, and refuses the same to customers', async () => {
    const staff = await t.login('bl.sales@demo.onsite.test');
    const customer = await t.login('ec.planner@demo.onsite.test');
    const ecAdmin = await t.post<{ data: { _id: string } }>('/api/user/getProfile', {}, await t.login('ec.admin@demo.onsite.test'));
    const id = (ecAdmin.body.data as { _id: string })._id;

    const onBehalf = await t.post<{ data: { email: string; blUser: { email: string } } }>('/api/user/getProfile', { onBehalfOfUserId: id }, staff);
    expect(onBehalf.status).toBe(200);
    expect(onBehalf.body.data).toMatchObject({ email: 'ec.admin@demo.onsite.test', blUser: { email: 'bl.sales@demo.onsite.test' } });

    const refused = await t.post('/api/user/getProfile', { onBehalfOfUserId: id }, customer);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
  });
});

describe('health and OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('names the active adapters', async () => {
    const r = await t.get('/api/health');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'ok', profile: 'embedded', adapters: { eventStore: 'pglite', documentStore: 'pglite' } });
  });

  it('publishes the OpenAPI document with the log-in schema', async () => {
    const r = await fetch(`${t.baseUrl}/api/docs-json`);
    expect(r.status).toBe(200);
    const doc = (await r.json()) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/log-in', '/api/log-out', '/api/user/getProfile', '/api/health']));
    expect(doc.components.schemas).toHaveProperty('LogIn');
  });

  it('answers unknown api paths with 404 not_found in the error envelope', async () => {
    const r = await t.post('/api/does-not-exist', {});
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 'not_found' });
    expect(typeof (r.body as { correlationId?: string }).correlationId).toBe('string');
  });
});
