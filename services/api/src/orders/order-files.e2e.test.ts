import { quoteRequestBody } from '../test-support/order-bodies.js';
import { companyIdOf, FILES, inAWeek, OrderFlows, type OrderRef } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/*
 * Uploads arrive in JSON as base64. The server reads the type from the content, stores files under names it
 * chooses, writes nothing when a check or the command fails, and serves a file only to callers who may see an
 * order holding it.
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
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  async function filesOf(order: OrderRef, login = 'ec.admin'): Promise<StoredFile[]> {
    return (await flows.detail(order.refId, login)).content.additionalInformation.files ?? [];
  }

  async function eventCount(): Promise<number> {
    return (await t.runtime.eventStore.readAll('0', 1_000_000)).events.length;
  }

  it('accepts a PNG named .pdf as the PNG it is, and a data: URL', async () => {
    const draft = await flows.draft('ec.admin', withFiles([FILES.png('drawing.pdf'), { ...FILES.jpeg('site.jpg'), base64: `data:image/jpeg;base64,${FILES.jpeg().base64}` }]));
    const [drawing, site] = await filesOf(draft);
    expect(drawing).toEqual({ path: expect.stringMatching(/^[0-9a-f-]{36}\.png$/), name: 'drawing.pdf', mimeType: 'image/png' });
    expect(site).toMatchObject({ path: expect.stringMatching(/\.jpg$/), mimeType: 'image/jpeg' });
    expect(flows.storedFiles()).toEqual(expect.arrayContaining([drawing!.path, site!.path]));
  });

  it('refuses a text file named .pdf with invalid_file_type, writing neither a file nor an event', async () => {
    const before = await eventCount();
    const r = await flows.expectRefused('/api/order/create', withFiles([FILES.pdf('ok.pdf'), FILES.text('notes.pdf')]), 'ec.admin', [400, 'invalid_file_type']);
    expect(r.body.details).toEqual([expect.objectContaining({ path: 'content.additionalInformation.files.1', code: 'invalid_file_type' })]);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a 21 MB file with 413 file_too_large, writing neither a file nor an event', async () => {
    const requested = await flows.requested();
    const before = await eventCount();
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    big.write('%PDF-1.4\n');
    const r = await flows.expectRefused(
      '/api/order/offer',
      { orderId: requested._id, version: requested.version, pdf: { base64: big.toString('base64'), name: 'huge.pdf' }, expiresAt: inAWeek() },
      'bl.sales',
      [413, 'file_too_large'],
      requested._id,
    );
    expect(r.body.message).toBe('Maximum file size is 20 Mb');
    expect(await eventCount()).toBe(before);
  });

  it('removes the stored files again when the command is refused', async () => {
    const requested = await flows.requested();
    // The uploads pass their checks and are stored, then the decider refuses the offer (a PNG is no offer PDF).
    await flows.expectRefused('/api/order/offer', { orderId: requested._id, version: requested.version, pdf: FILES.png('offer.pdf'), attachments: [FILES.pdf()], expiresAt: inAWeek() }, 'bl.sales', [400, 'validation_error'], requested._id);
  });

  it('keeps files the order holds when the draft is saved again, and refuses files of another order', async () => {
    const draft = await flows.draft('ec.admin', withFiles([FILES.pdf('layout.pdf')]));
    const [layout] = await filesOf(draft);
    const saved = await flows.ok('/api/order/update', { orderId: draft._id, version: 1, content: withFiles([layout, FILES.png('gate.png')]).content }, 'ec.admin');
    expect((await filesOf(draft)).map((f) => [f.name, f.mimeType])).toEqual([
      ['layout.pdf', 'application/pdf'],
      ['gate.png', 'image/png'],
    ]);

    const other = await flows.draft('ec.admin');
    const r = await flows.expectRefused('/api/order/update', { orderId: other._id, version: 1, content: withFiles([layout]).content }, 'ec.admin', [400, 'validation_error'], other._id);
    expect(r.body.details).toEqual([expect.objectContaining({ path: 'content.additionalInformation.files.0', code: 'unknown_file' })]);
    // A reference cannot relabel a held file either: the order keeps the name and type it stored.
    await flows.ok('/api/order/update', { orderId: draft._id, version: saved.version, content: withFiles([{ ...layout, name: 'x.png', mimeType: 'image/png' }]).content }, 'ec.admin');
    expect(await filesOf(draft)).toEqual([layout]);
  });

  describe('/file/get and the download address', () => {
    it('gives a caller who may see the order a short-lived address that serves the bytes', async () => {
      const draft = await flows.draft('ec.admin', withFiles([FILES.png('Gate 4 (north).png')]));
      const [gate] = await filesOf(draft);
      for (const login of ['ec.admin', 'ec.supervisor', 'bl.sales']) {
        const links = await flows.ok<string[]>('/api/file/get', { fileName: gate!.path }, login);
        expect(links).toEqual([expect.stringMatching(new RegExp(`^/api/file/download/${gate!.path}\\?`))]);
        const download = await fetch(`${t.baseUrl}${links[0]}`);
        expect(download.status).toBe(200);
        expect(download.headers.get('content-type')).toBe('image/png');
        expect(download.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent('Gate 4 (north).png')}`);
        expect(Buffer.from(await download.arrayBuffer())).toEqual(Buffer.from(FILES.png().base64, 'base64'));
      }
    });

    it('answers 404 to a caller who may not see an order holding the file', async () => {
      const draft = await flows.draft('ec.admin', withFiles([FILES.pdf()]));
      const [file] = await filesOf(draft);
      await flows.expectRefused('/api/file/get', { fileName: file!.path }, 'ec2.admin', [404, 'not_found']);
      await flows.expectRefused('/api/file/get', { fileName: 'not-a-file.pdf' }, 'ec.admin', [404, 'not_found']);
      await flows.expectRefused('/api/file/get', {}, 'ec.admin', [400, 'validation_error']);
    });

    it('hides files of an order the provider is still preparing, and files removed from the order', async () => {
      const prepared = await flows.ok('/api/order/create-in-preparation', { companyId: companyIdOf('ec'), content: withFiles([FILES.pdf('draft-plan.pdf')]).content }, 'bl.sales');
      const [plan] = await filesOf(prepared, 'bl.sales');
      await flows.expectRefused('/api/file/get', { fileName: plan!.path }, 'ec.admin', [404, 'not_found']);
      const draft = await flows.ok('/api/convert-incomplete', { orderId: prepared._id, version: 1 }, 'bl.sales');
      expect(await flows.ok<string[]>('/api/file/get', { fileName: plan!.path }, 'ec.admin')).toHaveLength(1);
      await flows.ok('/api/order/fileRemove', { orderId: prepared._id, version: draft.version, files: [plan!.path] }, 'ec.admin');
      await flows.expectRefused('/api/file/get', { fileName: plan!.path }, 'ec.admin', [404, 'not_found']);
    });

    it('refuses a download address that was tampered with', async () => {
      const draft = await flows.draft('ec.admin', withFiles([FILES.pdf('a.pdf'), FILES.pdf('b.pdf')]));
      const [a, b] = await filesOf(draft);
      const [link] = await flows.ok<string[]>('/api/file/get', { fileName: a!.path }, 'ec.admin');
      const forged = [link!.replace(a!.path, b!.path), link!.replace('name=a.pdf', 'name=c.pdf'), link!.replace(/token=[^&]+/, 'token=1.abc'), `/api/file/download/${a!.path}?name=a.pdf`];
      for (const address of forged) {
        const r = await fetch(`${t.baseUrl}${address}`);
        expect([r.status, ((await r.json()) as { error: string }).error]).toEqual(
          address.includes('token=') ? [403, 'invalid_or_expired_token'] : [400, 'validation_error'],
        );
      }
    });
  });
});
