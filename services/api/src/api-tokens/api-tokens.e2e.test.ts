import { apiTokenStreamId, orderStreamId } from '@onsite/domain';
import { BILLING_ADDRESS, companyIdOf, OrderFlows, userIdOf, type OrderRef } from '../test-support/order-flows.js';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { newApiTokenSecret } from './api-token-auth.js';

type Data<T> = { data: T };
type Person = { userId: string; name: string | null };
type TokenView = {
  id: string;
  name: string;
  companyId: string;
  scope: string;
  actsAs: Person & { role: string };
  createdBy: Person;
  createdOnBehalfOf?: Person;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: Person | null;
};
type Created = { token: TokenView; secret: string };
type Listed = { companyId: string; tokens: TokenView[]; users: { userId: string; name: string; role: string }[] };
type ListPage = { items: { refId: string; companyId: string }[]; total: number };
type EventEntry = { event: string; author: Person; viaApiToken?: { id: string; name: string } };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('API tokens of customer companies (D211)', () => {
  let t: TestApp;
  let flows: OrderFlows;
  let reader: Created;
  let writer: Created;

  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
    reader = await flows.ok<Created>('/api/api-tokens/create', { name: 'ERP read', scope: 'orders:read', expiresAt: inDays(90) }, 'ec.admin');
    writer = await flows.ok<Created>('/api/api-tokens/create', { name: 'ERP write', scope: 'orders:write', expiresAt: inDays(30) }, 'ec.admin');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: unknown, token: string) => t.post<Data<T> & { error?: string }>(path, body, token);

  it('hands the secret out once, with its prefix, and keeps only its hash', async () => {
    expect(reader.secret).toMatch(/^onsite_tok_[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(reader.token).toMatchObject({
      name: 'ERP read',
      scope: 'orders:read',
      companyId: companyIdOf('ec'),
      actsAs: { userId: userIdOf('ec.admin'), role: 'ADMIN' },
      createdBy: { userId: userIdOf('ec.admin') },
      lastUsedAt: null,
      revokedAt: null,
    });
    const listed = await flows.ok<Listed>('/api/api-tokens/list', {}, 'ec.admin');
    expect(listed.tokens.map((token) => token.name)).toEqual(expect.arrayContaining(['ERP read', 'ERP write']));
    expect(JSON.stringify(listed)).not.toContain(reader.secret.split('.')[1]);
    expect(listed.users.map((u) => u.userId)).toContain(userIdOf('ec.planner'));
    const [created] = await t.runtime.eventStore.readStream(apiTokenStreamId(reader.token.id));
    expect(created).toMatchObject({ type: 'API_TOKEN_CREATED', metadata: { actorUserId: userIdOf('ec.admin') } });
    expect(JSON.stringify(created!.data)).not.toContain(reader.secret.split('.')[1]);
  });

  it("lists only its company's orders; another company's order is 404", async () => {
    const own = await flows.requested('ec.admin');
    const other = await flows.requested('ec2.admin');
    const page = await call<ListPage>('/api/order/list', { page: 1, pageSize: 100 }, reader.secret);
    expect(page.status).toBe(200);
    expect(page.body.data.items.length).toBeGreaterThan(0);
    expect(new Set(page.body.data.items.map((item) => item.companyId))).toEqual(new Set([companyIdOf('ec')]));
    const found = await call<ListPage>('/api/order/list', { page: 1, pageSize: 10, search: own.refId }, reader.secret);
    expect(found.body.data.items.map((item) => item.refId)).toEqual([own.refId]);
    expect((await call('/api/order/getByRefId', { refId: own.refId }, reader.secret)).status).toBe(200);
    const foreign = await call('/api/order/getByRefId', { refId: other.refId }, reader.secret);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'not_found']);
    // Its use is shown to the administrators (written at most once a minute).
    const listed = await flows.ok<Listed>('/api/api-tokens/list', {}, 'ec.admin');
    expect(listed.tokens.find((token) => token.id === reader.token.id)?.lastUsedAt).toEqual(expect.any(String));
  });

  it('places a quote request with the write scope, and every event records the token', async () => {
    const draft = await call<OrderRef>('/api/order/create', quoteRequestBody(), writer.secret);
    expect(draft.status).toBe(200);
    const submitted = await call<OrderRef>(
      '/api/order/submit',
      { orderId: draft.body.data._id, version: draft.body.data.version, disclaimerAccepted: true },
      writer.secret,
    );
    expect([submitted.status, submitted.body.data.status]).toEqual([200, 'REQUESTED_QUOTE']);
    const stored = await t.runtime.eventStore.readStream(orderStreamId(draft.body.data._id));
    expect(stored.length).toBeGreaterThan(1);
    for (const event of stored) {
      expect(event.metadata).toMatchObject({ actorUserId: userIdOf('ec.admin'), viaApiToken: { id: writer.token.id, name: 'ERP write' } });
    }
    const detail = await call<{ events: EventEntry[] }>('/api/order/getByRefId', { refId: submitted.body.data.refId }, reader.secret);
    expect(detail.body.data.events.every((e) => e.viaApiToken?.name === 'ERP write')).toBe(true);
    // A session's events carry none.
    const bySession = await flows.requested('ec.admin');
    expect((await t.runtime.eventStore.readStream(orderStreamId(bySession._id))).some((e) => e.metadata.viaApiToken)).toBe(false);
  });

  it('refuses everything outside its scope with 403 token_scope, and writes nothing', async () => {
    const order = await flows.requested('ec.admin');
    const before = await flows.eventTypes(order._id);
    const refusals: [string, unknown, string][] = [
      ['/api/order/create', quoteRequestBody(), reader.secret],
      ['/api/order/cancel', { orderId: order._id, version: order.version }, writer.secret],
      ['/api/user/create', { email: 'erp@example.com', firstName: 'E', lastName: 'RP', role: 'PLANNER' }, writer.secret],
      ['/api/api-tokens/create', { name: 'more', scope: 'orders:write', expiresAt: inDays(5) }, writer.secret],
      ['/api/api-tokens/list', {}, reader.secret],
      ['/api/user/getProfile', {}, reader.secret],
      ['/api/order/list', { page: 1, pageSize: 10, onBehalfOfUserId: userIdOf('ec.planner') }, writer.secret],
    ];
    for (const [path, body, token] of refusals) {
      const response = await call(path, body, token);
      expect([path, response.status, response.body.error]).toEqual([path, 403, 'token_scope']);
    }
    expect(await flows.eventTypes(order._id)).toEqual(before);
  });

  it('is never wider than the user it was made with: a token of a sales user cannot accept an offer', async () => {
    // Staff administrators make tokens for any company, here acting for an OEM sales user.
    const sales = await flows.ok<Created>(
      '/api/api-tokens/create',
      { name: 'Sales ERP', scope: 'orders:write', expiresAt: inDays(10), onBehalfOfUserId: userIdOf('oem.sales') },
      'bl.admin',
    );
    expect(sales.token).toMatchObject({
      companyId: companyIdOf('oem'),
      actsAs: { userId: userIdOf('oem.sales'), role: 'SALES' },
      createdBy: { userId: userIdOf('bl.admin') },
      createdOnBehalfOf: { userId: userIdOf('oem.sales') },
    });
    const offered = await flows.offered('oem.admin');
    const before = await flows.eventTypes(offered._id);
    const accept = await call(
      '/api/order/accept',
      { orderId: offered._id, version: offered.version, offerID: offered.offerId, billingAddress: BILLING_ADDRESS, po: 'PO-9', tc: true },
      sales.secret,
    );
    expect([accept.status, accept.body.error]).toEqual([403, 'forbidden']);
    expect(await flows.eventTypes(offered._id)).toEqual(before);
    expect((await call('/api/order/getByRefId', { refId: offered.refId }, sales.secret)).status).toBe(200);
    // A planner manages no tokens; a customer administrator names users of their own company only.
    const planner = await flows.post('/api/api-tokens/create', { name: 'mine', scope: 'orders:read', expiresAt: inDays(5) }, 'ec.planner');
    expect([planner.status, planner.body.error]).toEqual([403, 'forbidden']);
    const foreign = await flows.post(
      '/api/api-tokens/create',
      { name: 'x', scope: 'orders:read', expiresAt: inDays(5), userId: userIdOf('oem.sales') },
      'ec.admin',
    );
    expect([foreign.status, foreign.body.error]).toEqual([404, 'user_not_found']);
    // A token made by an administrator for the company's planner acts as the planner.
    const asPlanner = await flows.ok<Created>(
      '/api/api-tokens/create',
      { name: 'Planner ERP', scope: 'orders:read', expiresAt: inDays(10), userId: userIdOf('ec.planner') },
      'ec.admin',
    );
    expect(asPlanner.token.actsAs).toMatchObject({ userId: userIdOf('ec.planner'), role: 'PLANNER' });
  });

  it('checks the expiry on creation', async () => {
    for (const expiresAt of [inDays(400), inDays(-1)]) {
      const response = await flows.post('/api/api-tokens/create', { name: 'long', scope: 'orders:read', expiresAt }, 'ec.admin');
      expect([response.status, response.body.error]).toEqual([400, 'validation_error']);
    }
    const missing = await flows.post('/api/api-tokens/create', { name: 'none', scope: 'orders:read' }, 'ec.admin');
    expect(missing.status).toBe(400);
  });

  it('is 401 once revoked, at once; another company cannot see it', async () => {
    const token = await flows.ok<Created>('/api/api-tokens/create', { name: 'Short lived', scope: 'orders:read', expiresAt: inDays(3) }, 'ec.admin');
    expect((await call('/api/order/list', { page: 1, pageSize: 10 }, token.secret)).status).toBe(200);
    const foreign = await flows.post('/api/api-tokens/revoke', { id: token.token.id }, 'ec2.admin');
    expect([foreign.status, foreign.body.error]).toEqual([404, 'not_found']);
    const revoked = await flows.ok<TokenView>('/api/api-tokens/revoke', { id: token.token.id }, 'ec.admin');
    expect(revoked).toMatchObject({ revokedAt: expect.any(String), revokedBy: { userId: userIdOf('ec.admin') } });
    const after = await call('/api/order/list', { page: 1, pageSize: 10 }, token.secret);
    expect([after.status, after.body.error]).toEqual([401, 'token_invalid']);
    const types = (await t.runtime.eventStore.readStream(apiTokenStreamId(token.token.id))).map((e) => e.type);
    expect(types).toEqual(['API_TOKEN_CREATED', 'API_TOKEN_REVOKED']);
    // A forged secret for a live token's id is refused the same way.
    const forged = `${writer.secret.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await call('/api/order/list', { page: 1, pageSize: 10 }, forged)).status).toBe(401);
  });

  it('is 401 once expired', async () => {
    const id = '00000000-0000-4000-8000-000000000211';
    const { secret, secretHash } = newApiTokenSecret(id);
    const token = {
      id,
      name: 'Expired',
      companyId: companyIdOf('ec'),
      scope: 'orders:read',
      expiresAt: inDays(-1),
      userId: userIdOf('ec.admin'),
      userType: 'EC',
      role: 'ADMIN',
      secretHash,
    };
    const metadata = { actorUserId: userIdOf('ec.admin'), correlationId: 'test', causationId: 'test', occurredAt: inDays(-2) };
    await t.runtime.eventStore.appendToStream(apiTokenStreamId(id), [{ type: 'API_TOKEN_CREATED', data: { token }, metadata }], 0);
    const response = await call('/api/order/list', { page: 1, pageSize: 10 }, secret);
    expect([response.status, response.body.error]).toEqual([401, 'token_invalid']);
  });

  it('marks in the OpenAPI document which operations a token may call', async () => {
    const doc = (await t.get<{ paths: Record<string, Record<string, Record<string, unknown>>> }>('/api/docs-json')).body;
    const scopeOf = (path: string) => doc.paths[path]?.post?.['x-api-token-scope'];
    expect(scopeOf('/api/order/list')).toBe('orders:read');
    expect(scopeOf('/api/order/getByRefId')).toBe('orders:read');
    for (const path of ['/api/order/create', '/api/order/submit', '/api/order/accept', '/api/order/reject', '/api/order/generate-service-types-dates'])
      expect([path, scopeOf(path)]).toEqual([path, 'orders:write']);
    expect(scopeOf('/api/order/cancel')).toBeUndefined();
    expect(scopeOf('/api/user/create')).toBeUndefined();
  });

  it("keeps a staff administrator with a country filter to the companies of those countries (last: it changes bl.admin's filter)", async () => {
    const ecCompany = companyIdOf('ec');
    expect((await flows.post('/api/api-tokens/list', { companyId: ecCompany }, 'bl.admin')).status).toBe(200);
    await flows.ok('/api/user/update', { userId: userIdOf('bl.admin'), countriesFilter: ['br'] }, 'bl.admin');
    const outside = await flows.post('/api/api-tokens/list', { companyId: ecCompany }, 'bl.admin');
    expect([outside.status, outside.body.error]).toEqual([404, 'not_found']);
    const revoke = await flows.post('/api/api-tokens/revoke', { id: reader.token.id }, 'bl.admin');
    expect([revoke.status, revoke.body.error]).toEqual([404, 'not_found']);
  });
});
