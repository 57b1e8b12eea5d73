import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { LOGIN_LIMITS } from '../identity/throttle.js';
import { AntiRobotChallenges } from '../registration/anti-robot.js';
import { demoId } from '../seed/demo-seed.js';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { OrderFlows } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { openUpdates, until } from '../test-support/updates-stream.js';
import { UpdatesHub } from '../updates/updates-hub.js';

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
    const next = await t.post('/api/log-in', { email: 'oem2.sales@demo.onsite.test', password: 'Onsite-demo-1' }, undefined, {
      'x-forwarded-for': '198.51.100.250',
    });
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
    const invite = await t.post(
      '/api/admin/user/invite',
      { email: 'mole@thames.test', firstName: 'M', lastName: 'Ole', role: 'PLANNER', companyId: otherCompany },
      admin,
    );
    expect([invite.status, invite.body.error, invite.body.message]).toEqual([403, 'forbidden', 'You may only invite users to your own company.']);
    const companyId = demoId('company:ec');
    const update = await t.post('/api/company/update', { companyId, sapNumber: 'SAP-HACK' }, admin);
    expect([update.status, update.body.error]).toEqual([400, 'validation_error']);
    expect(await t.runtime.eventStore.countEvents()).toBe(before);
  });
});

describe('live updates under abuse', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp({ UPDATES_HEARTBEAT_MS: '200', UPDATES_MAX_PER_SESSION: '3', UPDATES_MAX_STREAMS: '5' });
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  const open = (token: string, lastEventId?: string) =>
    fetch(`${t.baseUrl}/api/updates`, { headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });

  it('refuses a malformed Last-Event-ID with 400 before anything is registered, and every console keeps hearing of changes', async () => {
    const hub = t.app.get(UpdatesHub);
    const token = await flows.as('ec.admin');
    const before = hub.listening();
    for (const id of ['-1', 'abc', '../x', '99999999999', '99999999999999999999:1', '1:99999999999999999999']) {
      const response = await open(token, id);
      const body = (await response.json()) as { error: string; details: { path: string; code: string }[] };
      expect([id, response.status, body.error, body.details[0]?.code]).toEqual([id, 400, 'validation_error', 'invalid_checkpoint']);
    }
    expect(hub.listening()).toBe(before);
    const stream = await openUpdates(t, token);
    const order = await flows.requested('ec.admin');
    await until(() => stream.orders().some((o) => o.orderId === order._id), 'the new order on a stream opened after the bad ones');
    stream.close();
  });

  it('keeps announcing to everybody when one listener fails', async () => {
    const hub = t.app.get(UpdatesHub);
    const admin = await flows.as('bl.admin');
    const profile = await t.post<{ data: { _id: string } }>('/api/user/getProfile', {}, admin);
    expect(profile.status).toBe(200);
    await hub.attach(
      {
        actor: { userId: 'broken', type: 'BL', role: 'ADMIN', companyId: 'x', country: 'de' },
        deliver: () => {
          throw new Error('a broken listener');
        },
      },
      null,
    );
    const stream = await openUpdates(t, await flows.as('ec.admin'));
    const first = await flows.requested('ec.admin');
    await until(() => stream.orders().some((o) => o.orderId === first._id), 'the first order after the failure');
    const second = await flows.requested('ec.admin');
    await until(() => stream.orders().some((o) => o.orderId === second._id), 'the next one too');
    stream.close();
  });

  it('caps the streams of one session and of the server with a clear 429, and gives a place back when a stream closes', async () => {
    const hub = t.app.get(UpdatesHub);
    await until(() => hub.listening() === 0 || hub.listening() === 1, 'earlier streams to close');
    const token = await t.login('ec.planner@demo.onsite.test');
    const streams = [await openUpdates(t, token), await openUpdates(t, token), await openUpdates(t, token)];
    const fourth = await open(token);
    const refused = (await fourth.json()) as { error: string; message: string };
    expect([fourth.status, refused.error]).toEqual([429, 'too_many_streams']);
    expect(refused.message).toMatch(/per session/);
    streams[0]!.close();
    await until(() => hub.listening() <= 3, 'the closed stream to give its place back');
    const again = await openUpdates(t, token);
    // Another session fills the server's five places; the sixth stream is refused.
    const other = await t.login('ec.planner@demo.onsite.test');
    const more = [await openUpdates(t, other)];
    while (hub.listening() < 5) more.push(await openUpdates(t, other));
    const sixth = await open(other);
    expect([sixth.status, ((await sixth.json()) as { error: string }).error]).toEqual([429, 'too_many_streams']);
    for (const s of [...streams.slice(1), again, ...more]) s.close();
  });
});

