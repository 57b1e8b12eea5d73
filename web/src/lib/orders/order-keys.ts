import type { ListOrdersRequestSchema, OrderStatsRequestSchema } from '@onsite/contracts';
import type { RequestBody } from '../api/api-client';

type ListOrdersBody = RequestBody<typeof ListOrdersRequestSchema>;
type OrderStatsBody = RequestBody<typeof OrderStatsRequestSchema>;

/** The parameters of `POST /api/order/list` (the domain's ListOrders request), page, size and filter always given. */
export type OrderListRequest = Omit<ListOrdersBody, 'onBehalfOfUserId'> & Required<Pick<ListOrdersBody, 'page' | 'pageSize' | 'filter'>>;

/** The parameters of `POST /api/order/stats` (the domain's OrderStatsRequest), the filter always given. */
export type OrderStatsParams = Omit<OrderStatsBody, 'onBehalfOfUserId'> & Required<Pick<OrderStatsBody, 'filter'>>;

/**
 * Every query key of the order resource. All start with `['orders']`, so invalidating `orderQueryKeys.all` refreshes
 * every order list, stats card, work queue and detail; the live updates refresh a changed order's detail by its
 * reference (`detail(refId)` and every key under it).
 */
export const orderQueryKeys = {
  all: ['orders'] as const,
  lists: () => [...orderQueryKeys.all, 'list'] as const,
  list: (params: OrderListRequest) => [...orderQueryKeys.lists(), params] as const,
  stats: (params: OrderStatsParams) => [...orderQueryKeys.all, 'stats', params] as const,
  works: () => [...orderQueryKeys.all, 'work'] as const,
  work: (name: string, params: object) => [...orderQueryKeys.works(), name, params] as const,
  actionRequired: () => [...orderQueryKeys.all, 'action-required'] as const,
  details: () => [...orderQueryKeys.all, 'detail'] as const,
  detail: (refId: string) => [...orderQueryKeys.details(), refId] as const,
  /** The order as it was at a moment (the history's time travel). */
  detailAsOf: (refId: string, moment: object) => [...orderQueryKeys.detail(refId), 'asOf', moment] as const,
  /** The saved order an ordering form resumes (its own read, never polled). */
  editing: (refId: string) => [...orderQueryKeys.detail(refId), 'ordering'] as const,
};

/** Whether a query key belongs to the order resource, and which order's detail it is (null for a list, stats, …). */
export function orderKeyOf(queryKey: readonly unknown[]): { detailOf: string | null } | null {
  if (queryKey[0] !== orderQueryKeys.all[0]) return null;
  return { detailOf: queryKey[1] === 'detail' ? String(queryKey[2]) : null };
}
