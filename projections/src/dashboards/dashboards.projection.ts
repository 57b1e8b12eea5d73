import { orderCountryOf, SUBMISSION_EVENTS, type ExistingOrderState, type RecordedEvent } from '@onsite/domain';
import type { CollectionDefinition, DocumentSession } from '@onsite/infrastructure';
import type { OrderDetailView } from '../orders/order-detail/order-detail.js';
import type { OrderReadModel } from '../orders/order-read-model.js';

/**
 * Per order until D83: the folded domain state again beside the facts. The dashboards now take the state the orders
 * projection folds (they are one of its read models), so the collection is dropped when the orders projection is
 * rebuilt at its version 6.
 */
export const DASHBOARD_ORDERS = 'dashboard_orders';
/** Per order: the facts both dashboards need, queried by both. */
export const DASHBOARD_FACTS = 'dashboard_facts';
/** KPI figures per country, request month and view, so a period query sums a few buckets. */
export const KPI_BUCKETS = 'kpi_buckets';

export type KpiBucketView = 'internal' | 'external';

export interface DashboardOrderFacts {
  readonly refId: string;
  readonly companyId: string;
  readonly customerName: string;
  readonly country: string;
  readonly status: string;
  /** Submitted by the customer themself (not prepared by staff, not on behalf). */
  readonly external: boolean;
  readonly requestedAt: string | null;
  /** Month of the request ('YYYY-MM'): the KPI bucket the order counts in; null while not requested. */
  readonly month: string | null;
  readonly firstOfferAt: string | null;
  readonly lastOfferAt: string | null;
  readonly acceptedAt: string | null;
  readonly outcome: 'open' | 'won' | 'lost';
  readonly lossReasons: readonly string[];
  readonly jobStatus: string | null;
  readonly scheduleFrom: string | null;
  readonly scheduleTo: string | null;
  readonly jobCompletedAt: string | null;
  readonly ratings: readonly number[];
  readonly services: readonly { readonly serviceId: string; readonly name: string }[];
  readonly lat: number | null;
  readonly lng: number | null;
  readonly city: string | null;
  /** The job day, local to the location: its schedule, else the preferred time frame ('YYYY-MM-DD'). */
  readonly jobDate: string | null;
  /** planned | executed | cancelled | open (OEM dashboard). */
  readonly jobState: 'planned' | 'executed' | 'cancelled' | 'open';
  readonly gone: boolean;
}

export interface KpiBucket {
  readonly country: string;
  readonly month: string;
  readonly view: KpiBucketView;
  readonly requests: number;
  readonly offered: number;
  readonly accepted: number;
  readonly lost: number;
  readonly reasons: Readonly<Record<string, number>>;
  /** Lead times in hours, one value per order. */
  readonly requestToOffer: readonly number[];
  readonly offerToAccept: readonly number[];
  readonly jobsCompleted: number;
  readonly jobsOnTime: number;
  readonly feedbackSum: number;
  readonly feedbackCount: number;
}

const collections: CollectionDefinition[] = [
  {
    name: DASHBOARD_FACTS,
    indexes: [
      { name: 'dashboard_facts_company_date', paths: ['companyId', 'jobDate'] },
      { name: 'dashboard_facts_month', paths: ['month'] },
    ],
  },
  { name: KPI_BUCKETS, indexes: [{ name: 'kpi_buckets_view_month', paths: ['view', 'month'] }] },
];

function hoursBetween(from: string, to: string): number {
  return Math.round(((Date.parse(to) - Date.parse(from)) / 3_600_000) * 10) / 10;
}

const EXECUTED = new Set(['JOB_COMPLETED', 'JOB_CLOSED', 'BILLED']);
const PLANNED = new Set(['ORDER_SUBMITTED', 'JOB_IN_PLANNING', 'JOB_PLANNED', 'JOB_IN_PROGRESS', 'REOPENED']);
const CANCELLED = new Set(['CANCELED', 'JOB_CANCELLED', 'DECLINED', 'EXPIRED', 'DELETED', 'CLOSED']);

/** Only orders that became jobs count as cancelled jobs (a rejected quote never was one). */
function jobStateOf(status: string, wasJob: boolean): DashboardOrderFacts['jobState'] {
  if (EXECUTED.has(status)) return 'executed';
  if (PLANNED.has(status)) return 'planned';
  if (CANCELLED.has(status) && wasJob) return 'cancelled';
  return 'open';
}

