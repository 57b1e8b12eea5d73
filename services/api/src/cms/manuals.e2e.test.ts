import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };
type StoredFile = { path: string; name: string };
type Manual = { id: string; title: Record<string, string>; summary: Record<string, string>; issued: string; files: Record<string, StoredFile> };

/** A minimal valid PDF whose text says `marker`, as a staff member's file would be. */
const pdf = (marker: string) => new TextEncoder().encode(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('manuals managed by staff administrators (D212)', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('bl.admin@demo.onsite.test');
    customer = await t.login('ec3.planner@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const upload = async (bytes: Uint8Array, name = 'manual.pdf', type = 'application/pdf', token = admin) =>
    (await t.upload<Data<{ uploadId: string }>>({ bytes, name, type }, token)).body.data.uploadId;
  const managed = async () => (await t.get<Data<Manual[]>>('/api/help-content/manuals', admin)).body.data;
  const download = async (manualId: string, lang: string) => {
    const link = (await t.post<Data<{ url: string; language: string }>>('/api/cms/manual-link', { manualId, lang }, customer)).body.data;
    const file = await fetch(`${t.baseUrl}${link.url}`);
    return { language: link.language, status: file.status, text: Buffer.from(await file.arrayBuffer()).toString('latin1') };
  };

  it('lists the manuals the seed created through the same command, each a PDF per language, with its history', async () => {
    const guide = (await managed()).find((m) => m.id === 'ordering-guide');
    expect(Object.keys(guide?.files ?? {}).sort()).toEqual(['de', 'en', 'pt']);
    const history = (await t.get<Data<{ type: string; actor: { name: string } }[]>>('/api/help-content/manuals/history/ordering-guide', admin)).body.data;
    expect(history).toEqual([expect.objectContaining({ type: 'MANUAL_CREATED', actor: expect.objectContaining({ name: 'Lena Vogt' }) })]);
    const german = await download('ordering-guide', 'de');
    expect([german.language, german.status]).toEqual(['de', 200]);
    expect(german.text).toContain('Leitfaden Bestellen');
  });

  it('creates a manual from uploaded PDFs; customers get the file of their language, else the English one', async () => {
    const files = { en: { uploadId: await upload(pdf('english edition')) }, pt: { uploadId: await upload(pdf('edicao portuguesa'), 'manual-pt.pdf') } };
    const created = await t.post<Data<Manual>>(
      '/api/help-content/manuals/create',
      { title: { en: 'Safety on site', pt: 'Segurança no local' }, summary: { en: 'What our technicians need.' }, issued: '2026-11-30', files },
      admin,
    );
    expect(created.status).toBe(200);
    const { id } = created.body.data;
    expect(created.body.data.files.pt?.name).toBe('manual-pt.pdf');
    const listed = (await t.get<Data<{ id: string; title: string; language: string }[]>>('/api/cms/manuals?lang=pt', customer)).body.data;
    expect(listed.find((m) => m.id === id)).toMatchObject({ title: 'Segurança no local', language: 'pt' });
    expect((await download(id, 'pt')).text).toContain('edicao portuguesa');
    const german = await download(id, 'de');
    expect([german.language, german.text.includes('english edition')]).toEqual(['en', true]);

    // A change keeps the files it names as stored, replaces those uploaded again, and drops those left out.
    const stored = created.body.data.files;
    const changed = await t.post<Data<Manual>>(
      '/api/help-content/manuals/change',
      { id, title: { en: 'Safety on site' }, summary: { en: 'What our technicians need.' }, issued: '2026-12-01', files: { en: stored.en } },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.files).toEqual({ en: stored.en });
    expect((await download(id, 'pt')).language).toBe('en');

    expect((await t.post('/api/help-content/manuals/remove', { id }, admin)).status).toBe(200);
    expect((await t.get<Data<{ id: string }[]>>('/api/cms/manuals?lang=en', customer)).body.data.find((m) => m.id === id)).toBeUndefined();
    expect((await t.post('/api/cms/manual-link', { manualId: id }, customer)).status).toBe(404);
    const history = (await t.get<Data<{ type: string }[]>>(`/api/help-content/manuals/history/${id}`, admin)).body.data;
    expect(history.map((h) => h.type)).toEqual(['MANUAL_REMOVED', 'MANUAL_CHANGED', 'MANUAL_CREATED']);
  });

  it('refuses what is not a PDF, a missing English file and another file’s stored path, writing nothing', async () => {
    const before = await managed();
    const texts = { title: { en: 'Wrong' }, summary: { en: 'Wrong' }, issued: '2026-11-30' };
    const image = await t.post<{ error: string; details: { path: string; code: string }[] }>(
      '/api/help-content/manuals/create',
      { ...texts, files: { en: { uploadId: await upload(png, 'photo.png', 'image/png') } } },
      admin,
    );
    expect([image.status, image.body.error]).toEqual([400, 'validation_error']);
    expect(image.body.details[0]).toMatchObject({ path: 'files.en', code: 'pdf_required' });
    const noEnglish = await t.post<{ error: string }>(
      '/api/help-content/manuals/create',
      { ...texts, files: { de: { uploadId: await upload(pdf('x')) } } },
      admin,
    );
    expect([noEnglish.status, noEnglish.body.error]).toEqual([400, 'validation_error']);
    const guide = before.find((m) => m.id === 'ordering-guide')!;
    const borrowed = await t.post<{ error: string; details: { code: string }[] }>(
      '/api/help-content/manuals/create',
      { ...texts, files: { en: guide.files.en } },
      admin,
    );
    expect([borrowed.status, borrowed.body.details[0]?.code]).toEqual([400, 'upload_not_found']);
    const badDate = await t.post<{ error: string }>(
      '/api/help-content/manuals/create',
      { ...texts, issued: '30.11.2026', files: { en: guide.files.en } },
      admin,
    );
    expect(badDate.status).toBe(400);
    expect(await managed()).toEqual(before);
    const unknown = await t.post<{ error: string }>(
      '/api/help-content/manuals/change',
      { id: 'no-such-manual', ...texts, files: { en: guide.files.en } },
      admin,
    );
    expect([unknown.status, unknown.body.error]).toEqual([404, 'manual_not_found']);
  });

  it('lets only staff administrators change manuals; every staff member reads them; customers neither', async () => {
    const guide = (await managed()).find((m) => m.id === 'ordering-guide')!;
    const body = { id: guide.id, title: guide.title, summary: guide.summary, issued: guide.issued, files: guide.files };
    for (const email of ['bl.planner@demo.onsite.test', 'bl.auditor@demo.onsite.test', 'ec.admin@demo.onsite.test', 'oem.admin@demo.onsite.test']) {
      const token = await t.login(email);
      expect((await t.post('/api/help-content/manuals/change', { ...body, issued: '2026-01-01' }, token)).status).toBe(403);
      expect((await t.post('/api/help-content/manuals/remove', { id: guide.id }, token)).status).toBe(403);
    }
    expect((await t.get('/api/help-content/manuals', await t.login('bl.auditor@demo.onsite.test'))).status).toBe(200);
    expect((await t.get('/api/help-content/manuals', customer)).status).toBe(403);
    expect((await managed()).find((m) => m.id === 'ordering-guide')?.issued).toBe(guide.issued);
  });
});
