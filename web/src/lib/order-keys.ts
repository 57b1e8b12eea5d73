import type { OrderListFilter, OrderListSort } from '@onsite/domain';

/** The parameters of `POST /api/order/list` (docs/api.md, Lists). */
export interface OrderListRequest {
  page: number;
  pageSize: number;
  filter: OrderListFilter;
  search?: string;
  sort?: OrderListSort;
}

export interface OrderStatsParams {
  filter: Omit<OrderListFilter, 'status'>;
  search?: string;
}

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
