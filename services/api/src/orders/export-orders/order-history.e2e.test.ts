import { eachOrderPage } from '@onsite/projections';
import { JOB_EXPORTS_COLLECTION } from '@onsite/workers';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { quoteRequestBody } from '../../test-support/order-bodies.js';
import { OrderFlows, userIdOf } from '../../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/*
 * The staff's order history: the stats cards and the Excel export of the whole filtered list, both scoped like
 * /order/list (a staff member's country filter; customers their company, and no export at all).
 */

type Row = {
  _id: string;
  refId: string;
  status: string;
  customerName: string;
  country: string;
  serviceNames: string[];
  requestedAt: string | null;
  ownerName?: string | null;
};
type ListPage = { items: Row[]; total: number };

const germanBody = () => {
  const body = quoteRequestBody();
  return {
    ...body,
    content: {
      ...body.content,
      location: { name: 'Werk Köln', addressLine1: 'Rheinufer 1', city: 'Köln', postCode: '50667', country: 'de', timeZone: 'Europe/Berlin' },
    },
  };
};

describe('order history: stats and Excel export', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
    // Three UK requests, two German ones, one German draft.
    for (let i = 0; i < 3; i++) await flows.requested('ec.admin');
    for (let i = 0; i < 2; i++) await flows.requested('ec2.admin', germanBody());
    await flows.draft('ec2.admin', germanBody());
  });
  afterAll(async () => t.close());

  async function exportRows(login: string, body: object): Promise<{ status: number; headers: string[]; rows: unknown[][]; contentType: string | null }> {
    const response = await fetch(`${t.baseUrl}/api/order/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await flows.as(login)}` },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) return { status: response.status, headers: [], rows: [], contentType: response.headers.get('content-type') };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    return { status: 200, headers: values[0] as string[], rows: values.slice(1), contentType: response.headers.get('content-type') };
  }

  const list = (login: string, body: object = {}) => flows.ok<ListPage>('/api/order/list', { pageSize: 100, ...body }, login);

  it('exports every order of the filtered list, in its order, with localized headers and real dates and numbers', async () => {
    const filter = { status: ['REQUESTED_QUOTE', 'INCOMPLETE'] };
    const sort = { field: 'refId', direction: 'asc' };
    const exported = await exportRows('bl.admin', { filter, sort, lang: 'en', timeZone: 'Europe/Berlin' });
    expect(exported.status).toBe(200);
    expect(exported.contentType).toContain('spreadsheetml');
    expect(exported.headers.slice(0, 4)).toEqual(['Reference', 'Status', 'Customer', 'End customer']);

    const expected = await list('bl.admin', { filter, sort });
    expect(exported.rows.map((r) => r[0])).toEqual(expected.items.map((i) => i.refId));
    expect(exported.rows.length).toBe(expected.total);
    const first = exported.rows[0]!;
    const item = expected.items[0]!;
    expect(first[1]).toBe(item.status === 'REQUESTED_QUOTE' ? 'Quote request received' : 'Draft');
    expect(first[2]).toBe(item.customerName);
    expect(first[8]).toBe(item.serviceNames.length); // a number, not text
    if (item.requestedAt) expect(first[9]).toBeInstanceOf(Date); // a real Excel date
  });

  it('exports the whole list, not one page of it, reading the store page by page', async () => {
    const exported = await exportRows('bl.admin', { lang: 'en', sort: { field: 'refId', direction: 'asc' } });
    const all = await list('bl.admin', { sort: { field: 'refId', direction: 'asc' } });
    expect(all.total).toBeGreaterThan(5);
    expect(exported.rows.map((r) => r[0])).toEqual(all.items.map((i) => i.refId));

    const pages: string[][] = [];
    for await (const page of eachOrderPage(t.runtime.documentStore, { kind: 'staff', countries: [] }, { sort: { field: 'refId', direction: 'asc' } }, 4)) {
      pages.push(page.map((o) => o.refId));
    }
    expect(pages.length).toBe(Math.ceil(all.total / 4));
    expect(pages.flat()).toEqual(all.items.map((i) => i.refId));
  });

  it('writes German headers and statuses for lang=de', async () => {
    const exported = await exportRows('bl.admin', { lang: 'de', filter: { status: ['REQUESTED_QUOTE'] } });
    expect(exported.headers[0]).toBe('Referenz');
    expect(new Set(exported.rows.map((r) => r[1]))).toEqual(new Set(['Angebotsanfrage erhalten']));
  });

  it("exports only a staff member's countries", async () => {
    const admin = await flows.as('bl.admin');
    expect((await t.post('/api/user/update', { userId: userIdOf('bl.planner'), countriesFilter: ['de'] }, admin)).status).toBe(200);
    const planner = await t.login('bl.planner@demo.onsite.test');
    const exported = await fetch(`${t.baseUrl}/api/order/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${planner}` },
      body: JSON.stringify({ lang: 'en' }),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await exported.arrayBuffer());
    const countries = new Set<unknown>();
    workbook.worksheets[0]!.eachRow((row, n) => n > 1 && countries.add(row.getCell(7).value));
    expect(countries).toEqual(new Set(['Germany']));
    const stats = await t.post<{ data: { total: number } }>('/api/order/stats', {}, planner);
    expect(stats.body.data.total).toBe(workbook.worksheets[0]!.rowCount - 1);
  });

  it('refuses customers and bad input', async () => {
    expect((await exportRows('ec.admin', { lang: 'en' })).status).toBe(403);
    expect((await exportRows('oem.admin', { lang: 'en' })).status).toBe(403);
    expect((await exportRows('bl.admin', { lang: 'fr' })).status).toBe(400);
    expect((await exportRows('bl.admin', { timeZone: 'Mars/Base' })).status).toBe(400);
    const anonymous = await fetch(`${t.baseUrl}/api/order/export`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
  });

  describe('/order/stats', () => {
    it('counts the visible orders per status, matching the list', async () => {
      const stats = await flows.ok<{ total: number; byStatus: Record<string, number> }>('/api/order/stats', {}, 'bl.admin');
      const all = await list('bl.admin');
      expect(stats.total).toBe(all.total);
      expect(stats.byStatus.REQUESTED_QUOTE).toBe((await list('bl.admin', { filter: { status: ['REQUESTED_QUOTE'] } })).total);
      expect(stats.byStatus.INCOMPLETE).toBeGreaterThanOrEqual(1);
    });

    it('narrows to the customer search like the list', async () => {
      const stats = await flows.ok<{ total: number }>('/api/order/stats', { filter: { customer: 'Rheinwerk' } }, 'bl.admin');
      expect(stats.total).toBe((await list('bl.admin', { filter: { customer: 'Rheinwerk' } })).total);
      expect(stats.total).toBe(3);
    });

    it("gives a customer only their company's visible orders", async () => {
      const stats = await flows.ok<{ total: number; byStatus: Record<string, number> }>('/api/order/stats', {}, 'ec.admin');
      expect(stats.total).toBe((await list('ec.admin')).total);
      expect(stats.byStatus.IN_PREPARATION).toBeUndefined();
    });
  });

  it('shows staff the owner name in the list', async () => {
    const page = await list('bl.admin', { pageSize: 10 });
    expect(page.items[0]).toHaveProperty('ownerName');
  });

  describe('the personal page queries', () => {
    it('lists orders with an open change request through filter.hasChanges', async () => {
      const page = await list('bl.admin', { filter: { hasChanges: true } });
      expect(page.items.every((i) => (i as Row & { hasChanges?: boolean }).hasChanges === true)).toBe(true);
      const without = await list('bl.admin', { filter: { hasChanges: false } });
      expect(without.total).toBe((await list('bl.admin')).total - page.total);
    });

    it('finds the offers expiring before an instant and the jobs whose window starts in a week, counted on the server', async () => {
      const soon = await flows.offered('ec.admin', { expiresAt: DateTime.utc().plus({ hours: 30 }).toISO() });
      const later = await flows.offered('ec.admin', { expiresAt: DateTime.utc().plus({ days: 5 }).toISO() });
      const within48h = { status: ['OFFERED'], offerExpiresBefore: DateTime.utc().plus({ hours: 48 }).toISO() };
      const expiring = await list('bl.admin', { filter: within48h, pageSize: 10 });
      expect(expiring.items.map((i) => i.refId)).toContain(soon.refId);
      expect(expiring.items.map((i) => i.refId)).not.toContain(later.refId);
      expect(expiring.total).toBe(
        (await list('bl.admin', { filter: { status: ['OFFERED'] } })).items.filter(
          (i) => (i as Row & { offerExpiresAt: string }).offerExpiresAt < within48h.offerExpiresBefore,
        ).length,
      );

      // Five days ahead: inside the week from today, and beyond the 72 hours' short notice.
      const inFiveDays = DateTime.now().setZone('Europe/London').plus({ days: 5 }).startOf('day');
      const body = quoteRequestBody();
      const thisWeek = await flows.requested('ec.admin', {
        ...body,
        content: {
          ...body.content,
          timeframes: [
            {
              date: { from: inFiveDays.set({ hour: 8 }).toFormat("yyyy-MM-dd'T'HH:mm:ss"), to: inFiveDays.set({ hour: 17 }).toFormat("yyyy-MM-dd'T'HH:mm:ss") },
            },
          ],
        },
      });
      const local = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm:ss");
      const window = { startsFrom: local(DateTime.now().startOf('day')), startsBefore: local(DateTime.now().startOf('day').plus({ days: 7 })) };
      const starting = await list('bl.admin', { filter: window });
      expect(starting.items.map((i) => i.refId)).toContain(thisWeek.refId);
      // Every other order of this file starts in 30 days.
      expect(starting.total).toBe(1);
      expect((await flows.ok<{ total: number }>('/api/order/stats', { filter: window }, 'bl.admin')).total).toBe(1);
      const invalid = await flows.post('/api/order/list', { filter: { startsFrom: '2026-13-01', offerExpiresBefore: 'tomorrow' } }, 'bl.admin');
      expect([invalid.status, (invalid.body as unknown as { details: { path: string }[] }).details.map((d) => d.path).sort()]).toEqual([
        400,
        ['filter.offerExpiresBefore', 'filter.startsFrom'],
      ]);
    });

    it("narrows to the countries staff choose, never beyond their own; customers' lists ignore it", async () => {
      const byCountry = async (login: string, countries: string[]) => new Set((await list(login, { filter: { countries } })).items.map((i) => i.country));
      expect(await byCountry('bl.admin', ['de'])).toEqual(new Set(['de']));
      expect(await byCountry('bl.admin', ['de', 'uk'])).toEqual(new Set(['de', 'uk']));
      const admin = await flows.as('bl.admin');
      expect((await t.post('/api/user/update', { userId: userIdOf('bl.quotation_only'), countriesFilter: ['de'] }, admin)).status).toBe(200);
      const germanyOnly = await t.login('bl.quotation_only@demo.onsite.test');
      const outside = await t.post<{ data: ListPage }>('/api/order/list', { filter: { countries: ['uk'] } }, germanyOnly);
      expect([outside.status, outside.body.data.total]).toEqual([200, 0]);
      const both = await t.post<{ data: ListPage }>('/api/order/list', { pageSize: 100, filter: { countries: ['uk', 'de'] } }, germanyOnly);
      expect(new Set(both.body.data.items.map((i) => i.country))).toEqual(new Set(['de']));
      // The stats cards and the export cover the same orders as the list.
      const ukStats = await flows.ok<{ total: number }>('/api/order/stats', { filter: { countries: ['uk'] } }, 'bl.admin');
      expect(ukStats.total).toBe((await list('bl.admin', { filter: { countries: ['uk'] } })).total);
      const exported = await exportRows('bl.admin', { lang: 'en', filter: { countries: ['de'] } });
      expect(new Set(exported.rows.map((r) => r[6]))).toEqual(new Set(['Germany']));
      expect(exported.rows.length).toBe((await list('bl.admin', { filter: { countries: ['de'] } })).total);

      expect((await list('ec.admin', { filter: { countries: ['de'] } })).total).toBe((await list('ec.admin')).total);
      expect((await flows.post('/api/order/list', { filter: { countries: ['xx'] } }, 'bl.admin')).status).toBe(400);
    });

    it("lists the orders whose job export failed, in the staff member's countries, and refuses customers", async () => {
      const [order] = (await list('bl.admin', { filter: { customer: 'Rheinwerk', status: ['REQUESTED_QUOTE'] } })).items;
      // A failure as the export worker records it after its last attempt (the test server runs no workers).
      await t.runtime.documentStore.ensureCollection({ name: JOB_EXPORTS_COLLECTION });
      await t.runtime.documentStore
        .collection(JOB_EXPORTS_COLLECTION)
        .upsert(`job-${order!._id}`, { orderId: order!._id, jobId: 'job-1', eventId: 'e', specVersion: 3, status: 'failed', run: 1, attempts: 3 }, 1);
      const staff = await flows.ok<{ items: Row[] }>('/api/order/failed-exports', {}, 'bl.admin');
      expect(staff.items.map((i) => i.refId)).toEqual([order!.refId]);
      const admin = await flows.as('bl.admin');
      expect((await t.post('/api/user/update', { userId: userIdOf('bl.sales'), countriesFilter: ['uk'] }, admin)).status).toBe(200);
      const ukOnly = await t.post<{ data: { items: Row[] } }>('/api/order/failed-exports', {}, await t.login('bl.sales@demo.onsite.test'));
      expect(ukOnly.body.data.items).toEqual([]);
      expect((await flows.post('/api/order/failed-exports', {}, 'ec.admin')).status).toBe(403);
    });
  });
});
