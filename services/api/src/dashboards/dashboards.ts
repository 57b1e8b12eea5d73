import { PassThrough } from 'node:stream';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { canSeeDashboard, canUse, forbidden, notFound, type Actor } from '@onsite/domain';
import {
  DashboardQuerySchema,
  KpiDrillQuerySchema,
  KpiQuerySchema,
  LOSS_REASONS,
  type DashboardQuery,
  type DashboardReport,
  type KpiDrill,
  type KpiDrillQuery,
  type KpiQuery,
  type KpiReport,
} from '@onsite/contracts';
import { COMPANIES, dashboardReport, getUser, kpiDrill, kpiReport, type CompanyView, type KpiSelection } from '@onsite/projections';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../common/request-context.js';
import { spreadsheetRow } from '../common/spreadsheet-text.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** KPI: staff only (not while acting for a customer), within their country filter; a country outside it is not found. */
function kpiSelectionOf(actor: Actor, query: KpiQuery | KpiDrillQuery): KpiSelection {
  if (actor.onBehalfOf || !canUse('kpi', actor)) throw forbidden('Only the provider’s staff may see the KPI dashboard.');
  const allowed = actor.countriesFilter ?? [];
  if (query.country && allowed.length > 0 && !allowed.includes(query.country)) throw notFound('No figures for this country.');
  return { from: query.from, to: query.to, view: query.view, countries: query.country ? [query.country] : allowed };
}

@ApiTags('dashboards')
@ApiBearerAuth()
@Controller()
export class DashboardsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get('kpi')
  @ApiOperation({ summary: 'Staff: KPI figures of the months from..to, summed from the KPI read model (country, internal or external view).' })
  kpi(@Auth() auth: AuthContext, @Query({ schema: KpiQuerySchema }) query: KpiQuery): Promise<KpiReport> {
    return kpiReport(this.runtime.documentStore, kpiSelectionOf(auth.actor, query));
  }

  @Get('kpi/orders')
  @ApiOperation({ summary: 'Staff: the orders behind one win/loss reason of the period (drill-down, at most 500).' })
  drill(@Auth() auth: AuthContext, @Query({ schema: KpiDrillQuerySchema }) query: KpiDrillQuery): Promise<KpiDrill> {
    return kpiDrill(this.runtime.documentStore, kpiSelectionOf(auth.actor, query), query.reason);
  }

  @Post('kpi/export')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: the KPI figures of the period as an Excel file (summary, months, countries, loss reasons).' })
  @ApiOkResponse({ description: 'An .xlsx file.', content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } })
  async export(@Auth() auth: AuthContext, @Body({ schema: KpiQuerySchema }) query: KpiQuery, @Res() reply: FastifyReply): Promise<void> {
    const report = await kpiReport(this.runtime.documentStore, kpiSelectionOf(auth.actor, query));
    const workbook = new ExcelJS.Workbook();
    const summary = workbook.addWorksheet('KPI');
    summary.columns = [
      { header: 'Figure', key: 'figure', width: 34 },
      { header: 'Value', key: 'value', width: 16 },
    ];
    const t = report.total;
    const rows: [string, number | string | null][] = [
      ['Period', `${report.from} – ${report.to}`],
      ['View', report.view],
      ['Countries', report.countries.join(', ')],
      ['Requests', t.requests],
      ['Offered', t.offered],
      ['Accepted', t.accepted],
      ['Lost', t.lost],
      ['Acceptance rate', t.acceptanceRate],
      ['Request to offer, median (h)', t.requestToOffer.medianHours],
      ['Request to offer, p90 (h)', t.requestToOffer.p90Hours],
      ['Offer to acceptance, median (h)', t.offerToAccept.medianHours],
      ['Offer to acceptance, p90 (h)', t.offerToAccept.p90Hours],
      ['Jobs completed', t.jobsCompleted],
      ['Jobs on time', t.jobsOnTime],
      ['Feedback average', t.feedbackAverage],
      ['Feedback count', t.feedbackCount],
    ];
    for (const [figure, value] of rows) summary.addRow(spreadsheetRow({ figure, value }));
    const reasons = workbook.addWorksheet('Loss reasons');
    reasons.columns = [
      { header: 'Reason', key: 'reason', width: 30 },
      { header: 'Orders', key: 'count', width: 12 },
    ];
    for (const reason of LOSS_REASONS) reasons.addRow({ reason, count: t.lossReasons[reason] ?? 0 });
    const months = workbook.addWorksheet('Months');
    months.columns = ['month', 'requests', 'offered', 'accepted', 'lost'].map((key) => ({ header: key, key, width: 12 }));
    for (const m of report.byMonth) months.addRow(m);
    const countries = workbook.addWorksheet('Countries');
    countries.columns = ['country', 'requests', 'accepted', 'lost', 'acceptanceRate'].map((key) => ({ header: key, key, width: 14 }));
    for (const c of report.byCountry) countries.addRow(spreadsheetRow(c));
    for (const sheet of [summary, reasons, months, countries]) sheet.getRow(1).font = { bold: true };
    const stream = new PassThrough();
    void reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="kpi-${report.from}-${report.to}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
    await workbook.xlsx.write(stream);
    stream.end();
  }

  @Get('dashboard')
  @ApiOperation({
    summary:
      'OEM dashboard: jobs of the caller’s company and of the companies carrying one of the caller’s dashboard tags, in the period (OEM MANAGEMENT or dashboard access).',
  })
  async dashboard(@Auth() auth: AuthContext, @Query({ schema: DashboardQuerySchema }) query: DashboardQuery): Promise<DashboardReport> {
    const store = this.runtime.documentStore;
    const userId = auth.actor.onBehalfOf?.userId ?? auth.actor.userId;
    const user = await getUser(store, userId);
    if (!user || user.type === 'BL' || !canSeeDashboard({ type: user.type, role: user.role, hasKibanaAccess: user.hasKibanaAccess })) {
      throw forbidden('The dashboard needs dashboard access.');
    }
    const tagged =
      user.dashboardTags.length === 0
        ? []
        : await store.collection<CompanyView>(COMPANIES).find({ filter: { $or: user.dashboardTags.map((tag) => ({ tags: { has: tag } })) }, limit: 500 });
    const accounts = [
      { companyId: user.company._id, name: user.company.name },
      ...tagged.filter((c) => c._id !== user.company._id).map((c) => ({ companyId: c._id, name: c.name })),
    ];
    if (query.account && !accounts.some((a) => a.companyId === query.account)) throw notFound('No such account.');
    const companyIds = query.account ? [query.account] : accounts.map((a) => a.companyId);
    return dashboardReport(store, { from: query.from, to: query.to, companyIds, ...(query.country ? { country: query.country } : {}) }, accounts);
  }
}