describe('requests that once answered 500 without a session', () => {
  let t: TestApp;
  const SECRET = 'planning-tool-shared-secret-for-tests-0123';
  beforeAll(async () => {
    t = await startTestApp({ PLANNING_TOOL_SECRET: SECRET });
  });
  afterAll(async () => t.close());

  it('refuses JSON nested thousands of levels deep with 400 on every route, log-in included', async () => {
    for (const depth of [3_000, 5_000, 50_000]) {
      const body = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      for (const path of ['/api/log-in', '/api/order/list', '/api/registration']) {
        const response = await fetch(`${t.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"email":${body}}` });
        expect([path, depth, response.status]).toEqual([path, depth, 400]);
      }
    }
  });

  it("refuses a zero-padded timestamp in the planning tool's signature as an invalid signature", async () => {
    for (const header of [`t=0099,v1=${'ab'.repeat(32)}`, `t=00,v1=${'0'.repeat(64)}`, `t=${'9'.repeat(12)},v1=${'f'.repeat(64)}`]) {
      const response = await fetch(`${t.baseUrl}/api/planning-tool/job-progress`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'onsite-signature': header },
        body: '{}',
      });
      expect([header, response.status, ((await response.json()) as { error: string }).error]).toEqual([header, 401, 'invalid_signature']);
    }
  });

  it('answers 404 for legal documents named like object properties', async () => {
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
      const response = await fetch(`${t.baseUrl}/api/legal/${name}/en.pdf`);
      expect([name, response.status]).toEqual([name, 404]);
    }
  });
});

describe('what a probe, an export and a retry may tell', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp({ PLANNING_TOOL_SECRET: 'planning-tool-shared-secret-for-tests-0123' });
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  it("answers a command on an order that does not exist exactly as one on another tenant's order", async () => {
    const theirs = await flows.requested('ec.admin');
    const missing = randomUUID();
    for (const [path, extra] of [
      ['/api/order/cancel', {}],
      ['/api/order/comment', { externalComment: 'hello' }],
      ['/api/order/submit', { disclaimerAccepted: true }],
    ] as const) {
      const answers = [];
      for (const [orderId, version] of [
        [theirs._id, theirs.version],
        [missing, 1],
        [missing, 5],
      ] as const) {
        const r = await flows.post(path, { orderId, version, ...extra }, 'ec2.admin');
        answers.push([r.status, r.body.error, r.body.message]);
      }
      expect(answers[0]).toEqual([404, 'not_found', expect.any(String)]);
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    }
  });

  it('writes customer text that a spreadsheet would take for a formula as text into the Excel export', async () => {
    const body = quoteRequestBody();
    body.content.location = { ...body.content.location, name: '=HYPERLINK("http://evil.test","Click")', city: '+cmd|/C calc!A0', addressLine1: '-2+3' };
    const order = await flows.requested('ec.admin', body);
    const response = await fetch(`${t.baseUrl}/api/order/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await flows.as('bl.admin')}` },
      body: JSON.stringify({ filter: {}, search: order.refId, lang: 'en' }),
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    const row = rows.find((r) => r[0] === order.refId)!;
    expect(row[header.indexOf('Location')]).toBe(`'=HYPERLINK("http://evil.test","Click")`);
    expect(row[header.indexOf('City')]).toBe("'+cmd|/C calc!A0");
    expect(rows.flat().filter((cell) => typeof cell === 'object' && cell !== null && 'formula' in cell)).toEqual([]);
  });

  it('answers 422 to an Idempotency-Key reused with another body, and the first result to a true retry', async () => {
    const token = await flows.as('ec.admin');
    const headers = { 'idempotency-key': `reuse-${randomUUID()}` };
    const first = await t.post<{ data: { _id: string } }>('/api/order/create', quoteRequestBody(), token, headers);
    expect(first.status).toBe(200);
    const retry = await t.post<{ data: { _id: string } }>('/api/order/create', quoteRequestBody(), token, headers);
    expect(retry.body.data).toEqual(first.body.data);
    const before = await t.runtime.eventStore.countEvents();
    const other = quoteRequestBody();
    other.content.additionalInformation.remarks = 'Something else entirely.';
    const reused = await t.post('/api/order/create', other, token, headers);
    expect([reused.status, reused.body.error]).toEqual([422, 'idempotency_key_reused']);
    expect(await t.runtime.eventStore.countEvents()).toBe(before);
  });

  it("lets auditors read the planning tool's refused reports, as staff do", async () => {
    const listed = await flows.post<{ items: unknown[] }>('/api/planning-tool/refused-reports', {}, 'bl.auditor');
    expect(listed.status).toBe(200);
    expect(Array.isArray(listed.body.data.items)).toBe(true);
  });
});

