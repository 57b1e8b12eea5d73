import { currencyOf, CURRENCIES, type Currency, type ErrorDetail, type ManagedService } from '@onsite/domain';
import { type ManagedServiceView, type PriceChange, type PriceRowError } from '@onsite/contracts';
import ExcelJS from 'exceljs';

/*
 * The catalogue's prices as a spreadsheet (D208): one row per service, a column per currency in major units (495.50);
 * staff change the prices and import the file back, seeing every change and every row's mistakes before anything is
 * written.
 */

export const PRICE_SHEET = 'Prices';
const FIXED_COLUMNS = ['id', 'name', 'status', 'countries'] as const;
export const PRICE_COLUMNS = [...FIXED_COLUMNS, ...CURRENCIES] as const;

/** The workbook of every managed service with its prices; currencies a service is not offered in stay empty. */
export async function writePriceWorkbook(services: readonly ManagedServiceView[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(PRICE_SHEET);
  sheet.columns = PRICE_COLUMNS.map((key) => ({ header: key, key, width: key === 'name' ? 40 : key === 'countries' ? 30 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const service of services) {
    sheet.addRow({
      id: service.id,
      name: service.name.en,
      status: service.status,
      countries: service.countries.join(', '),
      ...Object.fromEntries(CURRENCIES.map((c) => [c, service.prices[c] === undefined ? null : service.prices[c]! / 100])),
    });
  }
  for (const currency of CURRENCIES) sheet.getColumn(currency).numFmt = '0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'result' in value) return cellText(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  return String(value);
};

/** A price cell in major units as minor units; undefined when empty; null when it is no price. */
function minorUnits(value: ExcelJS.CellValue): number | undefined | null {
  const raw = typeof value === 'object' && value !== null && 'result' in value ? value.result : value;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim().replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(number) || number < 0 || number > 1_000_000_000) return null;
  const minor = Math.round(number * 100);
  return Math.abs(minor - number * 100) < 1e-6 ? minor : null;
}

export interface PricePlan {
  readonly changes: PriceChange[];
  readonly errors: PriceRowError[];
  /** Each changed service with its new prices (only when there is no error). */
  readonly services: Map<string, ManagedService>;
}

/**
 * Reads the spreadsheet against the services as they are: every price that differs is a change; a row naming no
 * service, a price that is no amount, a price for a currency the service is not offered in, or a missing price for one
 * it is offered in is an error of that row.
 */
export async function planPriceImport(file: Buffer, current: ReadonlyMap<string, ManagedService>): Promise<PricePlan> {
  const workbook = new ExcelJS.Workbook();
  const errors: PriceRowError[] = [];
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    return { changes: [], errors: [{ row: 0, column: '', code: 'invalid_file', message: 'This is not an Excel (.xlsx) file.' }], services: new Map() };
  }
  const sheet = workbook.getWorksheet(PRICE_SHEET) ?? workbook.worksheets[0];
  if (!sheet) return { changes: [], errors: [{ row: 0, column: '', code: 'invalid_file', message: 'The file has no sheet.' }], services: new Map() };
  const header = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => header.set(cellText(cell.value).trim(), column));
  const missing = ['id', ...CURRENCIES].filter((key) => !header.has(key));
  if (missing.length > 0)
    return {
      changes: [],
      errors: [{ row: 1, column: missing.join(', '), code: 'missing_column', message: `The first row must name the columns id, ${CURRENCIES.join(', ')}.` }],
      services: new Map(),
    };

  const changes: PriceChange[] = [];
  const services = new Map<string, ManagedService>();
  const seen = new Set<string>();
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const id = cellText(row.getCell(header.get('id')!).value).trim();
    const prices = CURRENCIES.map((currency) => [currency, row.getCell(header.get(currency)!).value] as const);
    if (!id && prices.every(([, value]) => cellText(value).trim() === '')) return;
    const rowError = (column: string, code: string, message: string) => errors.push({ row: rowNumber, column, code, message });
    const service = current.get(id);
    if (!service) return rowError('id', 'unknown_service', `There is no service ${id || '(empty)'} in the catalogue.`);
    if (seen.has(id)) return rowError('id', 'duplicate_row', `The service ${id} has another row above.`);
    seen.add(id);
    const offered = new Set(service.countries.map((c) => currencyOf(c)).filter((c): c is Currency => c !== null));
    const next: Partial<Record<Currency, number>> = {};
    for (const [currency, value] of prices) {
      const amount = minorUnits(value);
      if (amount === null) rowError(currency, 'invalid_price', `Enter the price in ${currency} as an amount from 0 with at most two decimals.`);
      else if (amount !== undefined && !offered.has(currency))
        rowError(currency, 'currency_not_offered', `${id} is not offered in a country paying in ${currency}; leave the cell empty.`);
      else if (amount === undefined && offered.has(currency))
        rowError(currency, 'price_missing', `${id} is offered in a country paying in ${currency}: enter a price.`);
      else if (amount !== undefined) next[currency] = amount;
    }
    for (const currency of CURRENCIES) {
      const from = service.prices[currency] ?? null;
      const to = next[currency] ?? null;
      if (offered.has(currency) && next[currency] !== undefined && from !== to) changes.push({ row: rowNumber, serviceId: id, currency, from, to });
    }
    if (changes.some((c) => c.serviceId === id)) services.set(id, { ...service, prices: next });
  });
  return { changes, errors, services: errors.length > 0 ? new Map() : services };
}

/** The row mistakes as the api's error details (`rows.<row>.<column>`). */
export const errorDetails = (errors: readonly PriceRowError[]): ErrorDetail[] =>
  errors.map((e) => ({ path: `rows.${e.row}.${e.column}`, code: e.code, message: `Row ${e.row}: ${e.message}` }));
