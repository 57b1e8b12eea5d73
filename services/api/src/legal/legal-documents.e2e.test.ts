import { legalDocumentStreamId } from '@onsite/domain';
import { FILES } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };
type Version = { version: number; publishedAt: string; publishedBy: { name: string | null }; languages: string[] };
type Managed = { kind: string; agreement: string; versions: Version[] };
type Legal = { documentType: string; title: string; legalfile: { url: string } };

/** A small valid PDF whose text tells which file it is. */
const pdf = (marker: string, name = `${marker}.pdf`) => ({
  bytes: Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`),
  name,
  type: 'application/pdf',
});

describe('legal documents managed by staff administrators (D206)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('bl.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const upload = async (file: { bytes: Uint8Array; name: string; type: string }, token = admin) =>
    ((await t.upload<Data<{ uploadId: string }>>(file, token)).body as Data<{ uploadId: string }>).data;
  const documents = async (token = admin) => (await t.get<Data<Managed[]>>('/api/legal-documents', token)).body.data;
  const privacy = async () => (await documents()).find((d) => d.kind === 'PRIVACY_POLICY')!;
  const events = async () => (await t.runtime.eventStore.readStream(legalDocumentStreamId('PRIVACY_POLICY'))).length;
  const publicText = async (language: string) => {
    const list = (await t.post<Data<Legal[]>>('/api/getLegalDocument', { language })).body.data;
    const url = list.find((d) => d.documentType === 'PRIVACY_POLICY')!.legalfile.url;
    return { url, text: Buffer.from(await (await fetch(`${t.baseUrl}${url}`)).arrayBuffer()).toString('latin1') };
  };

  it('lists the first versions the seed published as the staff administrator, readable by every staff member', async () => {
    const list = await documents();
    expect(list.map((d) => [d.kind, d.agreement, d.versions.map((v) => v.version)])).toEqual([
      ['TERMS_OF_USE', 'EULA', [1]],
      ['PRIVACY_POLICY', 'PRIVACY_POLICY', [1]],
    ]);
    expect(list[1]!.versions[0]).toMatchObject({ publishedBy: { name: 'Lena Vogt' }, languages: ['en', 'de', 'pt'] });
    expect((await t.get('/api/legal-documents', await t.login('bl.auditor@demo.onsite.test'))).status).toBe(200);
    expect((await t.get('/api/legal-documents', await t.login('ec.admin@demo.onsite.test'))).status).toBe(403);
  });

  it('refuses customers and auditors (403), and a file that is not a PDF (writing nothing)', async () => {
    for (const email of ['ec.admin@demo.onsite.test', 'oem.admin@demo.onsite.test', 'bl.auditor@demo.onsite.test', 'bl.planner@demo.onsite.test']) {
      const token = await t.login(email);
      const files = email.startsWith('bl.auditor') ? { en: { uploadId: 'x' } } : { en: await upload(pdf('customer'), token) };
      const r = await t.post('/api/legal-documents/publish', { kind: 'PRIVACY_POLICY', basedOn: 1, files }, token);
      expect([email, r.status]).toEqual([email, 403]);
    }
    const png = await upload(FILES.png('policy.png'));
    const refused = await t.post<{ error: string; details: { path: string; code: string }[] }>(
      '/api/legal-documents/publish',
      { kind: 'PRIVACY_POLICY', basedOn: 1, files: { en: png } },
      admin,
    );
    expect([refused.status, refused.body.error]).toEqual([400, 'pdf_required']);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'files.en', code: 'pdf_required' })]);
    const text = await t.upload({ bytes: Buffer.from('not a pdf at all'), name: 'policy.pdf', type: 'application/pdf' }, admin);
    expect([text.status, text.body.error]).toEqual([400, 'invalid_file_type']);
    const noEnglish = await t.post('/api/legal-documents/publish', { kind: 'PRIVACY_POLICY', basedOn: 1, files: { de: await upload(pdf('de')) } }, admin);
    expect(noEnglish.status).toBe(400);
    expect(await events()).toBe(1);
    expect((await privacy()).versions).toHaveLength(1);
  });

  it('publishes a new privacy version: the public page serves it, older versions stay downloadable, and users accept it again', async () => {
    const user = await t.login('ec2.admin@demo.onsite.test');
    expect((await t.post('/api/order/list', {}, user)).status).toBe(200);

    const published = await t.post<Data<Managed>>(
      '/api/legal-documents/publish',
      { kind: 'PRIVACY_POLICY', basedOn: 1, files: { en: await upload(pdf('privacy-v2-en')), de: await upload(pdf('privacy-v2-de')) } },
      admin,
    );
    expect(published.status).toBe(200);
    expect(published.body.data.versions.map((v) => [v.version, v.languages])).toEqual([
      [2, ['en', 'de']],
      [1, ['en', 'de', 'pt']],
    ]);
    // Every user accepts the new version again, the publisher too; publishing again from the version seen before
    // answers that someone else was first.
    expect((await t.get<unknown>('/api/legal-documents', admin)).body.error).toBe('agreements_required');
    expect((await t.post('/api/user/acceptPrivacyPolicy', undefined, admin)).status).toBe(200);
    const stale = await t.post('/api/legal-documents/publish', { kind: 'PRIVACY_POLICY', basedOn: 1, files: { en: await upload(pdf('late')) } }, admin);
    expect([stale.status, stale.body.error]).toEqual([409, 'legal_version_changed']);

    // The public documents: the new version, German where uploaded, English for Portuguese readers.
    const de = await publicText('de');
    expect(de.text).toContain('privacy-v2-de');
    expect((await publicText('pt')).text).toContain('privacy-v2-en');
    expect(
      await fetch(`${t.baseUrl}/api/legal/PRIVACY_POLICY/de.pdf`)
        .then((r) => r.arrayBuffer())
        .then((b) => Buffer.from(b).toString('latin1')),
    ).toContain('privacy-v2-de');

    // Version 1 stays downloadable from the back office.
    const link = await t.get<Data<{ url: string }>>('/api/legal-documents/file?kind=PRIVACY_POLICY&version=1&language=de', admin);
    const old = Buffer.from(await (await fetch(`${t.baseUrl}${link.body.data.url}`)).arrayBuffer()).toString('latin1');
    expect(old).toContain('Datenschutzerkl\xe4rung');
    expect((await t.get('/api/legal-documents/file?kind=PRIVACY_POLICY&version=3&language=en', admin)).status).toBe(404);
    expect((await t.get('/api/legal-documents/file?kind=PRIVACY_POLICY&version=1&language=en', await t.login('ec.admin@demo.onsite.test'))).status).toBe(403);

    // The user's session now needs the new privacy policy accepted; the licence stays accepted.
    expect((await t.post<unknown>('/api/order/list', {}, user)).body.error).toBe('agreements_required');
    const profile = await t.post<Data<{ acceptUserLicence: boolean; privacyPolicyAccepted: boolean }>>('/api/user/getProfile', {}, user);
    expect(profile.body.data).toMatchObject({ acceptUserLicence: true, privacyPolicyAccepted: false });
    const accepted = await t.post<Data<{ privacyPolicyAccepted: boolean }>>('/api/user/acceptPrivacyPolicy', undefined, user);
    expect(accepted.body.data).toMatchObject({ acceptUserLicence: true, privacyPolicyAccepted: true });
    expect((await t.post('/api/order/list', {}, user)).status).toBe(200);
  });
});
