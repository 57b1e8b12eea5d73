import type { DashboardJob, DashboardReport, KpiDrill, KpiFigures, KpiReport, KpiView, LossReason } from '@onsite/contracts';
import type { DocumentSession, Filter } from '@onsite/infrastructure';
import { DASHBOARD_FACTS, KPI_BUCKETS, type DashboardOrderFacts, type KpiBucket } from './dashboards.projection.js';

export interface KpiSelection {
  readonly from: string;
  readonly to: string;
  readonly view: KpiView;
  /** The countries asked for; empty: every country. */
  readonly countries: readonly string[];
}

function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

function leadTime(values: number[]) {
  values.sort((a, b) => a - b);
  return { count: values.length, medianHours: percentile(values, 50), p90Hours: percentile(values, 90) };
}

const rate = (accepted: number, lost: number) => (accepted + lost === 0 ? null : Math.round((accepted / (accepted + lost)) * 1000) / 1000);

/** Sums the KPI buckets of the period: a few hundred documents at most, whatever the number of orders. */
export async function kpiReport(store: DocumentSession, selection: KpiSelection): Promise<KpiReport> {
  const filter: Filter = {
    view: selection.view,
    month: { gte: selection.from, lte: selection.to },
    ...(selection.countries.length > 0 ? { country: { in: [...selection.countries] } } : {}),
  };
  const buckets = await store.collection<KpiBucket>(KPI_BUCKETS).find({ filter });
  const reasons: Record<string, number> = {};
  const requestToOffer: number[] = [];
  const offerToAccept: number[] = [];
  const months = new Map<string, { month: string; requests: number; offered: number; accepted: number; lost: number }>();
  const countries = new Map<string, { country: string; requests: number; accepted: number; lost: number }>();
  const sum = { requests: 0, offered: 0, accepted: 0, lost: 0, jobsCompleted: 0, jobsOnTime: 0, feedbackSum: 0, feedbackCount: 0 };
  for (const b of buckets) {
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += b[key];
    for (const [reason, n] of Object.entries(b.reasons)) reasons[reason] = (reasons[reason] ?? 0) + n;
    requestToOffer.push(...b.requestToOffer);
    offerToAccept.push(...b.offerToAccept);
    const m = months.get(b.month) ?? { month: b.month, requests: 0, offered: 0, accepted: 0, lost: 0 };
    months.set(b.month, { ...m, requests: m.requests + b.requests, offered: m.offered + b.offered, accepted: m.accepted + b.accepted, lost: m.lost + b.lost });
    const c = countries.get(b.country) ?? { country: b.country, requests: 0, accepted: 0, lost: 0 };
    countries.set(b.country, { ...c, requests: c.requests + b.requests, accepted: c.accepted + b.accepted, lost: c.lost + b.lost });
  }
  const total: KpiFigures = {
    requests: sum.requests,
    offered: sum.offered,
    accepted: sum.accepted,
    lost: sum.lost,
    acceptanceRate: rate(sum.accepted, sum.lost),
    lossReasons: reasons as Partial<Record<LossReason, number>>,
    requestToOffer: leadTime(requestToOffer),
    offerToAccept: leadTime(offerToAccept),
    jobsCompleted: sum.jobsCompleted,
    jobsOnTime: sum.jobsOnTime,
    feedbackCount: sum.feedbackCount,
    feedbackAverage: sum.feedbackCount === 0 ? null : Math.round((sum.feedbackSum / sum.feedbackCount) * 100) / 100,
  };
  return {
    from: selection.from,
    to: selection.to,
    view: selection.view,
    countries: [...countries.keys()].sort(),
    total,
    byMonth: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
    byCountry: [...countries.values()].sort((a, b) => b.requests - a.requests).map((c) => ({ ...c, acceptanceRate: rate(c.accepted, c.lost) })),
  };
}