/** The facts after one event: the state gives what the order is, the event when and why things happened. */
function nextFacts(previous: DashboardOrderFacts | null, recorded: RecordedEvent, state: ExistingOrderState): DashboardOrderFacts {
  const o = state.order;
  const at = recorded.metadata.occurredAt;
  const d = recorded.data as Record<string, unknown>;
  const type = recorded.type;
  let external = previous?.external ?? true;
  if (type === 'CREATE_IN_PREPARATION' || type === 'CONVERT') external = false;
  if (SUBMISSION_EVENTS.has(type) && recorded.metadata.onBehalfOfUserId) external = false;
  const requestedAt = previous?.requestedAt ?? (SUBMISSION_EVENTS.has(type) ? at : null);
  let outcome = previous?.outcome ?? 'open';
  let lossReasons = previous?.lossReasons ?? [];
  let firstOfferAt = previous?.firstOfferAt ?? null;
  let lastOfferAt = previous?.lastOfferAt ?? null;
  let acceptedAt = previous?.acceptedAt ?? null;
  let jobCompletedAt = previous?.jobCompletedAt ?? null;
  if (type === 'OFFER') {
    firstOfferAt ??= at;
    lastOfferAt = at;
    if (outcome === 'lost') [outcome, lossReasons] = ['open', []];
  } else if (type === 'ACCEPT_OFFER') {
    [outcome, lossReasons, acceptedAt] = ['won', [], at];
  } else if (type === 'REJECT') {
    [outcome, lossReasons] = ['lost', Array.isArray(d.reasons) && d.reasons.length > 0 ? [...new Set(d.reasons as string[])] : ['OTHER']];
  } else if (type === 'EXPIRE') {
    [outcome, lossReasons] = ['lost', ['EXPIRED']];
  } else if (type === 'DECLINE') {
    [outcome, lossReasons] = ['lost', ['DECLINED']];
  } else if (type === 'JOB_COMPLETED') {
    jobCompletedAt ??= at;
  }
  const location = o.content.location;
  const schedule = o.job?.schedule;
  const jobDate = (schedule?.from ?? o.content.timeframes[0]?.date.from ?? null)?.slice(0, 10) ?? null;
  const status = state.status;
  const jobStatus = o.job?.status ?? null;
  return {
    refId: o.refId,
    companyId: o.customer.companyId,
    customerName: o.customer.name,
    country: orderCountryOf(o),
    status,
    external,
    requestedAt,
    month: requestedAt ? requestedAt.slice(0, 7) : null,
    firstOfferAt,
    lastOfferAt,
    acceptedAt,
    outcome,
    lossReasons,
    jobStatus,
    scheduleFrom: schedule?.from ?? null,
    scheduleTo: schedule?.to ?? null,
    jobCompletedAt,
    ratings: o.feedback.flatMap((entry) => (typeof entry.rating === 'number' ? [entry.rating] : [])),
    services: o.content.services.map((s) => ({ serviceId: s.serviceId, name: s.name })),
    lat: location?.geo?.lat ?? null,
    lng: location?.geo?.lng ?? null,
    city: location?.city ?? null,
    jobDate,
    jobState: jobStateOf(status, acceptedAt !== null || jobStatus !== null || o.creationType === 'DIRECT_ORDER'),
    gone: status === 'DELETED' && state.deletedForever,
  };
}

function emptyBucket(country: string, month: string, view: KpiBucketView): KpiBucket {
  return {
    country,
    month,
    view,
    requests: 0,
    offered: 0,
    accepted: 0,
    lost: 0,
    reasons: {},
    requestToOffer: [],
    offerToAccept: [],
    jobsCompleted: 0,
    jobsOnTime: 0,
    feedbackSum: 0,
    feedbackCount: 0,
  };
}

/** What one order adds to a bucket it counts in. */
interface Contribution {
  readonly offered: number;
  readonly accepted: number;
  readonly lost: number;
  readonly lossReasons: readonly string[];
  readonly requestToOffer: number | null;
  readonly offerToAccept: number | null;
  readonly jobsCompleted: number;
  readonly jobsOnTime: number;
  readonly feedbackSum: number;
  readonly feedbackCount: number;
}

function contributionOf(f: DashboardOrderFacts): Contribution {
  const completed = f.jobCompletedAt !== null;
  return {
    offered: f.firstOfferAt ? 1 : 0,
    accepted: f.outcome === 'won' ? 1 : 0,
    lost: f.outcome === 'lost' ? 1 : 0,
    lossReasons: f.outcome === 'lost' ? f.lossReasons : [],
    requestToOffer: f.firstOfferAt && f.requestedAt ? hoursBetween(f.requestedAt, f.firstOfferAt) : null,
    offerToAccept: f.acceptedAt && f.lastOfferAt ? hoursBetween(f.lastOfferAt, f.acceptedAt) : null,
    jobsCompleted: completed ? 1 : 0,
    jobsOnTime: completed && (f.scheduleTo === null || f.jobCompletedAt!.slice(0, 10) <= f.scheduleTo.slice(0, 10)) ? 1 : 0,
    feedbackSum: f.ratings.reduce((sum, r) => sum + r, 0),
    feedbackCount: f.ratings.length,
  };
}

const sameReasons = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((reason, i) => reason === b[i]);

