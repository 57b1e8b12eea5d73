import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };
type Faq = { id: string; topic: string; question: Record<string, string>; answer: Record<string, string> };
type View = { id: string; question: string; answer: string; language: string };

describe('help questions managed by staff administrators (D205)', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('bl.admin@demo.onsite.test');
    customer = await t.login('ec2.planner@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const read = async (lang: string) => (await t.get<Data<View[]>>(`/api/cms/faqs?lang=${lang}`, customer)).body.data;
  const streams = async () => (await t.get<Data<Faq[]>>('/api/help-content/faqs', admin)).body.data.length;

  it('lists the questions the seed created through the same command, each with its history', async () => {
    const list = (await t.get<Data<Faq[]>>('/api/help-content/faqs', admin)).body.data;
    expect(list.find((f) => f.id === 'po-number')?.question.de).toBe('Was, wenn ich noch keine Bestellnummer habe?');
    const history = (await t.get<Data<{ type: string; actor: { name: string } }[]>>('/api/help-content/faqs/history/po-number', admin)).body.data;
    expect(history).toEqual([expect.objectContaining({ type: 'FAQ_CREATED', actor: expect.objectContaining({ name: 'Lena Vogt' }) })]);
  });

  it('creates, changes and removes a question; customers read it in their language, English where untranslated', async () => {
    const created = await t.post<Data<Faq>>(
      '/api/help-content/faqs/create',
      {
        topic: 'jobs',
        question: { en: 'Can technicians work at night?', de: 'Arbeiten Techniker auch nachts?' },
        answer: { en: 'Yes, **on request**.', de: 'Ja, **auf Anfrage**.' },
      },
      admin,
    );
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await read('de')).find((f) => f.id === id)).toMatchObject({ question: 'Arbeiten Techniker auch nachts?', language: 'de' });
    expect((await read('pt')).find((f) => f.id === id)).toMatchObject({ question: 'Can technicians work at night?', language: 'en' });

    const changed = await t.post<Data<Faq>>(
      '/api/help-content/faqs/change',
      { id, topic: 'jobs', question: { en: 'Can technicians work at night?', pt: 'Os técnicos trabalham à noite?' }, answer: { en: 'Yes.', pt: 'Sim.' } },
      admin,
    );
    expect(changed.body.data.question).toEqual({ en: 'Can technicians work at night?', pt: 'Os técnicos trabalham à noite?' });
    expect((await read('pt')).find((f) => f.id === id)).toMatchObject({ answer: 'Sim.', language: 'pt' });

    expect((await t.post('/api/help-content/faqs/remove', { id }, admin)).status).toBe(200);
    expect((await read('en')).find((f) => f.id === id)).toBeUndefined();
    expect(
      (await t.post<{ error: string }>('/api/help-content/faqs/change', { id, topic: 'jobs', question: { en: 'Q' }, answer: { en: 'A' } }, admin)).body.error,
    ).toBe('faq_not_found');
    const history = (await t.get<Data<{ type: string }[]>>(`/api/help-content/faqs/history/${id}`, admin)).body.data;
    expect(history.map((h) => h.type)).toEqual(['FAQ_REMOVED', 'FAQ_CHANGED', 'FAQ_CREATED']);
  });

  it('refuses a question without English or with an unknown topic, writing nothing', async () => {
    const before = await streams();
    const noEnglish = await t.post<{ error: string; details: { path: string }[] }>(
      '/api/help-content/faqs/create',
      { topic: 'jobs', question: { de: 'Nur Deutsch' }, answer: { de: 'Ja' } },
      admin,
    );
    expect([noEnglish.status, noEnglish.body.error]).toEqual([400, 'validation_error']);
    expect(noEnglish.body.details.map((d) => d.path).sort()).toEqual(['answer.en', 'question.en']);
    expect((await t.post('/api/help-content/faqs/create', { topic: 'weather', question: { en: 'Q' }, answer: { en: 'A' } }, admin)).status).toBe(400);
    expect(await streams()).toBe(before);
    expect((await t.get('/api/help-content/faqs/history/No%20Such', admin)).status).toBe(400);
    expect((await t.get('/api/help-content/faqs/history/no-such', admin)).status).toBe(404);
  });

  it('refuses every change to customers, other staff and auditors (403); staff read, customers do not', async () => {
    const before = await streams();
    for (const email of ['ec.admin@demo.onsite.test', 'oem.admin@demo.onsite.test', 'bl.sales@demo.onsite.test', 'bl.auditor@demo.onsite.test']) {
      const token = await t.login(email);
      const refused = await t.post('/api/help-content/faqs/create', { topic: 'jobs', question: { en: 'Q' }, answer: { en: 'A' } }, token);
      expect([email, refused.status]).toEqual([email, 403]);
      expect([email, (await t.post('/api/help-content/faqs/remove', { id: 'po-number' }, token)).status]).toEqual([email, 403]);
    }
    expect(await streams()).toBe(before);
    expect((await t.get('/api/help-content/faqs', await t.login('bl.auditor@demo.onsite.test'))).status).toBe(200);
    expect((await t.get('/api/help-content/faqs', customer)).status).toBe(403);
  });
});

