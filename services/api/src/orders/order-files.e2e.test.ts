import { quoteRequestBody } from '../test-support/order-bodies.js';
import { companyIdOf, FILES, inAWeek, OrderFlows, type OrderRef, type TestFile } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/*
 * Files are uploaded first (POST /api/file/upload, multipart) and named by upload id in commands. The server reads
 * the type from the content, stores files under names it chooses, keeps an upload for its uploader only, and serves
 * a file only to callers who may see an order holding it.
 */

type StoredFile = { path: string; name: string; mimeType: string };

function withFiles(files: unknown[]) {
  const body = quoteRequestBody();
  return { ...body, content: { ...body.content, additionalInformation: { ...body.content.additionalInformation, files } } };
}

describe('order files', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp({ UPLOADS_PER_USER: '2' });
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  async function filesOf(order: OrderRef, login = 'ec.admin'): Promise<StoredFile[]> {
    return (await flows.detail(order.refId, login)).content.additionalInformation.files ?? [];
  }

  async function eventCount(): Promise<number> {
    return (await t.runtime.eventStore.readAll('0', 1_000_000)).events.length;
  }

  const up = (file: TestFile, login = 'ec.admin') => flows.upload(login, file);

  it('accepts a PNG named .pdf as the PNG it is', async () => {
    const draft = await flows.draft('ec.admin', withFiles([await up(FILES.png('drawing.pdf')), await up(FILES.jpeg('site.jpg'))]));
    const [drawing, site] = await filesOf(draft);
    expect(drawing).toEqual({ path: expect.stringMatching(/^[0-9a-f-]{36}\.png$/), name: 'drawing.pdf', mimeType: 'image/png' });
    expect(site).toMatchObject({ path: expect.stringMatching(/\.jpg$/), mimeType: 'image/jpeg' });
    expect(flows.storedFiles()).toEqual(expect.arrayContaining([drawing!.path, site!.path]));
  });

  it('refuses a text file named .pdf with invalid_file_type at the upload, storing nothing', async () => {
    const files = flows.storedFiles();
    const r = await t.upload(FILES.text('notes.pdf'), await flows.as('ec.admin'));
    expect([r.status, r.body.error, r.body.details]).toEqual([
      400,
      'invalid_file_type',
      [expect.objectContaining({ path: 'file', code: 'invalid_file_type' })],
    ]);
    expect(flows.storedFiles()).toEqual(files);
  });

  it('refuses a 21 MB file with 413 file_too_large while reading it, storing nothing; JSON bodies are small', async () => {
    const files = flows.storedFiles();
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    big.write('%PDF-1.4\n');
    const r = await t.upload({ bytes: big, name: 'huge.pdf', type: 'application/pdf' }, await flows.as('bl.sales'));
    expect([r.status, r.body.error, r.body.message]).toEqual([413, 'file_too_large', 'Maximum file size is 20 Mb']);
    expect(flows.storedFiles()).toEqual(files);
    // Files no longer travel in JSON: a large JSON body is refused on every route, upload or not.
    const requested = await flows.requested();
    const before = await eventCount();
    const json = await flows.post(
      '/api/order/offer',
      { orderId: requested._id, version: requested.version, pdf: { uploadId: 'x'.repeat(300 * 1024) }, expiresAt: inAWeek() },
      'bl.sales',
    );
    expect([json.status, json.body.error]).toEqual([413, 'file_too_large']);
    expect(await eventCount()).toBe(before);
  });

  it('keeps an upload to its uploader: another user, a made-up id or a used one are refused, and a refused command leaves it usable', async () => {
    const requested = await flows.requested();
    const pdf = await up(FILES.pdf('mine.pdf'), 'bl.sales');
    for (const [login, uploadId] of [
      ['bl.admin', pdf.uploadId],
      ['bl.sales', 'no-such-upload'],
    ] as const) {
      const r = await flows.expectRefused(
        '/api/order/offer',
        { orderId: requested._id, version: requested.version, pdf: { uploadId }, expiresAt: inAWeek() },
        login,
        [400, 'validation_error'],
        requested._id,
      );
      expect(r.body.details).toEqual([expect.objectContaining({ path: 'pdf.uploadId', code: 'upload_not_found' })]);
    }
    // The decider refuses a PNG as the offer PDF: the uploads stay usable for the corrected command.
    const png = await up(FILES.png('offer.pdf'), 'bl.sales');
    await flows.expectRefused(
      '/api/order/offer',
      { orderId: requested._id, version: requested.version, pdf: png, attachments: [pdf], expiresAt: inAWeek() },
      'bl.sales',
      [400, 'validation_error'],
      requested._id,
    );
    const offered = await flows.ok(
      '/api/order/offer',
      { orderId: requested._id, version: requested.version, pdf, attachments: [png], expiresAt: inAWeek() },
      'bl.sales',
    );
    // Once a command used them, they are gone.
    const again = await flows.post('/api/order/offer', { orderId: requested._id, version: offered.version, pdf, expiresAt: inAWeek() }, 'bl.sales');
    expect([again.status, again.body.error]).toEqual([400, 'validation_error']);
  });

  it('strips right-to-left overrides and control characters from uploaded file names', async () => {
    const draft = await flows.draft('ec.admin', withFiles([await up(FILES.pdf('invoice\u202Efdp.exe')), await up(FILES.pdf('Relatório\u2066 ção.pdf'))]));
    expect((await filesOf(draft)).map((f) => f.name)).toEqual(['invoicefdp.exe', 'Relatório ção.pdf']);
  });

  it('reads nothing without a session, and lets one user run only two uploads at once', async () => {
    expect((await t.upload(FILES.pdf())).status).toBe(401);
    const token = await flows.as('ec.planner');
    // Two uploads that send their first bytes and then wait.
    const stalled = [0, 1].map(() => {
      let hold!: () => void;
      const held = new Promise<void>((resolve) => (hold = resolve));
      const boundary = 'stall';
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(
            new TextEncoder().encode(
              `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.4\n`,
            ),
          );
          await held;
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        },
      });
      const response = fetch(`${t.baseUrl}/api/file/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      return { hold, response };
    });
    let third = await t.upload(FILES.pdf(), token);
    for (let i = 0; i < 50 && third.status !== 429; i++) third = await t.upload(FILES.pdf(), token);
    expect([third.status, third.body.error]).toEqual([429, 'too_many_uploads']);
    // Another user is not held up.
    expect((await t.upload(FILES.pdf(), await flows.as('ec.admin'))).status).toBe(200);
    for (const upload of stalled) upload.hold();
    expect(await Promise.all(stalled.map(async (u) => (await u.response).status))).toEqual([200, 200]);
    expect((await t.upload(FILES.pdf(), token)).status).toBe(200);
  });

  it('keeps files the order holds when the draft is saved again, and refuses files of another order', async () => {
    const draft = await flows.draft('ec.admin', withFiles([await up(FILES.pdf('layout.pdf'))]));
    const [layout] = await filesOf(draft);
    const saved = await flows.ok(
      '/api/order/update',
      { orderId: draft._id, version: 1, content: withFiles([layout, await up(FILES.png('gate.png'))]).content },
      'ec.admin',
    );
    expect((await filesOf(draft)).map((f) => [f.name, f.mimeType])).toEqual([
      ['layout.pdf', 'application/pdf'],
      ['gate.png', 'image/png'],
    ]);

    const other = await flows.draft('ec.admin');
    const r = await flows.expectRefused(
      '/api/order/update',
      { orderId: other._id, version: 1, content: withFiles([layout]).content },
      'ec.admin',
      [400, 'validation_error'],
      other._id,
    );
    expect(r.body.details).toEqual([expect.objectContaining({ path: 'content.additionalInformation.files.0', code: 'unknown_file' })]);
    // A reference cannot relabel a held file either: the order keeps the name and type it stored.
    await flows.ok(
      '/api/order/update',
      { orderId: draft._id, version: saved.version, content: withFiles([{ ...layout, name: 'x.png', mimeType: 'image/png' }]).content },
      'ec.admin',
    );
    expect(await filesOf(draft)).toEqual([layout]);
  });

  describe('/file/get and the download address', () => {
    it('gives a caller who may see the order a short-lived address that serves the bytes', async () => {
      const draft = await flows.draft('ec.admin', withFiles([await up(FILES.png('Gate 4 (north).png'))]));
      const [gate] = await filesOf(draft);
      for (const login of ['ec.admin', 'ec.supervisor', 'bl.sales']) {
        const links = await flows.ok<string[]>('/api/file/get', { fileName: gate!.path }, login);
        expect(links).toEqual([expect.stringMatching(new RegExp(`^/api/file/download/${gate!.path}\\?`))]);
        const download = await fetch(`${t.baseUrl}${links[0]}`);
        expect(download.status).toBe(200);
        expect(download.headers.get('content-type')).toBe('image/png');
        expect(download.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent('Gate 4 (north).png')}`);
        expect(Buffer.from(await download.arrayBuffer())).toEqual(FILES.png().bytes);
      }
    });

    it('answers 404 to a caller who may not see an order holding the file', async () => {
      const draft = await flows.draft('ec.admin', withFiles([await up(FILES.pdf())]));
      const [file] = await filesOf(draft);
      await flows.expectRefused('/api/file/get', { fileName: file!.path }, 'ec2.admin', [404, 'not_found']);
      await flows.expectRefused('/api/file/get', { fileName: 'not-a-file.pdf' }, 'ec.admin', [404, 'not_found']);
      await flows.expectRefused('/api/file/get', {}, 'ec.admin', [400, 'validation_error']);
    });

    it('hides files of an order the provider is still preparing, and files removed from the order', async () => {
      const prepared = await flows.ok(
        '/api/order/create-in-preparation',
        { companyId: companyIdOf('ec'), content: withFiles([await up(FILES.pdf('draft-plan.pdf'), 'bl.sales')]).content },
        'bl.sales',
      );
      const [plan] = await filesOf(prepared, 'bl.sales');
      await flows.expectRefused('/api/file/get', { fileName: plan!.path }, 'ec.admin', [404, 'not_found']);
      const draft = await flows.ok('/api/convert-incomplete', { orderId: prepared._id, version: 1 }, 'bl.sales');
      expect(await flows.ok<string[]>('/api/file/get', { fileName: plan!.path }, 'ec.admin')).toHaveLength(1);
      await flows.ok('/api/order/fileRemove', { orderId: prepared._id, version: draft.version, files: [plan!.path] }, 'ec.admin');
      await flows.expectRefused('/api/file/get', { fileName: plan!.path }, 'ec.admin', [404, 'not_found']);
    });

    it('refuses a download address that was tampered with', async () => {
      const draft = await flows.draft('ec.admin', withFiles([await up(FILES.pdf('a.pdf')), await up(FILES.pdf('b.pdf'))]));
      const [a, b] = await filesOf(draft);
      const [link] = await flows.ok<string[]>('/api/file/get', { fileName: a!.path }, 'ec.admin');
      const forged = [
        link!.replace(a!.path, b!.path),
        link!.replace('name=a.pdf', 'name=c.pdf'),
        link!.replace(/token=[^&]+/, 'token=1.abc'),
        `/api/file/download/${a!.path}?name=a.pdf`,
      ];
      for (const address of forged) {
        const r = await fetch(`${t.baseUrl}${address}`);
        expect([r.status, ((await r.json()) as { error: string }).error]).toEqual(
          address.includes('token=') ? [403, 'invalid_or_expired_token'] : [400, 'validation_error'],
        );
      }
    });
  });
});
