import type { FaqView, ManualView } from '@onsite/contracts';
import { DEMO_HELP } from '../seed/demo-help.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };

describe('help: questions and manuals', () => {
  let t: TestApp;
  let customer: string;
  let staffAdmin: string;

  beforeAll(async () => {
    t = await startTestApp();
    customer = await t.login('ec2.planner@demo.onsite.test');
    staffAdmin = await t.login('bl.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const faqs = async (query: string, token = customer) => (await t.get<Data<FaqView[]>>(`/api/cms/faqs?${query}`, token)).body.data;

  it('answers in German and Portuguese, in English where a question is not translated', async () => {
    const german = await faqs('lang=de');
    expect(german).toHaveLength(DEMO_HELP.faqs.length);
    expect(german.find((f) => f.id === 'po-number')).toMatchObject({ language: 'de', question: 'Was, wenn ich noch keine Bestellnummer habe?' });
    const portuguese = await faqs('lang=pt');
    expect(portuguese.find((f) => f.id === 'po-number')?.language).toBe('pt');
    expect(portuguese.find((f) => f.id === 'reject-reasons')).toMatchObject({
      language: 'en',
      question: 'Why do you ask for a reason when I reject an offer?',
    });
  });

  it('searches every word in questions and answers, whatever the case and accents', async () => {
    expect((await faqs(`lang=pt&search=${encodeURIComponent('NUMERO pedido')}`)).map((f) => f.id)).toEqual(['po-number']);
    expect(await faqs('lang=en&search=zeppelin')).toEqual([]);
  });

  it('gives a manual as a signed, expiring PDF address, in English where it is not translated', async () => {
    const manuals = (await t.get<Data<ManualView[]>>('/api/cms/manuals?lang=pt', customer)).body.data;
    expect(manuals.map((m) => [m.id, m.language])).toEqual([
      ['ordering-guide', 'pt'],
      ['offers-and-acceptance', 'en'],
      ['administration', 'en'],
    ]);
    const link = (await t.post<Data<{ url: string; language: string }>>('/api/cms/manual-link', { manualId: 'ordering-guide', lang: 'de' }, customer)).body
      .data;
    expect(link.language).toBe('de');
    const file = await fetch(`${t.baseUrl}${link.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await file.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('Leitfaden Bestellen');
    expect(pdf).toMatch(/\/Count 1 /);
    // The signature covers the path: the same token for another manual or language is refused.
    const forged = await fetch(`${t.baseUrl}${link.url.replace('/de?', '/en?')}`);
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: string }).error).toBe('invalid_or_expired_token');
    expect((await t.post('/api/cms/manual-link', { manualId: 'no-such-manual' }, customer)).status).toBe(404);
  });

  it("gives visitors the home page's banner in their language, without a session", async () => {
    const german = await t.get<Data<{ title: string; language: string }>>('/api/cms/getBanner?lang=de');
    expect(german.status).toBe(200);
    expect(german.body.data).toMatchObject({ language: 'de', title: DEMO_HELP.banner!.title.de });
    expect((await t.get<Data<{ language: string }>>('/api/cms/getBanner?lang=pt')).body.data.language).toBe('pt');
    expect((await t.get<{ error: string }>('/api/cms/getBanner?lang=fr')).body.error).toBe('validation_error');
  });

  it('is for signed-in users only', async () => {
    expect((await t.get('/api/cms/faqs?lang=en')).status).toBe(401);
    expect((await t.post('/api/cms/manual-link', { manualId: 'ordering-guide' })).status).toBe(401);
  });

  it('no longer takes the whole content as one publication: questions, manuals and the banner are managed (D205, D212)', async () => {
    expect((await t.post('/api/cms/publishHelp', { faqs: [], manuals: [] }, staffAdmin)).status).toBe(404);
    expect((await t.get('/api/cms/help-content', staffAdmin)).status).toBe(404);
  });
});
