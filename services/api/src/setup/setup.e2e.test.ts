import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { SetupService } from './setup.service.js';

type Data<T> = { data: T };
type Answer = { companyId: string; userId: string; email: string; invitation?: { to: string; subject: string; link?: string } };
const PASSWORD = 'Provider-setup-1';

describe('first-run setup', () => {
  let t: TestApp;
  let token: string;
  const body = (overrides: Record<string, unknown> = {}) => ({
    token,
    companyName: 'Harbour Field Services Ltd',
    country: 'uk',
    firstName: 'Ada',
    lastName: 'Moss',
    email: 'Ada.Moss@harbour.test',
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
    token = (await t.app.get(SetupService).issueToken())!;
  });
  afterAll(async () => t.close());

  it('is 404 with a wrong or missing token, and refuses bad input with a code and nothing written', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await t.get(`/api/setup?token=${token}`)).status).toBe(200);
    expect((await t.get('/api/setup?token=not-the-token')).status).toBe(404);
    expect((await t.get('/api/setup')).status).toBe(404);
    const wrong = await t.post('/api/setup', body({ token: 'A'.repeat(43) }));
    expect([wrong.status, wrong.body.error]).toEqual([404, 'not_found']);

    const before = await t.runtime.eventStore.countEvents();
    const bad = await t.post('/api/setup', body({ companyName: '  ', email: 'not-an-address', country: 'zz' }));
    expect([bad.status, bad.body.error]).toEqual([400, 'validation_error']);
    expect(bad.body.details?.map((d) => d.path).sort()).toEqual(['companyName', 'country', 'email']);
    expect(bad.body.details?.find((d) => d.path === 'country')?.message).toBe('Choose the country of the provider company.');
    expect(await t.runtime.eventStore.countEvents()).toBe(before);
    expect(await t.app.get(SetupService).pending()).toBe(true);
    // Nobody can log in yet.
    expect((await t.post('/api/log-in', { email: 'ada.moss@harbour.test', password: PASSWORD })).body.token).toBeUndefined();
  });

  it('creates the provider company and its admin once, who sets a password from the invitation and logs in; then 404 for ever', async () => {
    const done = await t.post<Data<Answer>>('/api/setup', body());
    expect(done.status).toBe(200);
    const answer = done.body.data;
    expect(answer.email).toBe('ada.moss@harbour.test');
    // Embedded profile without SMTP: the invitation is in the dev outbox, and the answer shows it to the one who set up.
    expect(answer.invitation).toMatchObject({ to: 'ada.moss@harbour.test', link: expect.stringContaining('/en/set-password?token=') });
    const invitationToken = new URL(answer.invitation!.link!).searchParams.get('token');
    expect((await t.post('/api/user/set-password', { token: invitationToken, password: PASSWORD, confirmPassword: PASSWORD })).status).toBe(200);
    const login = await t.post<Data<{ profile: { type: string; role: string; company: { _id: string; name: string } } }>>('/api/log-in', {
      email: 'ada.moss@harbour.test',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.data.profile).toMatchObject({ type: 'BL', role: 'ADMIN', company: { _id: answer.companyId, name: 'Harbour Field Services Ltd' } });

    // The facts are events, with the new admin as their actor.
    const company = await t.runtime.eventStore.readStream(`company-${answer.companyId}`);
    expect(company.map((e) => [e.type, e.metadata.actorUserId])).toEqual([['COMPANY_REGISTERED', answer.userId]]);
    expect((await t.runtime.eventStore.readStream('setup-main')).map((e) => e.type)).toEqual(['PROVIDER_SET_UP']);

    // Gone for ever: the same token, another token, the screen's check, bad input alike.
    expect((await t.post('/api/setup', body({ email: 'second@harbour.test' }))).status).toBe(404);
    expect((await t.post('/api/setup', body({ companyName: '' }))).status).toBe(404);
    expect((await t.get(`/api/setup?token=${token}`)).status).toBe(404);
    expect(await t.app.get(SetupService).issueToken()).toBeNull();
  });

  it('prints no link on a store that has a provider company (the demo seed)', async () => {
    const seeded = await startTestApp();
    try {
      expect(await seeded.app.get(SetupService).issueToken()).toBeNull();
      expect((await seeded.post('/api/setup', { ...body(), token: 'A'.repeat(43) })).status).toBe(404);
    } finally {
      await seeded.close();
    }
  });
});
