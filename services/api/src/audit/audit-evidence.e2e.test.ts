import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { BILLING_ADDRESS, FILES, OrderFlows, userIdOf, type OrderRef } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { verifyChain } from './audit-chain.js';
import { runAuditExportCli, runAuditVerifyCli, runReplayCli } from './audit-cli.js';
import type { EvidencePack } from './evidence-pack.js';

async function* each(lines: readonly string[]) {
  for (const line of lines) yield line;
}

/** docs/audit.md: the audit export over the api and the command line, the evidence pack, and the replay command. */
describe('audit evidence', () => {
  let t: TestApp;
  let flows: OrderFlows;
  let accepted: OrderRef;
  let onBehalf: OrderRef;
  const dir = mkdtempSync(join(tmpdir(), 'onsite-audit-'));
  const capture = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), stores: t.runtime } };
  };

  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
    // The customer attached a site plan to the quote request: the pack names it with its hash.
    const sitePlan = await flows.upload('ec.admin', FILES.pdf('site-plan.pdf'));
    const body = quoteRequestBody();
    accepted = await flows.submitted('ec.admin', {
      ...body,
      content: { ...body.content, additionalInformation: { ...body.content.additionalInformation, files: [sitePlan] } },
    });
    await flows.ok('/api/order/comment', { orderId: accepted._id, version: accepted.version, internalComment: 'INTERNAL after acceptance' }, 'bl.admin');
    // Staff accept on behalf of the customer's admin.
    const offered = await flows.offered('ec.admin');
    onBehalf = await flows.ok(
      '/api/order/accept',
      {
        orderId: offered._id,
        version: offered.version,
        offerID: offered.offerId,
        billingAddress: BILLING_ADDRESS,
        po: 'PO-OB',
        tc: true,
        onBehalfOfUserId: userIdOf('ec.admin'),
      },
      'bl.sales',
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const exportOverApi = async (body: object, login: string) => {
    const response = await fetch(`${t.baseUrl}/api/audit/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await flows.as(login)}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it("streams an order's chained export to the auditor over the api; it verifies and holds every event of the stream", async () => {
    const r = await exportOverApi({ refId: accepted.refId }, 'bl.auditor');
    expect([r.status, r.type]).toEqual([200, 'application/x-ndjson']);
    const lines = r.text.trimEnd().split('\n');
    const stored = await t.runtime.eventStore.readStream(`order-${accepted._id}`);
    expect(await verifyChain(each(lines))).toMatchObject({ ok: true, events: stored.length });
    expect(lines.slice(1, -1).map((l) => (JSON.parse(l) as { event: { eventId: string } }).event.eventId)).toEqual(stored.map((e) => e.eventId));
    // A time range: only order events, of the caller's countries.
    const range = await exportOverApi({ from: '2000-01-01T00:00:00Z' }, 'bl.auditor');
    const rangeLines = range.text.trimEnd().split('\n');
    expect(await verifyChain(each(rangeLines))).toMatchObject({ ok: true });
    expect(rangeLines.slice(1, -1).every((l) => (JSON.parse(l) as { event: { streamId: string } }).event.streamId.startsWith('order-'))).toBe(true);
  });

  it('refuses the export to staff who are not administrators or auditors, and to customers; 404 for an order out of sight', async () => {
    expect((await exportOverApi({ refId: accepted.refId }, 'bl.planner')).status).toBe(403);
    expect((await exportOverApi({ refId: accepted.refId }, 'ec.admin')).status).toBe(403);
    expect((await exportOverApi({ refId: 'ON-00-NOPE' }, 'bl.auditor')).status).toBe(404);
    expect((await exportOverApi({ refId: accepted.refId, from: '2020-01-01T00:00:00Z' }, 'bl.auditor')).status).toBe(400);
    expect((await exportOverApi({ refId: accepted.refId }, 'bl.admin')).status).toBe(200);
  });

  it('exports from the command line to a file that audit:verify accepts, and then names a changed record', async () => {
    const file = join(dir, 'order.ndjson');
    const exported = capture();
    expect(await runAuditExportCli(['--order', accepted.refId, '--out', file], exported.io)).toBe(0);
    expect(exported.err.at(-1)).toMatch(/^Exported \d+ events to .*Head \(keep it apart from the file\): [0-9a-f]{64}$/);
    const head = /([0-9a-f]{64})$/.exec(exported.err.at(-1)!)![1]!;
    const verified = capture();
    expect(await runAuditVerifyCli([file, '--head', head], verified.io)).toBe(0);
    expect(verified.out[0]).toMatch(/^OK: .* is intact/);

    const lines = readFileSync(file, 'utf8').split('\n');
    lines[3] = lines[3]!.replace('"streamVersion":3,', '"streamVersion":33,');
    writeFileSync(file, lines.join('\n'));
    const tampered = capture();
    expect(await runAuditVerifyCli([file], tampered.io)).toBe(1);
    expect(tampered.out[0]).toMatch(/^TAMPERED \(changed\) at line 4: Record 3/);

    const all = join(dir, 'range.ndjson');
    expect(await runAuditExportCli(['--from', '2000-01-01T00:00:00Z', '--to', '2100-01-01T00:00:00Z', '--out', all], capture().io)).toBe(0);
    expect(await runAuditVerifyCli([all], capture().io)).toBe(0);
    expect(await runAuditExportCli(['--order', accepted.refId, '--from', '2000-01-01'], capture().io)).toBe(2);
    expect(await runAuditVerifyCli([join(dir, 'missing.ndjson')], capture().io)).toBe(2);
  });

  it('replays an order step by step: version, status, actor and on-behalf', async () => {
    const replay = capture();
    expect(await runReplayCli(['--order', onBehalf.refId], replay.io)).toBe(0);
    const rows = replay.out.slice(2).map((l) => l.split('\t'));
    expect(rows.map((r) => [r[0], r[2], r[3]])).toEqual([
      ['1', 'CREATE', 'INCOMPLETE'],
      ['2', 'GET_QUOTE', 'REQUESTED_QUOTE'],
      ['3', 'OFFER', 'OFFERED'],
      ['4', 'ACCEPT_OFFER', 'ORDER_SUBMITTED'],
    ]);
    expect(rows[3]!.slice(4)).toEqual(['Mira Hoffmann', 'Oliver Bennett']);
    const until = capture();
    expect(await runReplayCli(['--order', onBehalf.refId, '--until', rows[1]![1]!], until.io)).toBe(0);
    expect(until.out.slice(2).map((l) => l.split('\t')[2])).toEqual(['CREATE', 'GET_QUOTE']);
    expect(await runReplayCli(['--order', 'ON-00-NOPE'], capture().io)).toBe(1);
  });

  const evidence = (refId: string, login: string, format: 'json' | 'pdf' = 'json') =>
    fetch(`${t.baseUrl}/api/audit/evidence`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login}` },
      body: JSON.stringify({ refId, format }),
    });

  it("gives the 'as accepted' evidence pack whose hashes match the stored files and whose chain verifies", async () => {
    const response = await evidence(onBehalf.refId, await flows.as('bl.auditor'));
    expect(response.status).toBe(200);
    const pack = (await response.json()) as EvidencePack;
    expect(pack).toMatchObject({
      view: 'staff',
      order: { refId: onBehalf.refId, customer: { name: 'Thames Precision Ltd' } },
      acceptance: {
        version: 4,
        acceptedBy: { name: 'Mira Hoffmann', email: 'bl.sales@demo.onsite.test' },
        onBehalfOf: { name: 'Oliver Bennett' },
        purchaseOrder: { number: 'PO-OB' },
        billingAddress: BILLING_ADDRESS,
        // The terms of use's current version: the seed's first (D206).
        terms: { accepted: true, version: '1' },
      },
    });
    // The offer document's hash is that of the bytes the customer downloads.
    const [link] = await flows.ok<string[]>('/api/file/get', { fileName: pack.offer.document.path }, 'ec.admin');
    const bytes = Buffer.from(await (await fetch(`${t.baseUrl}${link}`)).arrayBuffer());
    expect(pack.offer.document.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(pack.offer.document.bytes).toBe(bytes.length);
    // The chain holds the events up to the acceptance and verifies like an export; generating it again gives the same head.
    expect(pack.eventChain.events.map((e) => e.type)).toEqual(['CREATE', 'GET_QUOTE', 'OFFER', 'ACCEPT_OFFER']);
    expect(await verifyChain(each(pack.eventChain.ndjson))).toMatchObject({ ok: true, head: pack.eventChain.head, events: 4 });
    const again = (await (await evidence(onBehalf.refId, await flows.as('bl.admin'))).json()) as EvidencePack;
    expect(pack.order.attachments).toEqual([]);
    const withPlan = (await (await evidence(accepted.refId, await flows.as('bl.auditor'))).json()) as EvidencePack;
    expect(withPlan.order.attachments.map((a) => [a.name, a.sha256])).toEqual([
      ['site-plan.pdf', createHash('sha256').update(FILES.pdf('site-plan.pdf').bytes).digest('hex')],
    ]);
    expect(again.eventChain.head).toBe(pack.eventChain.head);

    const pdf = await evidence(onBehalf.refId, await flows.as('bl.auditor'), 'pdf');
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(pack.offer.document.sha256!);
    expect(text).toContain(pack.eventChain.head);
  });

  it("gives the customer's admins their view (no staff-only data), and nobody else anything (404); 409 before an acceptance", async () => {
    const customer = await evidence(accepted.refId, await flows.as('ec.admin'));
    expect(customer.status).toBe(200);
    const pack = (await customer.json()) as EvidencePack;
    expect(pack.view).toBe('customer');
    expect(JSON.stringify(pack)).not.toContain('INTERNAL');
    expect(await verifyChain(each(pack.eventChain.ndjson))).toMatchObject({ ok: true });
    for (const login of ['ec.planner', 'ec.supervisor', 'ec2.admin', 'oem.admin'])
      expect([login, (await evidence(accepted.refId, await flows.as(login))).status]).toEqual([login, 404]);
    const requested = await flows.requested('ec.admin');
    const none = await evidence(requested.refId, await flows.as('bl.auditor'));
    expect([none.status, ((await none.json()) as { error: string }).error]).toEqual([409, 'order_not_accepted']);
  });
});
