import { LOGIN_LIMITS } from '../identity/throttle.js';
import { demoId } from '../seed/demo-seed.js';
import { OrderFlows } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/** The attack steps that found the first-contact defects, kept as tests so they stay found. */
describe('attacks', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  it("probing another tenant's order tells nothing: right or wrong version, any command, it is not found", async () => {
    const offered = await flows.offered('ec.admin');
    const probes = [
      ['/api/order/cancel', { orderId: offered._id, version: offered.version }],
      ['/api/order/cancel', { orderId: offered._id, version: offered.version + 7 }],
      ['/api/order/reject', { orderId: offered._id, version: offered.version, offerID: offered.offerId, reasons: ['PRICE_TOO_HIGH'] }],
      ['/api/order/reject', { orderId: offered._id, version: 1, offerID: offered.offerId, reasons: ['PRICE_TOO_HIGH'] }],
      ['/api/order/comment', { orderId: offered._id, version: 1, externalComment: 'hello' }],
    ] as const;
    for (const login of ['ec2.admin', 'oem.admin']) {
      const answers = [];
      for (const [path, body] of probes) {
        const r = await flows.expectRefused(path, body, login, [404, 'not_found'], offered._id);
        answers.push({ status: r.status, error: r.body.error, message: r.body.message });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      await flows.expectRefused('/api/order/getByRefId', { refId: offered.refId }, login, [404, 'not_found']);
    }
    // The owner with a stale version still learns about the conflict: it is their order.
    await flows.expectRefused('/api/order/cancel', { orderId: offered._id, version: offered.version + 7 }, 'ec.admin', [409, 'version_conflict'], offered._id);
  });

  it('a forged X-Forwarded-For does not give a client a fresh address for the log-in limits', async () => {
    // No TRUST_PROXY: the socket's address counts, whatever the header says.
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      await t.post('/api/log-in', { email: `nobody${i}@forged.test`, password: 'wrong-pass-1' }, undefined, { 'x-forwarded-for': `198.51.100.${i}` });
    }
    const next = await t.post('/api/log-in', { email: 'oem2.sales@demo.onsite.test', password: 'Onsite-demo-1' }, undefined, { 'x-forwarded-for': '198.51.100.250' });
    expect([next.status, next.body.error]).toEqual([429, 'too_many_attempts']);
  });
});

describe('fields a caller may not set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it("are refused with a clear error and write nothing: another company's id on an invitation, staff-only company fields", async () => {
    const admin = await t.login('ec.admin@demo.onsite.test');
    const otherCompany = demoId('company:oem');
    const before = await t.runtime.eventStore.countEvents();
    const invite = await t.post('/api/admin/user/invite', { email: 'mole@thames.test', firstName: 'M', lastName: 'Ole', role: 'PLANNER', companyId: otherCompany }, admin);
    expect([invite.status, invite.body.error, invite.body.message]).toEqual([403, 'forbidden', 'You may only invite users to your own company.']);
    const companyId = demoId('company:ec');
    const update = await t.post('/api/company/update', { companyId, sapNumber: 'SAP-HACK' }, admin);
    expect([update.status, update.body.error]).toEqual([400, 'validation_error']);
    expect(await t.runtime.eventStore.countEvents()).toBe(before);
  });
});
