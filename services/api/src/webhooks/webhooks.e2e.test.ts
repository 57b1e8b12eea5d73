import { webhookStreamId } from '@onsite/domain';
import { companyIdOf, OrderFlows } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type View = { id: string; companyId: string; url: string; kinds: string[]; status: string; pausedReason: string | null; previousSecretUntil: string | null };
type WithSecret = { webhook: View; secret: string };

/** Registration rules of webhook endpoints (D215), on a server that allows no loopback endpoint (production's rule). */
describe('webhook endpoints: who registers what (D215)', () => {
  let t: TestApp;
  let flows: OrderFlows;
  let own: WithSecret;

  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
    own = await flows.ok<WithSecret>('/api/webhooks/register', { url: 'https://93.184.215.14/onsite', kinds: ['offer.made', 'job.completed'] }, 'ec.admin');
  });
  afterAll(async () => t.close());

  const events = async (id: string) => (await t.runtime.eventStore.readStream(webhookStreamId(id))).map((e) => e.type);
  const refused = async (login: string, body: object, [status, error]: [number, string]) => {
    const before = await t.runtime.eventStore.countEvents();
    const response = await flows.post('/api/webhooks/register', body, login);
    expect([response.status, response.body.error]).toEqual([status, error]);
    expect(await t.runtime.eventStore.countEvents()).toBe(before);
    return response;
  };

  it('shows the secret once and lists the endpoint without it', async () => {
    expect(own.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(own.webhook).toMatchObject({ companyId: companyIdOf('ec'), status: 'ACTIVE', kinds: ['offer.made', 'job.completed'] });
    const listed = await flows.ok<{ webhooks: View[] }>('/api/webhooks/list', {}, 'ec.admin');
    expect(listed.webhooks.map((w) => w.id)).toContain(own.webhook.id);
    expect(JSON.stringify(listed)).not.toContain(own.secret);
    const [registered] = await t.runtime.eventStore.readStream(webhookStreamId(own.webhook.id));
    expect(JSON.stringify(registered)).not.toContain(own.secret);
  });

  it.each([
    ['a private address', 'https://10.1.2.3/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['loopback', 'https://127.0.0.1:8443/hook'],
    ['a name that resolves to loopback', 'https://localhost/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['an IPv4-mapped private address', 'https://[::ffff:192.168.1.10]/hook'],
    ['plain http', 'http://93.184.215.14/hook'],
  ])('refuses %s outside development (webhook_url_not_allowed) and writes nothing', async (_what, url) => {
    const response = await refused('ec.admin', { url, kinds: ['offer.made'] }, [400, 'webhook_url_not_allowed']);
    expect(response.body.details?.[0]).toMatchObject({ path: 'url', code: 'webhook_url_not_allowed' });
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('refuses an empty list of kinds and an unknown kind', async () => {
    await refused('ec.admin', { url: 'https://93.184.215.14/x', kinds: [] }, [400, 'validation_error']);
    await refused('ec.admin', { url: 'https://93.184.215.14/x', kinds: ['order.billed'] }, [400, 'validation_error']);
  });

  it("is the business of the company's administrators: others 403, another company 404", async () => {
    await refused('ec.planner', { url: 'https://93.184.215.14/x', kinds: ['offer.made'] }, [403, 'forbidden']);
    await refused('ec2.admin', { url: 'https://93.184.215.14/x', kinds: ['offer.made'], companyId: companyIdOf('ec') }, [404, 'not_found']);
    for (const path of ['/api/webhooks/pause', '/api/webhooks/remove', '/api/webhooks/deliveries', '/api/webhooks/rotate-secret']) {
      const foreign = await flows.post(path, { id: own.webhook.id }, 'ec2.admin');
      expect([path, foreign.status, foreign.body.error]).toEqual([path, 404, 'webhook_not_found']);
      const planner = await flows.post(path, { id: own.webhook.id }, 'ec.planner');
      expect([path, planner.status, planner.body.error]).toEqual([path, 403, 'forbidden']);
    }
    const listed = await flows.post('/api/webhooks/list', { companyId: companyIdOf('ec') }, 'ec2.admin');
    expect(listed.status).toBe(404);
    expect(await events(own.webhook.id)).toEqual(['WEBHOOK_REGISTERED']);
  });

  it("lets staff administrators manage any customer company's endpoints, naming it", async () => {
    await refused('bl.admin', { url: 'https://93.184.215.14/x', kinds: ['offer.made'] }, [400, 'validation_error']);
    const staff = await flows.ok<WithSecret>(
      '/api/webhooks/register',
      { url: 'https://93.184.215.14/staff', kinds: ['order.cancelled'], companyId: companyIdOf('ec2') },
      'bl.admin',
    );
    expect(staff.webhook.companyId).toBe(companyIdOf('ec2'));
    expect((await flows.ok<{ webhooks: View[] }>('/api/webhooks/list', {}, 'ec2.admin')).webhooks.map((w) => w.id)).toEqual([staff.webhook.id]);
    await refused('bl.sales', { url: 'https://93.184.215.14/x', kinds: ['offer.made'], companyId: companyIdOf('ec2') }, [403, 'forbidden']);
  });

  it('changes kinds, pauses, resumes, rotates with an overlap and removes; a removed endpoint is 404', async () => {
    const created = await flows.ok<WithSecret>('/api/webhooks/register', { url: 'https://93.184.215.14/life', kinds: ['offer.made'] }, 'ec.admin');
    const id = created.webhook.id;
    expect(await flows.ok<View>('/api/webhooks/change', { id, kinds: ['job.planned', 'offer.made'] }, 'ec.admin')).toMatchObject({
      kinds: ['offer.made', 'job.planned'],
    });
    const badUrl = await flows.post('/api/webhooks/change', { id, url: 'https://10.0.0.1/' }, 'ec.admin');
    expect([badUrl.status, badUrl.body.error]).toEqual([400, 'webhook_url_not_allowed']);
    expect(await flows.ok<View>('/api/webhooks/pause', { id }, 'ec.admin')).toMatchObject({ status: 'PAUSED', pausedReason: 'manual' });
    expect(await flows.ok<View>('/api/webhooks/resume', { id }, 'ec.admin')).toMatchObject({ status: 'ACTIVE', pausedReason: null });
    const rotated = await flows.ok<WithSecret>('/api/webhooks/rotate-secret', { id, overlapHours: 2 }, 'ec.admin');
    expect(rotated.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.webhook.previousSecretUntil!) - Date.now()).toBeGreaterThan(3_500_000);
    const tooLong = await flows.post('/api/webhooks/rotate-secret', { id, overlapHours: 1000 }, 'ec.admin');
    expect([tooLong.status, tooLong.body.error]).toEqual([400, 'validation_error']);
    await flows.ok('/api/webhooks/remove', { id }, 'ec.admin');
    const gone = await flows.post('/api/webhooks/resume', { id }, 'ec.admin');
    expect([gone.status, gone.body.error]).toEqual([404, 'webhook_not_found']);
    expect((await flows.ok<{ webhooks: View[] }>('/api/webhooks/list', {}, 'ec.admin')).webhooks.map((w) => w.id)).not.toContain(id);
    expect(await events(id)).toEqual([
      'WEBHOOK_REGISTERED',
      'WEBHOOK_CHANGED',
      'WEBHOOK_PAUSED',
      'WEBHOOK_RESUMED',
      'WEBHOOK_SECRET_ROTATED',
      'WEBHOOK_REMOVED',
    ]);
  });

  it('is out of reach of an API token', async () => {
    const token = await flows.ok<{ secret: string }>(
      '/api/api-tokens/create',
      { name: 'ERP', scope: 'orders:write', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
      'ec.admin',
    );
    const response = await t.post('/api/webhooks/register', { url: 'https://93.184.215.14/t', kinds: ['offer.made'] }, token.secret);
    expect([response.status, response.body.error]).toEqual([403, 'token_scope']);
  });
});
