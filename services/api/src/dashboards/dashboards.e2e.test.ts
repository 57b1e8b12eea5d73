import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { OrderFlows, userIdOf } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/* The KPI dashboard (staff) and the OEM dashboard (management or dashboard access), over HTTP on the demo data. */

type Kpi = { total: { requests: number; lost: number; lossReasons: Record<string, number> }; countries: string[] };
type Drill = { orders: { refId: string }[] };
type Dashboard = { total: number; accounts: { companyId: string }[]; markers: unknown[] };

describe('dashboards', () => {
  let t: TestApp;
  let flows: OrderFlows;
  const month = DateTime.utc().toFormat('yyyy-MM');
  const from = DateTime.utc().minus({ years: 1 }).toFormat('yyyy-MM');
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  }, 300_000); // the demo seed writes a year of history
  afterAll(async () => t.close());

  const get = async <T>(path: string, login: string) => t.get<{ data: T }>(path, await flows.as(login));

  it('counts an offer rejected a moment ago under its reason, and drills down to it', async () => {
    const path = `/api/kpi?from=${from}&to=${month}`;
    const before = await get<Kpi>(path, 'bl.admin');
    expect(before.status).toBe(200);
    const offered = await flows.offered('ec.admin');
    await flows.ok('/api/order/reject', { orderId: offered._id, version: offered.version, offerID: offered.offerId, reasons: ['PRICE_TOO_HIGH'] }, 'ec.admin');
    const after = (await get<Kpi>(path, 'bl.admin')).body.data;
    expect(after.total.requests).toBe(before.body.data.total.requests + 1);
    expect(after.total.lossReasons.PRICE_TOO_HIGH).toBe((before.body.data.total.lossReasons.PRICE_TOO_HIGH ?? 0) + 1);
    const drill = await get<Drill>(`/api/kpi/orders?from=${month}&to=${month}&reason=PRICE_TOO_HIGH`, 'bl.admin');
    expect(drill.body.data.orders.map((o) => o.refId)).toContain(offered.refId);
  });

  it('exports the figures to Excel', async () => {
    const response = await fetch(`${t.baseUrl}/api/kpi/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await flows.as('bl.admin')}` },
      body: JSON.stringify({ from, to: month }),
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const kpi = (await get<Kpi>(`/api/kpi?from=${from}&to=${month}`, 'bl.admin')).body.data;
    expect(workbook.getWorksheet('KPI')!.getRow(5).values).toEqual([undefined, 'Requests', kpi.total.requests]);
  });

  it("scopes the figures to a staff member's countries and refuses customers and bad input", async () => {
    const admin = await flows.as('bl.admin');
    expect((await t.post('/api/user/update', { userId: userIdOf('bl.planner'), countriesFilter: ['de'] }, admin)).status).toBe(200);
    const planner = await t.login('bl.planner@demo.onsite.test');
    const scoped = await t.get<{ data: Kpi }>(`/api/kpi?from=${from}&to=${month}`, planner);
    expect(scoped.body.data.countries.every((c) => c === 'de')).toBe(true);
    expect((await t.get(`/api/kpi?from=${from}&to=${month}&country=uk`, planner)).status).toBe(404);
    for (const login of ['ec.admin', 'oem.management']) expect((await get(`/api/kpi?from=${from}&to=${month}`, login)).status).toBe(403);
    expect((await get(`/api/kpi?from=2026-13&to=${month}`, 'bl.admin')).status).toBe(400);
    expect((await get(`/api/kpi?from=${month}&to=${from}`, 'bl.admin')).status).toBe(400);
    expect((await t.get(`/api/kpi?from=${from}&to=${month}`)).status).toBe(401);
  });

  it('shows OEM management their jobs and refuses others', async () => {
    const range = `from=${DateTime.utc().minus({ years: 1 }).toISODate()}&to=${DateTime.utc().plus({ months: 6 }).toISODate()}`;
    const before = (await get<Dashboard>(`/api/dashboard?${range}`, 'oem.management')).body.data.total;
    await flows.submitted('oem.admin'); // an order of the management user's company: a planned job
    const mine = await get<Dashboard>(`/api/dashboard?${range}`, 'oem.management');
    expect(mine.status).toBe(200);
    expect(mine.body.data.total).toBe(before + 1);
    expect(mine.body.data.accounts.length).toBeGreaterThan(0);
    expect((await get(`/api/dashboard?${range}&account=somebody-else`, 'oem.management')).status).toBe(404);
    for (const login of ['ec.admin', 'oem.admin', 'bl.admin']) expect((await get(`/api/dashboard?${range}`, login)).status).toBe(403);
    expect((await get('/api/dashboard?from=2026-02-30&to=x', 'oem.management')).status).toBe(400);
  });
});
