import { PassThrough, type Writable } from 'node:stream';
import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { canActAsProvider, countryInfo, forbidden, isValidTimeZone, validationError, type Actor, type OrderStatus } from '@onsite/domain';
import { OrderExportRequestSchema, type OrderExportRequest } from '@onsite/contracts';
import { eachOrderPage, userNames, type OrderListItem } from '@onsite/projections';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { DateTime } from 'luxon';
import type { AuthContext } from '../../common/request-context.js';
import { spreadsheetRow } from '../../common/spreadsheet-text.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { filterStatusesOf, orderCriteriaOf } from '../list-orders/list-orders.js';
import { orderScopeOf } from '../order-scope.js';
import { EXPORT_COLUMNS, EXPORT_LABELS, type ExportColumn } from './export-labels.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const WIDTHS: Record<ExportColumn, number> = {
  reference: 16,
  status: 20,
  customer: 30,
  endCustomer: 30,
  location: 26,
  city: 18,
  country: 18,
  services: 40,
  serviceCount: 10,
  requestedAt: 18,
  firstStart: 18,
  offerExpiresAt: 18,
  owner: 22,
  updatedAt: 18,
};
/** Rows read from the store per query: large enough to keep the sorted queries few, small enough to stay a few MB. */
const EXPORT_PAGE_SIZE = 5000;
const DATE_COLUMNS: readonly ExportColumn[] = ['requestedAt', 'firstStart', 'offerExpiresAt', 'updatedAt'];
/** Rows written between two waits for the zip writer, and how much unzipped XML may wait for it meanwhile. */
const ROWS_PER_CATCH_UP = 500;
const ZIP_BACKLOG_BYTES = 64 * 1024;

type Backlogged = { readonly _readableState?: { length: number }; readonly _writableState?: { length: number } };

/**
 * Waits until the zip writer has taken the sheet's XML. exceljs deflates on the thread pool and hears back in the
 * event loop's I/O phase, which a loop of in-process database reads (PGlite) reaches only at the client's turns (every
 * 5 ms, D120), whatever the backlog: without this wait the sheet could pile up in memory faster than it left. The
 * stream exceljs hands the sheet to is internal, so it is looked up with care; without it, one turn of the event loop
 * is all we can give.
 */
async function letTheZipCatchUp(sheet: ExcelJS.Worksheet, output: Writable): Promise<void> {
  const next = (sheet as unknown as { stream?: { pipes?: Backlogged[] } }).stream?.pipes?.[0];
  const backlog = () => (next?._readableState?.length ?? 0) + (next?._writableState?.length ?? 0);
  for (let round = 0; round === 0 || backlog() > ZIP_BACKLOG_BYTES; round++) {
    if (output.destroyed) throw new Error('The export stream was closed before the end.');
    // A slow client holds the zip back: after the quick turns, wait without spinning.
    await new Promise((resolve) => (round < 100 ? setImmediate(resolve) : setTimeout(resolve, 10)));
  }
}

/**
 * Excel has no time zones: a date cell is a wall-clock time. The Date handed to exceljs carries that wall-clock
 * time as its UTC fields (exceljs writes dates as UTC serial numbers).
 */
function wallClock(iso: string | null, zone: string | null): Date | null {
  if (!iso) return null;
  const time = zone ? DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone) : DateTime.fromISO(iso, { zone: 'utc' });
  return time.isValid ? new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)) : null;
}

/** firstStart is already local to the service location: its fields are the wall-clock time. */
function localWallClock(local: string | null): Date | null {
  if (!local) return null;
  const time = DateTime.fromISO(local, { zone: 'utc' });
  return time.isValid ? time.toJSDate() : null;
}

/** Writes the whole filtered order list to an .xlsx stream, one page of the read store at a time. */
export async function writeOrderExport(runtime: Runtime, actor: Actor, request: OrderExportRequest, output: Writable): Promise<number> {
  const scope = orderScopeOf(actor);
  const statuses = filterStatusesOf(scope, request.filter.status);
  const labels = EXPORT_LABELS[request.lang];
  const zone = request.timeZone ?? 'UTC';
  const regionNames = new Intl.DisplayNames([request.lang], { type: 'region' });
  const countryName = (code: string) => {
    const iso = countryInfo(code)?.phoneCode ?? code;
    try {
      return regionNames.of(iso.toUpperCase()) ?? code;
    } catch {
      return code;
    }
  };

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(labels.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((key) => ({
    key,
    header: labels.columns[key],
    width: WIDTHS[key],
    ...(DATE_COLUMNS.includes(key) ? { style: { numFmt: DATE_TIME_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  let rows = 0;
  const ownerNames = new Map<string, string>();
  const pages = eachOrderPage(
    runtime.documentStore,
    scope,
    { ...orderCriteriaOf(request.filter, request.search), statuses, sort: request.sort },
    EXPORT_PAGE_SIZE,
  );
  for await (const page of pages) {
    const unknownOwners = page.flatMap((o) => (o.ownerUserId && !ownerNames.has(o.ownerUserId) ? [o.ownerUserId] : []));
    for (const [id, name] of await userNames(runtime.documentStore, unknownOwners)) ownerNames.set(id, name);
    for (const order of page) {
      sheet.addRow(spreadsheetRow(rowOf(order, labels.statuses, countryName, ownerNames, zone))).commit();
      rows++;
      if (rows % ROWS_PER_CATCH_UP === 0) await letTheZipCatchUp(sheet, output);
    }
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}

function rowOf(
  order: OrderListItem,
  statusLabels: Record<OrderStatus, string>,
  countryName: (code: string) => string,
  ownerNames: ReadonlyMap<string, string>,
  zone: string,
): Record<ExportColumn, string | number | Date | null> {
  return {
    reference: order.refId,
    status: statusLabels[order.status] ?? order.status,
    customer: order.customerName,
    endCustomer: order.endCustomerName,
    location: order.locationName,
    city: order.city,
    country: order.country ? countryName(order.country) : null,
    services: order.serviceNames.join(', '),
    serviceCount: order.serviceNames.length,
    requestedAt: wallClock(order.requestedAt, zone),
    firstStart: localWallClock(order.firstStart),
    offerExpiresAt: wallClock(order.offerExpiresAt ?? null, zone),
    owner: order.ownerUserId ? (ownerNames.get(order.ownerUserId) ?? null) : null,
    updatedAt: wallClock(order.updatedAt, zone),
  };
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class ExportOrdersController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Post('export')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Staff: every order of the filtered list (not just a page) as an Excel file, streamed; headers, statuses and countries in `lang`.',
  })
  @ApiOkResponse({ description: 'An .xlsx file.', content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } })
  async export(@Auth() auth: AuthContext, @Body({ schema: OrderExportRequestSchema }) body: OrderExportRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!canActAsProvider(auth.actor) || auth.actor.onBehalfOf) throw forbidden("Only the provider's staff may export orders.");
    if (body.timeZone && !isValidTimeZone(body.timeZone)) {
      throw validationError('One or more fields contain errors.', [{ path: 'timeZone', code: 'invalid_time_zone', message: 'Not an IANA time zone.' }]);
    }
    // Refuse a bad filter before the first byte is sent (afterwards only the stream can fail).
    filterStatusesOf(orderScopeOf(auth.actor), body.filter.status);
    const stream = new PassThrough();
    const fileName = `orders-${DateTime.utc().toFormat('yyyy-MM-dd-HHmm')}.xlsx`;
    void reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
    try {
      await writeOrderExport(this.runtime, auth.actor, body, stream);
    } catch (error) {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
