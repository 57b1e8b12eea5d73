import { canSeeSupervisors, isStaff, normalizeCouponCode, notFound, orderCouponCheck, type Actor, type OrderCouponCheck } from '@onsite/domain';
import type { DocumentStore } from '@onsite/infrastructure';
import { findCoupon, findOrderDetail, orderDetailForCustomer, userNames, type OrderDetailView, type OrderEventRow } from '@onsite/projections';
import { JOB_EXPORTS_COLLECTION, type JobExportRecord } from '@onsite/workers';
import { orderScopeOf } from './order-scope.js';

type Person = { readonly userId: string; readonly name: string };
type OrderEventEntry = Omit<OrderEventRow, 'authorUserId' | 'onBehalfOfUserId'> & { readonly author: Person; readonly onBehalfOf: Person | null };
export type OrderDetailResponse = Omit<OrderDetailView, 'events'> & {
  readonly events: readonly OrderEventEntry[];
  /** The job's supervisors by name, for those who may see them (staff, OEM customers); empty for everyone else. */
  readonly supervisors: readonly Person[];
  /** Staff only: where the job specification's export to the planning tool stands (null: none, or not staff). */
  readonly jobExport: JobExportStatus | null;
  /** Staff only: the coupon judged at the time of the quote request (null: no coupon, or not staff; D201). */
  readonly couponCheck: OrderCouponCheck | null;
};

/** The order's coupon judged at the time of its quote request, in its country (D201). */
async function couponCheckOf(store: DocumentStore, detail: OrderDetailView): Promise<OrderCouponCheck | null> {
  const code = detail.content.couponCode?.trim();
  if (!code) return null;
  return orderCouponCheck(code, await findCoupon(store, normalizeCouponCode(code)), detail.country, detail.requestedAt);
}

export interface JobExportStatus {
  readonly status: JobExportRecord['status'];
  readonly attempts: number;
  readonly lastError: string | null;
  readonly updatedAt: string;
}

/** The latest export of the order's job specification, from the export worker's own records. */
async function jobExportOf(store: DocumentStore, orderId: string): Promise<JobExportStatus | null> {
  const records = await store
    .collection<JobExportRecord>(JOB_EXPORTS_COLLECTION)
    .find({ filter: { orderId } })
    // Without a planning tool the worker's collection does not exist: nothing to report.
    .catch(() => [] as JobExportRecord[]);
  const latest = [...records].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)).at(-1);
  return latest ? { status: latest.status, attempts: latest.attempts, lastError: latest.lastError ?? null, updatedAt: latest.updatedAt } : null;
}

/** Authors that are not users: the system's own work and the planning tool's reports. */
const NON_USER_AUTHORS: Readonly<Record<string, string>> = { system: 'Onsite', 'planning-tool': 'Planning tool' };

type OrderKey = { refId: string } | { orderId: string };

/** The order's read model if the caller may see it; 404 otherwise, so that existence does not leak. */
export async function visibleOrder(store: DocumentStore, actor: Actor, by: OrderKey): Promise<OrderDetailView> {
  const found = await findOrderDetail(store, orderScopeOf(actor), by);
  if (!found) throw notFound('You do not have access to this order, or it does not exist.');
  return found;
}

/**
 * The order detail as this caller may see it, with named authors in the events table: staff see everything,
 * customers (and staff acting on behalf of one) the customer view. 404 when the caller may not see the order.
 */
export async function orderDetailFor(store: DocumentStore, actor: Actor, by: OrderKey): Promise<OrderDetailResponse> {
  return presentOrderDetail(store, actor, await visibleOrder(store, actor, by));
}

/** A detail as this caller may see it (customers: the customer view), with named authors in the events table. */
export async function presentOrderDetail(store: DocumentStore, actor: Actor, found: OrderDetailView): Promise<OrderDetailResponse> {
  const staffView = isStaff(actor) && !actor.onBehalfOf;
  const detail: OrderDetailView = staffView ? found : orderDetailForCustomer(found);
  const supervisorIds = canSeeSupervisors(actor) ? detail.supervisorUserIds : [];
  const names = await userNames(store, [
    ...detail.events.flatMap((e) => [e.authorUserId, ...(e.onBehalfOfUserId ? [e.onBehalfOfUserId] : [])]),
    ...supervisorIds,
  ]);
  const person = (userId: string): Person => ({ userId, name: names.get(userId) ?? NON_USER_AUTHORS[userId] ?? '' });
  return {
    ...detail,
    supervisors: supervisorIds.map(person),
    jobExport: staffView && detail.job ? await jobExportOf(store, detail._id) : null,
    couponCheck: staffView ? await couponCheckOf(store, detail) : null,
    events: detail.events.map(({ authorUserId, onBehalfOfUserId, ...row }) => ({
      ...row,
      author: person(authorUserId),
      onBehalfOf: onBehalfOfUserId ? person(onBehalfOfUserId) : null,
    })),
  };
}