describe("the home page's banner managed by staff administrators (D205)", () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('bl.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  type Managed = {
    banner: { title: Record<string, string>; text: Record<string, string> } | null;
    changed: { at: string; by: string | null } | null;
    history: { at: string; by: string | null; type: string }[];
  };
  const visitor = async (lang: string) => (await t.get<Data<{ title: string; language: string } | null>>(`/api/cms/getBanner?lang=${lang}`)).body.data;

  it('shows visitors what staff set, in their language, and nothing once cleared', async () => {
    const seeded = (await t.get<Data<Managed>>('/api/help-content/banner', admin)).body.data;
    expect(seeded.changed?.by).toBe('Lena Vogt');
    const set = await t.post<Data<Managed>>(
      '/api/help-content/banner/set',
      { title: { en: 'Winter service weeks', de: 'Winter-Servicewochen' }, text: { en: 'Book now.', de: 'Jetzt buchen.' } },
      admin,
    );
    expect(set.body.data.banner?.title).toEqual({ en: 'Winter service weeks', de: 'Winter-Servicewochen' });
    expect(await visitor('de')).toMatchObject({ title: 'Winter-Servicewochen', language: 'de' });
    expect(await visitor('pt')).toMatchObject({ title: 'Winter service weeks', language: 'en' });
    const cleared = (await t.post<Data<Managed>>('/api/help-content/banner/clear', {}, admin)).body.data;
    expect(cleared.banner).toBeNull();
    expect(await visitor('en')).toBeNull();
    // Every change stays in the history, newest first, with who made it (the seed's first).
    expect(cleared.history.map((c) => [c.type, c.by])).toEqual([
      ['BANNER_CLEARED', 'Lena Vogt'],
      ['BANNER_SET', 'Lena Vogt'],
      ['BANNER_SET', 'Lena Vogt'],
    ]);
  });

  it('refuses a banner without English, and every change by anyone but a staff administrator, writing nothing', async () => {
    const events = async () => (await t.runtime.eventStore.readStream('banner-main')).length;
    const before = await events();
    expect((await t.post('/api/help-content/banner/set', { title: { de: 'Nur Deutsch' }, text: { de: 'Ja' } }, admin)).status).toBe(400);
    for (const email of ['ec.admin@demo.onsite.test', 'bl.sales@demo.onsite.test', 'bl.auditor@demo.onsite.test']) {
      const token = await t.login(email);
      expect([email, (await t.post('/api/help-content/banner/clear', {}, token)).status]).toEqual([email, 403]);
    }
    expect(await events()).toBe(before);
    expect((await t.get('/api/help-content/banner', await t.login('ec.admin@demo.onsite.test'))).status).toBe(403);
  });
});