describe('limits on actions without a session or that send mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted loopback proxy, so that X-Forwarded-For gives each simulated client its own address.
    t = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const registration = (email: string, antiRobot: object) => ({
    email,
    confirmEmail: email,
    phone: '+447911123456',
    country: 'uk',
    firstName: 'Bot',
    lastName: 'Net',
    companyName: 'Spam Ltd',
    password: 'Analytical1',
    confirmPassword: 'Analytical1',
    privacyPolicyAccepted: true,
    antiRobot,
  });
  const proof = () => ({ checked: false, startedAt: 1, challenge: t.app.get(AntiRobotChallenges).issue(Date.now() - 6_000).challenge });
  const statuses = (responses: { status: number }[]) => responses.map((r) => r.status);

  it('takes no client-made anti-robot proof: the challenge must come from the server, be 5 s old and be used once', async () => {
    const before = await t.runtime.eventStore.countEvents();
    const forged = await t.post('/api/registration', registration('forged@bot.test', { checked: false, startedAt: 1 }), undefined, from('198.51.100.1'));
    expect([forged.status, forged.body.error]).toEqual([400, 'anti_spam_failed']);
    const fresh = await t.get<{ data: { challenge: string } }>('/api/registration/challenge');
    const tooSoon = await t.post(
      '/api/registration',
      registration('fast@bot.test', { checked: false, startedAt: 1, challenge: (fresh.body.data as { challenge: string }).challenge }),
      undefined,
      from('198.51.100.1'),
    );
    expect([tooSoon.status, tooSoon.body.error]).toEqual([400, 'anti_spam_failed']);
    expect(await t.runtime.eventStore.countEvents()).toBe(before);
    const once = proof();
    expect((await t.post('/api/registration', registration('human@bot.test', once), undefined, from('198.51.100.1'))).status).toBe(200);
    const again = await t.post('/api/registration', registration('human2@bot.test', once), undefined, from('198.51.100.1'));
    expect([again.status, again.body.error]).toEqual([400, 'anti_spam_failed']);
  });

  it('lets one address register five times an hour, then answers 429 with Retry-After; another address is not held up', async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await t.post('/api/registration', registration(`flood${i}@bot.test`, proof()), undefined, from('198.51.100.2')));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(answers[5]!.body.error).toBe('too_many_attempts');
    const response = await fetch(`${t.baseUrl}/api/registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('198.51.100.2') },
      body: JSON.stringify(registration('flood9@bot.test', proof())),
    });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await t.post('/api/registration', registration('neighbour@bot.test', proof()), undefined, from('198.51.100.3'))).status).toBe(200);
  });

  it("sends a victim a few reset and verification mails, not thirty, while the owner's own address still gets one", async () => {
    for (const path of ['/api/password/reset', '/api/registration/resend-verification']) {
      const victim = path.includes('reset') ? 'ec.planner@demo.onsite.test' : 'unverified@bot.test';
      const attacker = [];
      for (let i = 0; i < 30; i++) attacker.push(await t.post(path, { email: victim }, undefined, from('203.0.113.10')));
      expect(statuses(attacker)).toEqual([200, 200, 200, ...Array(27).fill(429)]);
      // More addresses: the victim's total is reached, after which an address that asked before is refused...
      expect((await t.post(path, { email: victim }, undefined, from('203.0.113.11'))).status).toBe(200);
      expect((await t.post(path, { email: victim }, undefined, from('203.0.113.11'))).status).toBe(200);
      expect((await t.post(path, { email: victim }, undefined, from('203.0.113.11'))).status).toBe(429);
      // ...but the owner, from an address that has not asked, still gets a mail.
      expect((await t.post(path, { email: victim }, undefined, from('192.0.2.44'))).status).toBe(200);
    }
  });

  it('limits the contact form, invitations and coupon guesses per signed-in user', async () => {
    const customer = await t.login('ec.admin@demo.onsite.test');
    const contact = [];
    for (let i = 0; i < 7; i++) contact.push(await t.post('/api/cms/contact', { subject: `Spam ${i}`, message: 'Buy now' }, customer));
    expect(statuses(contact)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const coupons = [];
    for (let i = 0; i < 22; i++) coupons.push(await t.post('/api/cms/getDiscountCode', { code: `GUESS${i}` }, customer));
    expect(statuses(coupons)).toEqual([...Array(20).fill(200), 429, 429]);
    const invites = [];
    for (let i = 0; i < 32; i++) {
      invites.push(
        await t.post(
          '/api/admin/user/invite',
          { email: `outsider${i}@elsewhere.test`, firstName: 'O', lastName: 'S', role: 'PLANNER', communicationChannels: ['email'] },
          customer,
        ),
      );
    }
    expect(statuses(invites)).toEqual([...Array(30).fill(200), 429, 429]);
    // Another user is not held up by this one's limits.
    const colleague = await t.login('ec.planner@demo.onsite.test');
    expect((await t.post('/api/cms/getDiscountCode', { code: 'WELCOME10' }, colleague)).status).toBe(200);
  });
});
