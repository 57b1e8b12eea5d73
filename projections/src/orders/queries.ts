import { CUSTOMER_ACTIONS, CUSTOMER_VISIBLE_STATUSES, ORDER_EVENT_AUDIENCE, ORDER_LIST_SORT_FIELDS, ORDER_STATUSES, type OrderEventType, type OrderFile, type OrderStatus } from '@onsite/domain';
import type { DocumentSession, Filter } from '@onsite/infrastructure';
import { ORDER_COUNTS, ORDER_DETAILS, ORDER_LIST, type OrderCount } from './orders.projection.js';
import { orderFilesOf, type OrderDetailView, type OrderEventRow, type OrderListItem } from './order-views.js';

/**
 * What a caller may see: customers their own company's orders; staff every order, or only those of the
 * countries in their country filter.
 */
export type OrderScope = { readonly kind: 'company'; readonly companyId: string } | { readonly kind: 'staff'; readonly countries: readonly string[] };

export const ORDER_SORT_FIELDS = ORDER_LIST_SORT_FIELDS;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/** Orders staff are still preparing, and deleted ones, are not the customer's to see. */
export { CUSTOMER_VISIBLE_STATUSES };

/** Which of the visible orders a list or a bulk action covers. */
export interface OrderCriteria {
  readonly statuses?: readonly OrderStatus[];
  readonly search?: string;
  /** Staff only: narrows to customers whose name contains this. */
  readonly customer?: string;
  /** Staff only: narrows to end customers whose name contains this. */
  readonly endCustomer?: string;
  readonly orderIds?: readonly string[];
  readonly hasChanges?: boolean;
  /** Staff only: narrows their scope to these countries (an empty intersection finds nothing). */
  readonly countries?: readonly string[];
  /** Orders whose open offer expires before this instant. */
  readonly offerExpiresBefore?: string;
  /** Orders whose service window starts in [startsFrom, startsBefore), local wall-clock times. */
  readonly startsFrom?: string;
  readonly startsBefore?: string;
}

