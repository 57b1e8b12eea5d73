import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };
type Change = { row: number; serviceId: string; currency: string; from: number | null; to: number | null };
type RowError = { row: number; column: string; code: string; message: string };
type Result = { changes: Change[]; errors: RowError[]; applied: boolean };

describe('catalogue prices through Excel (D208)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('bl.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const exported = async (token = admin): Promise<ExcelJS.Workbook> => {
    const response = await fetch(`${t.baseUrl}/api/catalogue/prices/export`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    return workbook;
  };
  const rowOf = (sheet: ExcelJS.Worksheet, id: string) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === id) found = row;
    });
    return found!;
  };
  const columnOf = (sheet: ExcelJS.Worksheet, name: string) => {
    let found = 0;
    sheet.getRow(1).eachCell((cell, column) => {
      if (cell.value === name) found = column;
    });
    return found;
  };
  const encoded = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
  const versions = async () =>
    Promise.all(
      ['svc-repair', 'svc-calibration', 'svc-relocation'].map(async (id) => (await t.runtime.eventStore.readStream(`catalogue-service-${id}`)).length),
    );

  it('exports every service with its prices, previews each change and applies them as one change per service', async () => {
    const workbook = await exported();
    const sheet = workbook.getWorksheet('Prices')!;
    const repair = rowOf(sheet, 'svc-repair');
    expect(repair.getCell(columnOf(sheet, 'GBP')).value).toBe(1020);
    repair.getCell(columnOf(sheet, 'GBP')).value = 1100.5;
    repair.getCell(columnOf(sheet, 'EUR')).value = 1250;
    const file = await encoded(workbook);
    const before = await versions();

    const preview = await t.post<Data<Result>>('/api/catalogue/prices/import', { file }, admin);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      applied: false,
      errors: [],
      changes: [
        { row: repair.number, serviceId: 'svc-repair', currency: 'EUR', from: 118_000, to: 125_000 },
        { row: repair.number, serviceId: 'svc-repair', currency: 'GBP', from: 102_000, to: 110_050 },
      ],
    });
    expect(await versions()).toEqual(before);

    const applied = await t.post<Data<Result>>('/api/catalogue/prices/import', { file, apply: true }, admin);
    expect(applied.body.data).toMatchObject({ applied: true });
    const [repairVersion, ...others] = await versions();
    expect([repairVersion, ...others]).toEqual([before[0]! + 1, ...before.slice(1)]);
    const managed = (await t.get<Data<{ services: { id: string; prices: Record<string, number> }[] }>>('/api/catalogue/manage', admin)).body.data;
    expect(managed.services.find((s) => s.id === 'svc-repair')!.prices).toMatchObject({ GBP: 110_050, EUR: 125_000, USD: 128_000 });
  });

  it('names every bad row and writes nothing when any row has a mistake', async () => {
    const workbook = await exported();
    const sheet = workbook.getWorksheet('Prices')!;
    rowOf(sheet, 'svc-calibration').getCell(columnOf(sheet, 'CHF')).value = 700; // a good change
    rowOf(sheet, 'svc-relocation').getCell(columnOf(sheet, 'USD')).value = 'lots'; // the bad row
    const file = await encoded(workbook);
    const before = await versions();

    const preview = (await t.post<Data<Result>>('/api/catalogue/prices/import', { file }, admin)).body.data;
    expect(preview.changes).toEqual([expect.objectContaining({ serviceId: 'svc-calibration', currency: 'CHF', to: 70_000 })]);
    expect(preview.errors).toEqual([
      { row: rowOf(sheet, 'svc-relocation').number, column: 'USD', code: 'invalid_price', message: expect.stringContaining('USD') },
    ]);
    const refused = await t.post<{ error: string; details: { path: string; code: string }[] }>('/api/catalogue/prices/import', { file, apply: true }, admin);
    expect([refused.status, refused.body.error]).toEqual([400, 'validation_error']);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: `rows.${rowOf(sheet, 'svc-relocation').number}.USD`, code: 'invalid_price' })]);
    expect(await versions()).toEqual(before);

    // Other mistakes of a row: an unknown service, a missing price, a price in a currency not offered; not a spreadsheet at all.
    sheet.addRow(['svc-nosuch', 'Nothing', 'draft', '', 1, 1, 1, 1, 1, 1]);
    rowOf(sheet, 'svc-relocation').getCell(columnOf(sheet, 'USD')).value = null;
    const errors = (await t.post<Data<Result>>('/api/catalogue/prices/import', { file: await encoded(workbook) }, admin)).body.data.errors;
    expect(errors.map((e) => [e.column, e.code])).toEqual([
      ['USD', 'price_missing'],
      ['id', 'unknown_service'],
    ]);
    const notXlsx = (await t.post<Data<Result>>('/api/catalogue/prices/import', { file: Buffer.from('hello').toString('base64') }, admin)).body.data;
    expect(notXlsx.errors).toEqual([expect.objectContaining({ code: 'invalid_file' })]);
    expect(await versions()).toEqual(before);
  });

  it('lets every staff member export, only administrators and sales import; customers get 403', async () => {
    const auditor = await t.login('bl.auditor@demo.onsite.test');
    await exported(auditor);
    const file = await encoded(await exported());
    expect((await t.post('/api/catalogue/prices/import', { file }, auditor)).status).toBe(403);
    const customer = await t.login('ec.admin@demo.onsite.test');
    expect((await t.post('/api/catalogue/prices/import', { file, apply: true }, customer)).status).toBe(403);
    expect((await fetch(`${t.baseUrl}/api/catalogue/prices/export`, { method: 'POST', headers: { authorization: `Bearer ${customer}` } })).status).toBe(403);
    const sales = await t.login('bl.sales@demo.onsite.test');
    expect((await t.post<Data<Result>>('/api/catalogue/prices/import', { file }, sales)).body.data).toEqual({ changes: [], errors: [], applied: false });
  });

  it('decides every service before writing any: one refused (its segment retired since the export) and none changes', async () => {
    const workbook = await exported();
    const sheet = workbook.getWorksheet('Prices')!;
    rowOf(sheet, 'svc-calibration').getCell(columnOf(sheet, 'CHF')).value = 710; // would go through on its own
    rowOf(sheet, 'svc-repair').getCell(columnOf(sheet, 'CHF')).value = 1210; // in the packaging segment, retired below
    const file = await encoded(workbook);
    expect((await t.post('/api/catalogue/segments/retire', { id: 'packaging' }, admin)).status).toBe(200);
    const before = await versions();

    const refused = await t.post<{ error: string; message: string; details: { path: string }[] }>('/api/catalogue/prices/import', { file, apply: true }, admin);
    expect([refused.status, refused.body.error]).toEqual([400, 'validation_error']);
    expect(refused.body.message).toMatch(/^svc-repair: .*Nothing was changed\.$/);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'rows.svc-repair' })]);
    expect(await versions()).toEqual(before);
  });
});
