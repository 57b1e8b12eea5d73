import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };
type Contact = { group: string; phone: string | null; email: string | null };
type View = { groups: Contact[]; personalContacts: { title: string; name: string; email: string }[]; itSupportEmail: string | null };
type Change = { at: string; actor: { userId: string; name: string | null }; type: string; data: Record<string, unknown> };

const STREAM = 'support-contacts-main';

describe('support contacts managed by staff administrators', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('bl.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const view = async (token: string) => (await t.get<Data<View>>('/api/support-contacts', token)).body.data;
  const events = async () => (await t.runtime.eventStore.readStream(STREAM)).length;

  it('serves the demo contacts the seed entered through the same commands, to every signed-in user', async () => {
    const customer = await t.login('ec.planner@demo.onsite.test');
    const contacts = await view(customer);
    expect(contacts.groups.find((g) => g.group === 'ukIe')).toMatchObject({ phone: '+44 20 0000 0000', email: 'support-uk@onsite.example' });
    expect(contacts.personalContacts.map((p) => p.name)).toEqual(['Alex Example', 'Sam Sample']);
    expect(contacts.itSupportEmail).toBe('it-support@onsite.example');
    expect((await t.get('/api/support-contacts')).status).toBe(401);
  });

  it('lets a staff administrator change a group, recorded with who and shown in the history; the contact form follows', async () => {
    const changed = await t.post<Data<View>>(
      '/api/support-contacts/set-group',
      { group: 'ukIe', phone: '+44 20 7946 0000', email: 'Help.UK@Provider.test' },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.groups.find((g) => g.group === 'ukIe')).toMatchObject({ phone: '+44 20 7946 0000', email: 'help.uk@provider.test' });
    const customer = await t.login('ec.admin@demo.onsite.test');
    expect((await view(customer)).groups.find((g) => g.group === 'ukIe')?.email).toBe('help.uk@provider.test');

    const history = (await t.get<Data<Change[]>>('/api/support-contacts/history', admin)).body.data;
    expect(history[0]).toMatchObject({ type: 'SUPPORT_GROUP_CONTACT_SET', actor: { name: 'Lena Vogt' }, data: { group: 'ukIe', phone: '+44 20 7946 0000' } });
    // Setting what is there records nothing.
    const before = await events();
    expect((await t.post('/api/support-contacts/set-group', { group: 'ukIe', phone: '+44 20 7946 0000', email: 'help.uk@provider.test' }, admin)).status).toBe(
      200,
    );
    expect(await events()).toBe(before);

    const sent = await t.post<Data<{ sentTo: string }>>('/api/cms/contact', { subject: 'Badge', message: 'Hall 3 badges.' }, customer);
    expect(sent.body.data).toEqual({ sentTo: 'help.uk@provider.test' });
  });

  it('refuses bad input with a field code and writes nothing', async () => {
    const before = await events();
    const bad = await t.post('/api/support-contacts/set-group', { group: 'ukIe', phone: '0000', email: 'nope' }, admin);
    expect([bad.status, bad.body.error]).toEqual([400, 'validation_error']);
    expect(bad.body.details?.map((d) => d.path).sort()).toEqual(['email', 'phone']);
    expect((await t.post('/api/support-contacts/set-group', { group: 'mars', phone: '+44 20 7946 0000', email: 'a@b.test' }, admin)).status).toBe(400);
    expect((await t.post('/api/support-contacts/set-personal', { contacts: [{ title: '', name: 'X', email: 'x@y.test' }] }, admin)).status).toBe(400);
    expect((await t.post('/api/support-contacts/set-it-support', { email: '' }, admin)).status).toBe(400);
    expect(await events()).toBe(before);
  });

  it('refuses every content command to customers, other staff and auditors (403), and the history to customers', async () => {
    const before = await events();
    const commands: [string, unknown][] = [
      ['/api/support-contacts/set-group', { group: 'ch', phone: '+41 44 000 00 01', email: 'x@provider.test' }],
      ['/api/support-contacts/set-personal', { contacts: [] }],
      ['/api/support-contacts/set-it-support', { email: 'x@provider.test' }],
    ];
    for (const email of ['ec.admin@demo.onsite.test', 'oem.admin@demo.onsite.test', 'bl.planner@demo.onsite.test', 'bl.auditor@demo.onsite.test']) {
      const token = await t.login(email);
      for (const [path, body] of commands) {
        const refused = await t.post(path, body, token);
        expect([email, path, refused.status, refused.body.error]).toEqual([email, path, 403, 'forbidden']);
      }
    }
    // Staff acting for a customer act as the customer: refused too.
    const customer = (await t.post<Data<{ profile: { _id: string } }>>('/api/log-in', { email: 'ec.planner@demo.onsite.test', password: 'Onsite-demo-1' })).body
      .data.profile._id;
    expect((await t.post('/api/support-contacts/set-it-support', { email: 'x@provider.test', onBehalfOfUserId: customer }, admin)).status).toBe(403);
    expect(await events()).toBe(before);
    expect((await t.get('/api/support-contacts/history', await t.login('ec.admin@demo.onsite.test'))).status).toBe(403);
    expect((await t.get('/api/support-contacts/history', await t.login('bl.auditor@demo.onsite.test'))).status).toBe(200);
  });
});