export interface OrderListQuery extends OrderCriteria {
  readonly page: number;
  readonly pageSize: number;
  readonly sort: { readonly field: OrderSortField; readonly direction: 'asc' | 'desc' };
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

function scopeFilter(scope: OrderScope): Filter {
  if (scope.kind === 'company') return { companyId: scope.companyId };
  return scope.countries.length > 0 ? { country: { in: [...scope.countries] } } : {};
}

function orderListFilter(scope: OrderScope, criteria: OrderCriteria): Filter {
  const and: Filter[] = [scopeFilter(scope)];
  // Every status is no filter (staff): asking the database to check it would only cost a read of every row.
  const statuses = criteria.statuses ?? [];
  if (statuses.length > 0 && !ORDER_STATUSES.every((status) => statuses.includes(status))) and.push({ status: { in: [...statuses] } });
  if (criteria.orderIds) and.push({ _id: { in: [...criteria.orderIds] } });
  if (criteria.hasChanges !== undefined) and.push({ hasChanges: criteria.hasChanges });
  if (criteria.countries?.length && scope.kind === 'staff') and.push({ country: { in: [...criteria.countries] } });
  if (criteria.offerExpiresBefore) and.push({ offerExpiresAt: { lt: criteria.offerExpiresBefore, date: true } });
  // Local times in one format (YYYY-MM-DDTHH:mm:ss) order as text.
  if (criteria.startsFrom) and.push({ windowStart: { gte: criteria.startsFrom } });
  if (criteria.startsBefore) and.push({ windowStart: { lt: criteria.startsBefore } });
  const search = criteria.search?.trim();
  if (search) {
    and.push({ $or: [{ refId: { contains: search } }, { customerName: { contains: search } }, { locationName: { contains: search } }, { city: { contains: search } }] });
  }
  const customer = criteria.customer?.trim();
  if (customer && scope.kind === 'staff') and.push({ customerName: { contains: customer } });
  const endCustomer = criteria.endCustomer?.trim();
  if (endCustomer && scope.kind === 'staff') and.push({ endCustomerName: { contains: endCustomer } });
  return { $and: and };
}

export async function listOrders(store: DocumentSession, scope: OrderScope, query: OrderListQuery): Promise<Page<OrderListItem>> {
  const filter = orderListFilter(scope, query);
  const orders = store.collection<OrderListItem>(ORDER_LIST);
  const [items, total] = await Promise.all([
    orders.find({
      filter,
      sort: [{ path: query.sort.field, direction: query.sort.direction }, { path: 'refId', direction: 'asc' }],
      skip: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
    countOrders(store, scope, query),
  ]);
  const visible = scope.kind === 'staff' ? items : items.map(({ ownerUserId: _owner, ...item }) => ({ ...item, ownerUserId: null }));
  return { items: visible, total, page: query.page, pageSize: query.pageSize };
}

/**
 * How many visible orders meet the criteria: a sum of the projection's counts when only the scope and the statuses
 * narrow them (reading a few count documents instead of every order), a count of the list otherwise.
 */
async function countOrders(store: DocumentSession, scope: OrderScope, criteria: OrderCriteria): Promise<number> {
  if (narrowsBeyondCounts(scope, criteria)) return store.collection<OrderListItem>(ORDER_LIST).count(orderListFilter(scope, criteria));
  const filter: Filter[] = [scopeFilter(scope)];
  if (criteria.statuses && criteria.statuses.length > 0) filter.push({ status: { in: [...criteria.statuses] } });
  if (criteria.countries?.length && scope.kind === 'staff') filter.push({ country: { in: [...criteria.countries] } });
  const counts = await store.collection<OrderCount>(ORDER_COUNTS).find({ filter: { $and: filter } });
  return counts.reduce((sum, entry) => sum + entry.count, 0);
}

/**
 * Whether the criteria narrow the list by more than the counts are kept by (company, country, status). Every
 * criterion not named here narrows, so a criterion added later is counted exactly until the counts learn it.
 */
function narrowsBeyondCounts(scope: OrderScope, criteria: OrderCriteria): boolean {
  const { statuses: _statuses, countries: _countries, search, customer, endCustomer, ...others } = criteria;
  if (search?.trim()) return true;
  if (scope.kind === 'staff' && (customer?.trim() || endCustomer?.trim())) return true;
  return Object.values(others).some((value) => value !== undefined);
}

/**
 * The orders waiting for their customer (an offer to decide on, a PO number to add, feedback to give, a draft or
 * a change to finish): the oldest first, at most `limit`.
 */
export async function listActionRequired(store: DocumentSession, scope: OrderScope, limit = 50): Promise<readonly OrderListItem[]> {
  const filter: Filter = { $and: [scopeFilter(scope), { status: { in: [...CUSTOMER_VISIBLE_STATUSES] } }, { $or: CUSTOMER_ACTIONS.map((action) => ({ actionRequired: { has: action } })) }] };
  const items = await store.collection<OrderListItem>(ORDER_LIST).find({ filter, sort: [{ path: 'updatedAt', direction: 'asc' }, { path: 'refId', direction: 'asc' }], limit });
  return items.map(({ ownerUserId: _owner, ...item }) => ({ ...item, ownerUserId: null }));
}

/** How many of the visible orders meeting the criteria (statuses aside) have each status: the stats cards. */
export async function countOrdersByStatus(
  store: DocumentSession,
  scope: OrderScope,
  criteria: Omit<OrderCriteria, 'statuses'>,
  statuses: readonly OrderStatus[] = scope.kind === 'staff' ? ORDER_STATUSES : CUSTOMER_VISIBLE_STATUSES,
): Promise<{ total: number; byStatus: Partial<Record<OrderStatus, number>> }> {
  const counts = await Promise.all(statuses.map(async (status) => [status, await countOrders(store, scope, { ...criteria, statuses: [status] })] as const));
  const byStatus: Partial<Record<OrderStatus, number>> = {};
  let total = 0;
  for (const [status, count] of counts) {
    if (count === 0) continue;
    byStatus[status] = count;
    total += count;
  }
  return { total, byStatus };
}

/**
 * Every visible order meeting the criteria, in the list's order, one page of the read store at a time:
 * an export of 100,000 orders never holds more than one page in memory.
 */
export async function* eachOrderPage(
  store: DocumentSession,
  scope: OrderScope,
  query: OrderCriteria & { readonly sort: OrderListQuery['sort'] },
  pageSize = 1000,
): AsyncGenerator<readonly OrderListItem[]> {
  const filter = orderListFilter(scope, query);
  const orders = store.collection<OrderListItem>(ORDER_LIST);
  for (let skip = 0; ; skip += pageSize) {
    const page = await orders.find({ filter, sort: [{ path: query.sort.field, direction: query.sort.direction }, { path: 'refId', direction: 'asc' }], skip, limit: pageSize });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
  }
}

/** The ids of every order in the scope that meets the criteria, for bulk actions. */
export async function findOrderIds(store: DocumentSession, scope: OrderScope, criteria: OrderCriteria): Promise<string[]> {
  const orders = await store.collection<OrderListItem>(ORDER_LIST).find({ filter: orderListFilter(scope, criteria), sort: [{ path: 'refId', direction: 'asc' }] });
  return orders.map((order) => order._id);
}

/** Customers never see an order the provider is still preparing or has deleted; staff see their countries. */
function isVisibleIn(scope: OrderScope, detail: OrderDetailView): boolean {
  if (detail.deletedForever) return false;
  if (scope.kind === 'company') return detail.customer.companyId === scope.companyId && CUSTOMER_VISIBLE_STATUSES.includes(detail.status);
  return scope.countries.length === 0 || scope.countries.includes(detail.country);
}

/** The order with this reference if the scope may see it; null otherwise (so existence does not leak). */
export async function findOrderDetail(store: DocumentSession, scope: OrderScope, by: { refId: string } | { orderId: string }): Promise<OrderDetailView | null> {
  const details = store.collection<OrderDetailView>(ORDER_DETAILS);
  const detail = 'orderId' in by ? (await details.get(by.orderId))?.data ?? null : ((await details.find({ filter: { refId: by.refId }, limit: 1 }))[0] ?? null);
  return detail && isVisibleIn(scope, detail) ? detail : null;
}

/** Whether an order (even one deleted forever) already has this human reference. */
export async function isRefIdTaken(store: DocumentSession, refId: string): Promise<boolean> {
  return (await store.collection<OrderDetailView>(ORDER_DETAILS).count({ refId })) > 0;
}

/** A stored file and an order holding it that the scope may see; null when the scope may see no such order. */
export async function findOrderFile(store: DocumentSession, scope: OrderScope, path: string): Promise<{ readonly orderId: string; readonly file: OrderFile } | null> {
  const holders = await store.collection<OrderDetailView>(ORDER_DETAILS).find({ filter: { filePaths: { has: path } } });
  const visible = holders.find((detail) => isVisibleIn(scope, detail));
  const file = visible && orderFilesOf(visible).find((candidate) => candidate.path === path);
  return visible && file ? { orderId: visible._id, file } : null;
}

export type CustomerOrderDetail = Omit<OrderDetailView, 'financialInfo' | 'ownerUserId'> & { readonly financialInfo: null; readonly ownerUserId: null };

/** The detail without staff-only data: financial information, the owner, internal comments and staff-only events. */
export function orderDetailForCustomer(detail: OrderDetailView): CustomerOrderDetail {
  return {
    ...detail,
    financialInfo: null,
    ownerUserId: null,
    offers: detail.offers.map(({ internalComment: _staffOnly, ...offer }) => offer),
    events: detail.events.filter(customerMaySee).map(stripInternal),
  };
}

/** Staff-only events are hidden, and so is a comment that is only internal. */
function customerMaySee(row: OrderEventRow): boolean {
  if (ORDER_EVENT_AUDIENCE[row.event as OrderEventType] === 'staff') return false;
  return !(row.event === 'COMMENT' && row.externalComment === undefined);
}

function stripInternal({ internalComment: _staffOnly, ...row }: OrderEventRow): OrderEventRow {
  return row;
}
