import { ORDER_EVENT_AUDIENCE, type OrderEventType, type OrderStatus } from '@onsite/domain';
import type { DocumentSession, Filter } from '@onsite/infrastructure';
import { ORDER_DETAILS, ORDER_LIST } from './orders.projection.js';
import type { OrderDetailView, OrderEventRow, OrderListItem } from './order-views.js';

/**
 * What a caller may see: customers their own company's orders; staff every order, or only those of the
 * countries in their country filter.
 */
export type OrderScope = { readonly kind: 'company'; readonly companyId: string } | { readonly kind: 'staff'; readonly countries: readonly string[] };

export const ORDER_SORT_FIELDS = ['updatedAt', 'createdAt', 'requestedAt', 'refId', 'status', 'customerName', 'firstStart'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

export interface OrderListQuery {
  readonly page: number;
  readonly pageSize: number;
  readonly statuses?: readonly OrderStatus[];
  readonly search?: string;
  /** Staff only: narrows to customers whose name contains this. */
  readonly customer?: string;
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

export async function listOrders(store: DocumentSession, scope: OrderScope, query: OrderListQuery): Promise<Page<OrderListItem>> {
  const and: Filter[] = [scopeFilter(scope)];
  if (query.statuses && query.statuses.length > 0) and.push({ status: { in: [...query.statuses] } });
  const search = query.search?.trim();
  if (search) {
    and.push({ $or: [{ refId: { contains: search } }, { customerName: { contains: search } }, { locationName: { contains: search } }, { city: { contains: search } }] });
  }
  const customer = query.customer?.trim();
  if (customer && scope.kind === 'staff') and.push({ customerName: { contains: customer } });
  const filter: Filter = { $and: and };
  const orders = store.collection<OrderListItem>(ORDER_LIST);
  const [items, total] = await Promise.all([
    orders.find({
      filter,
      sort: [{ path: query.sort.field, direction: query.sort.direction }, { path: 'refId', direction: 'asc' }],
      skip: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
    orders.count(filter),
  ]);
  const visible = scope.kind === 'staff' ? items : items.map(({ ownerUserId: _owner, ...item }) => ({ ...item, ownerUserId: null }));
  return { items: visible, total, page: query.page, pageSize: query.pageSize };
}

/** The order with this reference if the scope may see it; null otherwise (so existence does not leak). */
export async function findOrderDetail(store: DocumentSession, scope: OrderScope, by: { refId: string } | { orderId: string }): Promise<OrderDetailView | null> {
  const details = store.collection<OrderDetailView>(ORDER_DETAILS);
  const detail = 'orderId' in by ? (await details.get(by.orderId))?.data ?? null : ((await details.find({ filter: { refId: by.refId }, limit: 1 }))[0] ?? null);
  if (!detail || detail.deletedForever) return null;
  if (scope.kind === 'company' && detail.customer.companyId !== scope.companyId) return null;
  if (scope.kind === 'staff' && scope.countries.length > 0 && !scope.countries.includes(detail.country)) return null;
  return detail;
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
