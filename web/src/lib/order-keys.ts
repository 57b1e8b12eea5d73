import type { ListOrdersRequestSchema, OrderStatsRequestSchema } from '@onsite/domain';
import type { RequestBody } from './api-client';

type ListOrdersBody = RequestBody<typeof ListOrdersRequestSchema>;
type OrderStatsBody = RequestBody<typeof OrderStatsRequestSchema>;

/** The parameters of `POST /api/order/list` (the domain's ListOrders request), page, size and filter always given. */
export type OrderListRequest = Omit<ListOrdersBody, 'onBehalfOfUserId'> & Required<Pick<ListOrdersBody, 'page' | 'pageSize' | 'filter'>>;

/** The parameters of `POST /api/order/stats` (the domain's OrderStatsRequest), the filter always given. */
export type OrderStatsParams = Omit<OrderStatsBody, 'onBehalfOfUserId'> & Required<Pick<OrderStatsBody, 'filter'>>;

/**
 * Query keys of the order resource for the staff screens; the same `['orders', …]` roots as the customer
 * screens use, so invalidating `orderQueryKeys.all` refreshes every order list, stats card and detail.
 */
export const orderQueryKeys = {
  all: ['orders'] as const,
  lists: () => [...orderQueryKeys.all, 'list'] as const,
  list: (params: OrderListRequest) => [...orderQueryKeys.lists(), params] as const,
  stats: (params: OrderStatsParams) => [...orderQueryKeys.all, 'stats', params] as const,
  work: (name: string, params: object) => [...orderQueryKeys.all, 'work', name, params] as const,
};