function sameContribution(a: Contribution | null, b: Contribution | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.offered === b.offered &&
    a.accepted === b.accepted &&
    a.lost === b.lost &&
    sameReasons(a.lossReasons, b.lossReasons) &&
    a.requestToOffer === b.requestToOffer &&
    a.offerToAccept === b.offerToAccept &&
    a.jobsCompleted === b.jobsCompleted &&
    a.jobsOnTime === b.jobsOnTime &&
    a.feedbackSum === b.feedbackSum &&
    a.feedbackCount === b.feedbackCount
  );
}

/**
 * One order's contribution to a bucket replaced: `out` (what it added before the event; null: it did not count
 * there) taken out and `into` added, in one step, so that a lead-time list is copied at most once per event.
 */
function moveOrder(bucket: KpiBucket, out: Contribution | null, into: Contribution | null): KpiBucket {
  const delta = (field: 'offered' | 'accepted' | 'lost' | 'jobsCompleted' | 'jobsOnTime' | 'feedbackSum' | 'feedbackCount') =>
    (into?.[field] ?? 0) - (out?.[field] ?? 0);
  let reasons = bucket.reasons;
  if (!sameReasons(out?.lossReasons ?? [], into?.lossReasons ?? [])) {
    const next: Record<string, number> = { ...bucket.reasons };
    for (const reason of out?.lossReasons ?? []) next[reason] = (next[reason] ?? 0) - 1;
    for (const reason of into?.lossReasons ?? []) next[reason] = (next[reason] ?? 0) + 1;
    for (const [key, value] of Object.entries(next)) if (value === 0) delete next[key];
    reasons = next;
  }
  const replace = (values: readonly number[], removed: number | null, added: number | null): readonly number[] => {
    if (removed === added) return values;
    const next = [...values];
    const index = removed === null ? -1 : next.indexOf(removed);
    if (index >= 0) next.splice(index, 1);
    if (added !== null) next.push(added);
    return next;
  };
  return {
    ...bucket,
    requests: bucket.requests + (into ? 1 : 0) - (out ? 1 : 0),
    offered: bucket.offered + delta('offered'),
    accepted: bucket.accepted + delta('accepted'),
    lost: bucket.lost + delta('lost'),
    reasons,
    requestToOffer: replace(bucket.requestToOffer, out?.requestToOffer ?? null, into?.requestToOffer ?? null),
    offerToAccept: replace(bucket.offerToAccept, out?.offerToAccept ?? null, into?.offerToAccept ?? null),
    jobsCompleted: bucket.jobsCompleted + delta('jobsCompleted'),
    jobsOnTime: bucket.jobsOnTime + delta('jobsOnTime'),
    feedbackSum: bucket.feedbackSum + delta('feedbackSum'),
    feedbackCount: bucket.feedbackCount + delta('feedbackCount'),
  };
}

function counts(f: DashboardOrderFacts | null): f is DashboardOrderFacts & { month: string } {
  return f !== null && f.month !== null && !f.gone;
}

function bucketKeys(f: DashboardOrderFacts & { month: string }): [string, KpiBucketView][] {
  const keys: [string, KpiBucketView][] = [[`${f.country}|${f.month}|internal`, 'internal']];
  if (f.external) keys.push([`${f.country}|${f.month}|external`, 'external']);
  return keys;
}

async function moveInBuckets(session: DocumentSession, before: DashboardOrderFacts | null, after: DashboardOrderFacts | null): Promise<void> {
  // Per bucket the order counts in, before the event and after it: what it contributed and what it contributes now.
  const moves = new Map<string, { country: string; month: string; view: KpiBucketView; out: Contribution | null; into: Contribution | null }>();
  for (const [facts, side] of [
    [before, 'out'],
    [after, 'into'],
  ] as const) {
    if (!counts(facts)) continue;
    const contribution = contributionOf(facts);
    for (const [key, view] of bucketKeys(facts)) {
      const move = moves.get(key) ?? { country: facts.country, month: facts.month, view, out: null, into: null };
      move[side] = contribution;
      moves.set(key, move);
    }
  }
  const buckets = session.collection<KpiBucket>(KPI_BUCKETS);
  for (const [key, { country, month, view, out, into }] of moves) {
    if (sameContribution(out, into)) continue;
    const stored = await buckets.get(key);
    const next = moveOrder(stored?.data ?? emptyBucket(country, month, view), out, into);
    await buckets.upsert(key, next, (stored?.revision ?? 0) + 1);
  }
}

/**
 * The KPI dashboard's buckets and the OEM dashboard's jobs: a read model of the orders projection, which folds the
 * order's domain state once per event for all its read models (D83). The facts carry the stream version they
 * reflect; a replayed event does not get here (the orders projection skips it), so no bucket moves twice.
 */
export const dashboardsReadModel: OrderReadModel<OrderDetailView> = {
  collections,
  async apply({ orderId, version, event, state }, session) {
    const factsCollection = session.collection<DashboardOrderFacts>(DASHBOARD_FACTS);
    const before = (await factsCollection.get(orderId))?.data ?? null;
    const facts = nextFacts(before, event, state);
    await factsCollection.upsert(orderId, facts, version);
    await moveInBuckets(session, before, facts);
  },
};
