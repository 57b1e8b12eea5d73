import { CUSTOMER_VISIBLE_STATUSES, customerMaySee, orderForCustomer, withoutInternalComment, type CustomerOrderView, type OrderFile } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import type { OrderScope } from '../order-scope.js';
import { ORDER_DETAILS, orderFilesOf, type OrderDetailView } from './order-detail.js';

/** Customers never see an order the provider is still preparing or has deleted; staff see their countries. */
function isVisibleIn(scope: OrderScope, detail: OrderDetailView): boolean {
  if (detail.deletedForever) return false;
  if (scope.kind === 'company') return detail.customer.companyId === scope.companyId && CUSTOMER_VISIBLE_STATUSES.includes(detail.status);
  return scope.countries.length === 0 || scope.countries.includes(detail.country);
}

/**
 * The order ids of references looked up lately. A reference is given to one order when it is created and never
 * changes, so the next look-up of the same reference is a read by id (which the embedded store answers from memory
 * until the document is written). Checked on every use: an id that no longer holds this reference (another store
 * in the same process, as in the tests) is looked up again by reference.
 */
const ORDER_ID_BY_REF = new Map<string, string>();
const REMEMBERED_REFS = 10_000;

async function detailByRef(store: DocumentSession, refId: string): Promise<OrderDetailView | null> {
  const details = store.collection<OrderDetailView>(ORDER_DETAILS);
  const knownId = ORDER_ID_BY_REF.get(refId);
  if (knownId !== undefined) {
    const known = (await details.get(knownId))?.data;
    if (known?.refId === refId) return known;
    ORDER_ID_BY_REF.delete(refId);
  }
  const [found] = await details.find({ filter: { refId }, limit: 1 });
  if (found) {
    ORDER_ID_BY_REF.set(refId, found._id);
    if (ORDER_ID_BY_REF.size > REMEMBERED_REFS) ORDER_ID_BY_REF.delete(ORDER_ID_BY_REF.keys().next().value!);
  }
  return found ?? null;
}

/** The order with this reference if the scope may see it; null otherwise (so existence does not leak). */
export async function findOrderDetail(store: DocumentSession, scope: OrderScope, by: { refId: string } | { orderId: string }): Promise<OrderDetailView | null> {
  const detail =
    'orderId' in by ? ((await store.collection<OrderDetailView>(ORDER_DETAILS).get(by.orderId))?.data ?? null) : await detailByRef(store, by.refId);
  return detail && isVisibleIn(scope, detail) ? detail : null;
}

/** Which of these human references an order (even one deleted forever) already has: one query for all of them. */
export async function takenRefIds(store: DocumentSession, refIds: readonly string[]): Promise<Set<string>> {
  if (refIds.length === 0) return new Set();
  const holders = await store.collection<OrderDetailView>(ORDER_DETAILS).find({ filter: { refId: refIds.length === 1 ? refIds[0]! : { in: refIds } } });
  return new Set(holders.map((detail) => detail.refId));
}

/** A stored file and an order holding it that the scope may see; null when the scope may see no such order. */
export async function findOrderFile(
  store: DocumentSession,
  scope: OrderScope,
  path: string,
): Promise<{ readonly orderId: string; readonly file: OrderFile } | null> {
  const holders = await store.collection<OrderDetailView>(ORDER_DETAILS).find({ filter: { filePaths: { has: path } } });
  const visible = holders.find((detail) => isVisibleIn(scope, detail));
  const file = visible && orderFilesOf(visible).find((candidate) => candidate.path === path);
  return visible && file ? { orderId: visible._id, file } : null;
}

export type CustomerOrderDetail = CustomerOrderView<OrderDetailView>;

/** The detail without staff-only data (the domain's customer view): financial information, the owner, internal comments and staff-only events. */
export function orderDetailForCustomer(detail: OrderDetailView): CustomerOrderDetail {
  return {
    ...orderForCustomer(detail),
    // Why a job was cancelled is the provider's word to its staff (D217).
    jobResult: detail.jobResult ? { ...detail.jobResult, cancellationReason: null } : null,
    events: detail.events.filter((row) => customerMaySee(row.event, row)).map(withoutInternalComment),
  };
}
