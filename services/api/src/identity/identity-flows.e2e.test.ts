import { OUTBOX, type OutboxEntry } from '../notifications/outbox.js';
import { DEMO_PENDING_AGREEMENTS_EMAIL } from '../seed/demo-seed.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { AntiRobotChallenges } from '../registration/anti-robot.js';
import { LOGIN_LIMITS } from './throttle.js';
import { TOKEN_TTL_MS } from './tokens.js';

type Data<T> = { data: T };
type ProfileBody = Data<{ _id: string; email: string; status: string; acceptUserLicence: boolean; privacyPolicyAccepted: boolean; blUser?: { email: string } }>;

/** A pinned, movable clock: session expiry and token lifetimes are tested by moving it. */
let now = Date.parse('2026-03-02T08:00:00.000Z');
const clock = () => new Date(now);

describe('identity flows: registration, verification, passwords, throttling, agreements, force login', () => {
  let t: TestApp;
  let ip = 0;
  /** Each test logs in from its own address so the per-address counter of one test does not leak into another. */
  const from = () => ({ 'x-forwarded-for': `10.0.0.${++ip}` });
  const login = (email: string, password = 'Onsite-demo-1', headers = from()) =>
    t.post<{ token?: string }>('/api/log-in', { email, password }, undefined, headers);
  const outbox = async (to: string, kind: string) =>
    (await t.runtime.documentStore.collection<OutboxEntry>(OUTBOX).find({ filter: { to, kind }, sort: [{ path: 'sentAt', direction: 'desc' }] }))[0];
  const tokenIn = (entry: OutboxEntry | undefined) => new URL(entry?.link ?? 'http://x/').searchParams.get('token') ?? '';
  /** A challenge the server issued when the form opened, `ageMs` ago by its clock. */
  const challenge = (ageMs = 8_000) => t.app.get(AntiRobotChallenges).issue(now - ageMs).challenge;
  const registration = (email: string, over: Record<string, unknown> = {}) => ({
    email,
    confirmEmail: email,
    phone: '+447911123456',
    country: 'uk',
    firstName: 'Ada',
    lastName: 'Byron',
    companyName: 'Byron Works Ltd',
    password: 'Analytical1',
    confirmPassword: 'Analytical1',
    privacyPolicyAccepted: true,
    antiRobot: { checked: false, startedAt: 1, challenge: challenge() },
    ...over,
  });
  /** Each registration from its own address, so the per-address limit of registrations does not leak between tests. */
  const register = (body: unknown) => t.post<Data<{ userId: string; status: string }>>('/api/registration', body, undefined, from());

  beforeAll(async () => {
    // The tests stand behind a trusted proxy on loopback, so X-Forwarded-For gives each client its own address.
    t = await startTestApp({ PUBLIC_URL: 'http://onsite.test', TRUST_PROXY: '127.0.0.1' }, { clock });
  });
  afterAll(async () => t.close());

  describe('registration', () => {
    it('registers a company with its first admin, who must verify the e-mail before logging in', async () => {
      const form = await t.get<Data<{ challenge: string; notBefore: string }>>('/api/registration/challenge');
      expect(Date.parse((form.body.data as { notBefore: string }).notBefore)).toBe(now + 5_000);
      now += 5_000;
      const r = await register(
        registration('ada@byron.test', { antiRobot: { checked: false, startedAt: 1, challenge: (form.body.data as { challenge: string }).challenge } }),
      );
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ status: 'CREATED' });
      const events = await t.runtime.eventStore.readStream(`user-${(r.body.data as { userId: string }).userId}`);
      expect(events.map((e) => e.type)).toEqual(['USER_CREATED', 'PASSWORD_SET', 'AGREEMENT_ACCEPTED']);
      expect(JSON.stringify(events)).not.toMatch(/Analytical1|argon/);

      const early = await login('ada@byron.test', 'Analytical1');
      expect(early.status).toBe(403);
      expect(early.body.error).toBe('email_not_verified');

      await t.post('/api/registration/resend-verification', { email: 'ada@byron.test' });
      const mail = await outbox('ada@byron.test', 'verify-email');
      expect(mail?.link).toMatch(/^http:\/\/onsite\.test\/en\/login\?verify=1&token=/);
      expect((await t.post('/api/registration/verify-email', { token: tokenIn(mail) })).status).toBe(200);
      expect((await t.post('/api/registration/verify-email', { token: tokenIn(mail) })).body.error).toBe('invalid_token');

      const ok = await login('ada@byron.test', 'Analytical1');
      expect(ok.status).toBe(200);
      // The privacy policy was accepted at registration; the licence is still open, so only the agreement calls work.
      const orders = await t.post('/api/order/list', {}, ok.body.token);
      expect(orders.status).toBe(403);
      expect(orders.body.error).toBe('agreements_required');
    });

    it('gives email_used to a second registration of an address, also to two at once', async () => {
      expect((await register(registration('ec.admin@demo.onsite.test'))).body.error).toBe('email_used');
      const [a, b] = await Promise.all([register(registration('twin@race.test')), register(registration('twin@race.test'))]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect([a.body.error, b.body.error]).toContain('email_used');
    });

    it('checks every field of the registration form', async () => {
      const r = await register({
        ...registration('bad'),
        confirmEmail: 'other@x.test',
        phone: '0170 123',
        country: '',
        firstName: ' ',
        password: 'short',
        confirmPassword: 'x',
        privacyPolicyAccepted: false,
      });
      expect(r.status).toBe(400);
      expect(r.body.details?.map((d) => d.path).sort()).toEqual(
        expect.arrayContaining(['country', 'email', 'firstName', 'password', 'phone', 'privacyPolicyAccepted']),
      );
    });

    it('fails the anti-robot check when the box is ticked, too soon after the challenge, without a start, or without a valid unused challenge', async () => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      // The signature's first character changed; and its last one spelled another way that decodes to the same bytes.
      const forged = challenge().replace(/\.(.)([^.]{42})$/, (_m, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`);
      const respelled = challenge().replace(/.$/, (c) => alphabet[alphabet.indexOf(c) ^ 1]!);
      const used = challenge();
      expect((await register(registration('first@x.test', { antiRobot: { checked: false, startedAt: 1, challenge: used } }))).status).toBe(200);
      const robots = [
        { checked: true, startedAt: 1, challenge: challenge() },
        { checked: false, startedAt: 1, challenge: challenge(4_999) },
        { checked: false, startedAt: 0, challenge: challenge() },
        { checked: false, startedAt: 1 },
        { checked: false, startedAt: 1, challenge: forged },
        { checked: false, startedAt: 1, challenge: respelled },
        { checked: false, startedAt: 1, challenge: used },
        { checked: false, startedAt: 1, challenge: challenge(3 * 60 * 60_000) },
      ];
      for (const antiRobot of robots) {
        const r = await register(registration('robot@x.test', { antiRobot }));
        expect([JSON.stringify(antiRobot), r.status]).toEqual([JSON.stringify(antiRobot), 400]);
        expect(r.body).toMatchObject({ error: 'anti_spam_failed', message: 'Anti-spam check failed' });
      }
    });

    it('gives a challenge back when the form is refused, so the person can correct it and send it again', async () => {
      const kept = challenge();
      expect((await register(registration('ec.admin@demo.onsite.test', { antiRobot: { checked: false, startedAt: 1, challenge: kept } }))).body.error).toBe(
        'email_used',
      );
      expect((await register(registration('corrected@x.test', { antiRobot: { checked: false, startedAt: 1, challenge: kept } }))).status).toBe(200);
    });

    it('records a request from an unlisted country as a lead', async () => {
      const r = await t.post<Data<{ leadId: string }>>(
        '/api/registration/country-request',
        {
          country: 'Norway',
          email: 'lead@fjord.test',
          firstName: 'Ola',
          lastName: 'Nordmann',
          companyName: 'Fjord AS',
          phone: '+4791234567',
          servicesOfInterest: ['Preventive maintenance'],
          remarks: 'Two plants',
          contactTime: 'mornings',
          antiRobot: { checked: false, startedAt: 1, challenge: challenge() },
        },
        undefined,
        from(),
      );
      expect(r.status).toBe(200);
      const [event] = await t.runtime.eventStore.readStream(`lead-${(r.body.data as { leadId: string }).leadId}`);
      expect(event).toMatchObject({ type: 'COUNTRY_REQUEST_RECEIVED', data: { country: 'Norway', servicesOfInterest: ['Preventive maintenance'] } });
    });
  });

  describe('passwords', () => {
    it('resets a forgotten password once with a one-hour token and ends every session', async () => {
      const email = 'oem2.planner@demo.onsite.test';
      const session = (await login(email)).body.token!;
      expect((await t.post('/api/password/reset', { email })).status).toBe(200);
      const mail = await outbox(email, 'password-reset');
      expect(mail?.link).toMatch(/^http:\/\/onsite\.test\/en\/reset-password\?token=/);
      const token = tokenIn(mail);
      const reset = await t.post('/api/user/password-reset', { token, password: 'Brand-new-2', confirmPassword: 'Brand-new-2' });
      expect(reset.status).toBe(200);
      expect((await t.post('/api/user/getProfile', {}, session)).status).toBe(401);
      expect((await login(email, 'Brand-new-2')).status).toBe(200);
      const reuse = await t.post('/api/user/password-reset', { token, password: 'Brand-new-3', confirmPassword: 'Brand-new-3' });
      expect(reuse.body.error).toBe('invalid_token');

      now += 1_000;
      await t.post('/api/password/reset', { email });
      const late = tokenIn(await outbox(email, 'password-reset'));
      now += TOKEN_TTL_MS['password-reset'] + 1;
      expect((await t.post('/api/user/password-reset', { token: late, password: 'Brand-new-3', confirmPassword: 'Brand-new-3' })).body.error).toBe(
        'invalid_or_expired_token',
      );
    });

    it('names what is missing: email_required, password_or_token_missed, token_missed, new_password_missed', async () => {
      expect((await t.post('/api/password/reset', {})).body.error).toBe('email_required');
      expect((await t.post('/api/user/password-reset', {})).body.error).toBe('password_or_token_missed');
      expect((await t.post('/api/user/password-reset', { password: 'Abcdefg1' })).body.error).toBe('token_missed');
      expect((await t.post('/api/user/password-reset', { token: 'A'.repeat(43) })).body.error).toBe('new_password_missed');
      expect((await t.post('/api/user/password-reset', { token: 'A'.repeat(43), password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).body.error).toBe(
        'invalid_token',
      );
      expect((await t.post('/api/user/set-password', { token: 'A'.repeat(43), password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).body.error).toBe(
        'token_not_found',
      );
      const weak = await t.post('/api/user/password-reset', { token: 'A'.repeat(43), password: 'abcdefgh', confirmPassword: 'abcdefgh' });
      expect(weak.body.details?.[0]).toMatchObject({ path: 'password' });
    });

    it('changes a password with the old one and ends the other sessions only', async () => {
      const email = 'oem2.sales@demo.onsite.test';
      const [a, b] = [(await login(email)).body.token!, (await login(email)).body.token!];
      const wrong = await t.post(
        '/api/user/changePassword',
        { oldPassword: 'nope-nope-1', newPassword: 'Changed-pass-1', confirmPassword: 'Changed-pass-1' },
        a,
      );
      expect(wrong.body.error).toBe('wrong_old_password');
      expect((await t.post('/api/user/changePassword', { oldPassword: 'Onsite-demo-1' }, a)).body.error).toBe('new_password_missed');
      const ok = await t.post(
        '/api/user/changePassword',
        { oldPassword: 'Onsite-demo-1', newPassword: 'Changed-pass-1', confirmPassword: 'Changed-pass-1' },
        a,
      );
      expect(ok.status).toBe(200);
      expect((await t.post('/api/user/getProfile', {}, a)).status).toBe(200);
      expect((await t.post('/api/user/getProfile', {}, b)).status).toBe(401);
    });
  });

  describe('log-in throttling', () => {
    it('slows an address that keeps guessing one account with growing delays, and never locks the owner out', async () => {
      const email = 'oem2.supervisor@demo.onsite.test';
      const attacker = { 'x-forwarded-for': '198.51.100.7' };
      for (let i = 0; i < LOGIN_LIMITS.freePerPair; i++) expect((await login(email, 'wrong-pass-1', attacker)).status).toBe(400);
      const slowed = await login(email, 'wrong-pass-1', attacker);
      expect([slowed.status, slowed.body.error]).toEqual([429, 'too_many_attempts']);
      // The owner, from their own address, logs in all the same.
      expect((await login(email)).status).toBe(200);
      // After the wait the attacker may guess once more, then waits twice as long.
      now += 1_000;
      expect((await login(email, 'wrong-pass-1', attacker)).status).toBe(400);
      now += 1_000;
      expect((await login(email, 'wrong-pass-1', attacker)).status).toBe(429);
      now += 1_000;
      expect((await login(email, 'wrong-pass-1', attacker)).status).toBe(400);
      // Even the right password waits: the delay is not an oracle for it.
      expect((await login(email, 'Onsite-demo-1', attacker)).status).toBe(429);
      now += LOGIN_LIMITS.windowMs + 1;
      expect((await login(email, 'Onsite-demo-1', attacker)).status).toBe(200);
    });

    it('makes every address that failed on an account attacked from many addresses wait, but not its owner', async () => {
      const email = 'oem.sales@demo.onsite.test';
      const bots = Array.from({ length: LOGIN_LIMITS.perAccount }, (_, i) => ({ 'x-forwarded-for': `192.0.2.${i + 1}` }));
      for (const bot of bots) expect((await login(email, 'wrong-pass-1', bot)).status).toBe(400);
      const again = await fetch(`${t.baseUrl}/api/log-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bots[0] },
        body: JSON.stringify({ email, password: 'wrong-pass-1' }),
      });
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login(email)).status).toBe(200);
      now += LOGIN_LIMITS.windowMs + 1;
    });

    it('throttles guesses of the old password when changing it', async () => {
      const headers = { 'x-forwarded-for': '198.51.100.9' };
      const token = (await login('ec2.supervisor@demo.onsite.test', 'Onsite-demo-1', headers)).body.token!;
      const change = (oldPassword: string) =>
        t.post('/api/user/changePassword', { oldPassword, newPassword: 'Better-pass-22', confirmPassword: 'Better-pass-22' }, token, headers);
      for (let i = 0; i < LOGIN_LIMITS.freePerPair; i++) expect((await change('guess-' + i)).body.error).toBe('wrong_old_password');
      expect((await change('guess-x')).body.error).toBe('too_many_attempts');
      expect((await change('Onsite-demo-1')).body.error).toBe('too_many_attempts');
      now += LOGIN_LIMITS.windowMs + 1;
    });

    it(`answers 429 after ${LOGIN_LIMITS.perAddress} failures from one address across accounts`, async () => {
      const headers = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) await login(`nobody${i}@demo.onsite.test`, 'wrong-pass-1', headers);
      expect((await login('ec2.admin@demo.onsite.test', 'Onsite-demo-1', headers)).body.error).toBe('too_many_attempts');
      expect((await login('ec2.admin@demo.onsite.test')).status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('ends a session after the idle time and after the absolute lifetime', async () => {
      const idle = (await login('ec2.planner@demo.onsite.test')).body.token!;
      now += t.runtime.config.sessionIdleMs + 1;
      expect((await t.post('/api/user/getProfile', {}, idle)).body.error).toBe('session_expired');

      const busy = (await login('ec2.planner@demo.onsite.test')).body.token!;
      const end = now + t.runtime.config.sessionMaxMs;
      while (now + t.runtime.config.sessionIdleMs / 2 < end) {
        now += t.runtime.config.sessionIdleMs / 2;
        expect((await t.post('/api/user/getProfile', {}, busy)).status).toBe(200);
      }
      now = end;
      expect((await t.post('/api/user/getProfile', {}, busy)).status).toBe(401);
    });
  });

  describe('agreements', () => {
    it('lets a user who has not accepted do nothing but read the profile and documents, accept, and log out', async () => {
      const token = (await login(DEMO_PENDING_AGREEMENTS_EMAIL)).body.token!;
      const before = await t.post<ProfileBody>('/api/user/getProfile', {}, token);
      expect(before.body.data).toMatchObject({ acceptUserLicence: false, privacyPolicyAccepted: false });
      expect((await t.post('/api/order/list', {}, token)).body.error).toBe('agreements_required');
      expect((await t.post('/api/user/list', {}, token)).status).toBe(403);

      const docs = await t.post<Data<{ documentType: string; legalfile: { url: string } }[]>>('/api/getLegalDocument', { language: 'de' }, token);
      const list = docs.body.data as { documentType: string; legalfile: { url: string } }[];
      expect(list.map((d) => d.documentType)).toEqual(['TERMS_OF_USE', 'PRIVACY_POLICY']);
      const pdf = await fetch(`${t.baseUrl}${list[0]!.legalfile.url}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
      expect(bytes.startsWith('%PDF-1.4')).toBe(true);
      expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true);
      expect(list[0]!.legalfile.url).toMatch(/\/de\.pdf$/);
      const fallback = await t.post<Data<{ legalfile: { url: string } }[]>>('/api/getLegalDocument', { language: 'fr' });
      expect((fallback.body.data as { legalfile: { url: string } }[])[0]!.legalfile.url).toMatch(/\/en\.pdf$/);

      const eula = await t.post<ProfileBody>('/api/user/acceptUserLicence', undefined, token);
      expect(eula.body.data).toMatchObject({ acceptUserLicence: true, privacyPolicyAccepted: false });
      const privacy = await t.post<ProfileBody & { meta: { profile: unknown } }>('/api/user/acceptPrivacyPolicy', undefined, token);
      expect(privacy.body.data).toMatchObject({ acceptUserLicence: true, privacyPolicyAccepted: true });
      expect(privacy.body.meta.profile).toEqual(privacy.body.data);
      expect((await t.post('/api/order/list', {}, token)).status).toBe(200);

      const staff = (await login('bl.admin@demo.onsite.test')).body.token!;
      const userId = (privacy.body.data as { _id: string })._id;
      expect((await t.post('/api/resetUserConsents', { userId }, (await login('ec2.admin@demo.onsite.test')).body.token)).status).toBe(403);
      expect((await t.post<ProfileBody>('/api/resetUserConsents', { userId }, staff)).body.data).toMatchObject({
        acceptUserLicence: false,
        privacyPolicyAccepted: false,
      });
      expect((await t.post('/api/order/list', {}, token)).body.error).toBe('agreements_required');
    });
  });

  describe('links in messages', () => {
    it("point at PUBLIC_URL in the recipient's language: an invitation to a German company opens the German set-password page", async () => {
      const staff = (await login('bl.admin@demo.onsite.test')).body.token!;
      const colleague = await t.post<Data<{ company: { _id: string } }>>('/api/user/getProfile', {}, (await login('ec2.admin@demo.onsite.test')).body.token);
      const companyId = colleague.body.data.company._id;
      const invited = await t.post(
        '/api/admin/user/invite',
        { email: 'neu.planer@rheinwerk.test', firstName: 'Nina', lastName: 'Neu', role: 'PLANNER', companyId },
        staff,
      );
      expect(invited.status).toBe(200);
      expect((await outbox('neu.planer@rheinwerk.test', 'invitation'))?.link).toMatch(/^http:\/\/onsite\.test\/de\/set-password\?token=[\w-]{20,}$/);
    });
  });

  describe('force login and acting on behalf', () => {
    it('gives staff a single-use, short-lived token whose session is the customer with blUser recorded', async () => {
      const staff = (await login('bl.sales@demo.onsite.test')).body.token!;
      const customer = await t.post<ProfileBody>('/api/user/getProfile', {}, (await login('oem.planner@demo.onsite.test')).body.token);
      const userId = (customer.body.data as { _id: string })._id;
      const refused = await t.post('/api/admin/force/login', { userId }, (await login('oem.admin@demo.onsite.test')).body.token);
      expect(refused.status).toBe(403);

      const grant = await t.post<Data<{ token: string; link: string }>>('/api/admin/force/login', { userId }, staff);
      const { token, link } = grant.body.data as { token: string; link: string };
      expect(link).toBe(`http://onsite.test/en/force/log-in?token=${token}`);
      const forced = await t.post<Data<{ profile: { email: string }; blUser: { email: string } }>>('/api/force/log-in', { token });
      expect(forced.body.data).toMatchObject({ profile: { email: 'oem.planner@demo.onsite.test' }, blUser: { email: 'bl.sales@demo.onsite.test' } });
      const profile = await t.post<ProfileBody>('/api/user/getProfile', {}, forced.body.token);
      expect(profile.body.data).toMatchObject({ email: 'oem.planner@demo.onsite.test', blUser: { email: 'bl.sales@demo.onsite.test' } });
      expect((await t.post('/api/force/log-in', { token })).body.error).toBe('invalid_token');
      expect((await t.post('/api/force/log-in', {})).body.error).toBe('token_missed');

      const late = (await t.post<Data<{ token: string }>>('/api/admin/force/login', { userId }, staff)).body.data as { token: string };
      now += TOKEN_TTL_MS['force-login'] + 1;
      expect((await t.post('/api/force/log-in', { token: late.token })).body.error).toBe('invalid_or_expired_token');
      const granted = await t.runtime.eventStore.readStream(`user-${userId}`);
      expect(granted.filter((e) => e.type === 'FORCE_LOGIN_GRANTED')).toHaveLength(2);
    });

    it('records the staff user and the customer on events written on behalf', async () => {
      const staff = (await login('bl.admin@demo.onsite.test')).body.token!;
      const admin = await t.post<ProfileBody>('/api/user/getProfile', {}, (await login('ec.admin@demo.onsite.test')).body.token);
      const customerId = (admin.body.data as { _id: string })._id;
      const staffId = ((await t.post<ProfileBody>('/api/user/getProfile', {}, staff)).body.data as { _id: string })._id;
      const r = await t.post<Data<{ tags: string[] }>>('/api/company/getByUID', { uid: 'EC-2001', onBehalfOfUserId: customerId }, staff);
      expect(r.status).toBe(200);
      const updated = await t.post(
        '/api/company/update',
        { companyId: (r.body.data as unknown as { _id: string })._id, contactPersonDepartment: 'Maintenance', onBehalfOfUserId: customerId },
        staff,
      );
      expect(updated.status).toBe(200);
      const events = await t.runtime.eventStore.readStream(`company-${(r.body.data as unknown as { _id: string })._id}`);
      expect(events.at(-1)?.metadata).toMatchObject({ actorUserId: staffId, onBehalfOfUserId: customerId });
    });
  });
});