/** The orders behind one loss reason of the period (at most 500, newest request first). */
export async function kpiDrill(store: DocumentSession, selection: KpiSelection, reason: LossReason): Promise<KpiDrill> {
  const filter: Filter = {
    month: { gte: selection.from, lte: selection.to },
    outcome: 'lost',
    gone: false,
    lossReasons: { has: reason },
    ...(selection.view === 'external' ? { external: true } : {}),
    ...(selection.countries.length > 0 ? { country: { in: [...selection.countries] } } : {}),
  };
  const facts = await store.collection<DashboardOrderFacts>(DASHBOARD_FACTS).find({ filter, sort: [{ path: 'requestedAt', direction: 'desc' }], limit: 500 });
  return { reason, orders: facts.map((f) => ({ refId: f.refId, country: f.country, customerName: f.customerName, month: f.month ?? '' })) };
}

export interface DashboardSelection {
  readonly from: string;
  readonly to: string;
  readonly companyIds: readonly string[];
  readonly country?: string;
}

const MAX_MARKERS = 5000;

function jobOf(f: DashboardOrderFacts): DashboardJob {
  return {
    refId: f.refId,
    companyId: f.companyId,
    country: f.country,
    state: f.jobState,
    status: f.status,
    date: f.jobDate ?? '',
    lat: f.lat,
    lng: f.lng,
    city: f.city,
  };
}

/** Every month ('YYYY-MM') from the one of `from` to the one of `to`, both days 'YYYY-MM-DD'. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let i = 0; i < 1200; i++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/** The OEM dashboard's figures: the jobs of the given companies whose day falls in the period. */
export async function dashboardReport(
  store: DocumentSession,
  selection: DashboardSelection,
  accounts: readonly { companyId: string; name: string }[],
): Promise<DashboardReport> {
  const filter: Filter = {
    companyId: { in: [...selection.companyIds] },
    jobDate: { gte: selection.from, lte: selection.to },
    gone: false,
    jobState: { in: ['planned', 'executed', 'cancelled'] },
    ...(selection.country ? { country: selection.country } : {}),
  };
  const facts = selection.companyIds.length === 0 ? [] : await store.collection<DashboardOrderFacts>(DASHBOARD_FACTS).find({ filter });
  const timeline = new Map<string, { month: string; planned: number; executed: number }>();
  const byStatus: Record<string, number> = {};
  const services = new Map<string, { serviceId: string; name: string; count: number }>();
  const countries = new Set<string>();
  let planned = 0;
  let executed = 0;
  for (const f of facts) {
    countries.add(f.country);
    byStatus[f.status] = (byStatus[f.status] ?? 0) + 1;
    const month = (f.jobDate ?? '').slice(0, 7);
    const t = timeline.get(month) ?? { month, planned: 0, executed: 0 };
    if (f.jobState === 'planned') [planned, t.planned] = [planned + 1, t.planned + 1];
    if (f.jobState === 'executed') [executed, t.executed] = [executed + 1, t.executed + 1];
    timeline.set(month, t);
    for (const s of f.services) {
      const entry = services.get(s.serviceId) ?? { serviceId: s.serviceId, name: s.name, count: 0 };
      services.set(s.serviceId, { ...entry, count: entry.count + 1 });
    }
  }
  const jobs = facts.map(jobOf);
  const byDate = (a: DashboardJob, b: DashboardJob) => a.date.localeCompare(b.date) || a.refId.localeCompare(b.refId);
  return {
    from: selection.from,
    to: selection.to,
    accounts: [...accounts],
    countries: [...countries].sort(),
    total: facts.length,
    planned,
    executed,
    // Every month of the period, in order, zero where no job falls: a chart never skips a month.
    timeline: monthsBetween(selection.from, selection.to).map((month) => timeline.get(month) ?? { month, planned: 0, executed: 0 }),
    byStatus,
    byServiceType: [...services.values()].sort((a, b) => b.count - a.count),
    markers: jobs.filter((j) => j.lat !== null && j.lng !== null).slice(0, MAX_MARKERS),
    upcoming: jobs
      .filter((j) => j.state === 'planned')
      .sort(byDate)
      .slice(0, 20),
    recent: jobs
      .filter((j) => j.state === 'executed')
      .sort(byDate)
      .reverse()
      .slice(0, 20),
  };
}
