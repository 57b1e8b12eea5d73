import {
  LegalDocumentsSchema,
  CatalogueSchema,
  CompanyListPageSchema,
  CompanyViewSchema,
  OrderCommandResponseSchema,
  OrderDetailSchema,
  OrderListPageSchema,
  SessionProfileSchema,
  UserListPageSchema,
  UserProfileSchema,
} from '@onsite/contracts';
import type { z } from 'zod';
import { OrderFlows } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * The compile-time contract (*.contract.ts) trusts the api's declared types; this runs the real answers through the
 * console's schemas, so a value that does not match its type (a missing field, an undefined where null is due) fails too.
 */
describe('the answers the console parses pass the shared schemas', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  const passes = (schema: z.ZodType, data: unknown) => expect(schema.safeParse(data).error?.issues ?? []).toEqual([]);

  it('the order detail (staff and customer, live and as of a past event), lists and command answers', async () => {
    const planned = await flows.jobPlanned('ec.admin');
    passes(OrderCommandResponseSchema, planned);
    for (const login of ['bl.admin', 'ec.admin']) {
      const detail = await flows.detail(planned.refId, login);
      passes(OrderDetailSchema, detail);
      const { events } = OrderDetailSchema.parse(detail);
      passes(OrderDetailSchema, await flows.ok('/api/order/getByRefId', { refId: planned.refId, asOfEventId: events[1]!._id }, login));
      passes(OrderListPageSchema, await flows.ok('/api/order/list', { pageSize: 100 }, login));
    }
  });

  it('the session, users, companies, the catalogue and the legal documents', async () => {
    for (const login of ['bl.admin', 'oem.admin']) {
      passes(SessionProfileSchema, await flows.ok('/api/user/getProfile', {}, login));
      passes(UserListPageSchema, await flows.ok('/api/user/list', { pageSize: 100 }, login));
    }
    const staff = await flows.ok<{ company: { _id: string; uid: string } }>('/api/user/getProfile', {}, 'bl.admin');
    passes(CompanyViewSchema, await flows.ok('/api/company/getByUID', { uid: staff.company.uid }, 'bl.admin'));
    passes(CompanyListPageSchema, await flows.ok('/api/company/list', { pageSize: 100 }, 'bl.admin'));
    for (const user of await flows.ok<unknown[]>('/api/company/getUsers', { companyId: staff.company._id }, 'bl.admin')) passes(UserProfileSchema, user);
    passes(CatalogueSchema, (await t.get('/api/catalogue', await t.login('ec.admin@demo.onsite.test'))).body.data);
    passes(LegalDocumentsSchema, (await t.post('/api/getLegalDocument', { language: 'de' })).body.data);
  });

  it('documents those answers in OpenAPI from the same schemas', async () => {
    type Docs = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };
    const docs = (await t.get<Docs>('/api/docs-json')).body;
    const answer = (path: string, method = 'post') =>
      JSON.stringify(docs.paths[path]?.[method]?.responses?.['200']?.content?.['application/json']?.schema ?? null);
    expect(answer('/api/order/getByRefId')).toContain('OrderDetail');
    expect(answer('/api/order/list')).toContain('OrderListPage');
    expect(answer('/api/user/getProfile')).toContain('SessionProfile');
    expect(answer('/api/catalogue', 'get')).toContain('Catalogue');
  });
});
