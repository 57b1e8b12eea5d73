import type { OrderListRequest } from '../../../lib/order-keys';

/** The parameters of `POST /api/order/list`: the domain's ListOrders request (lib/order-keys). */
export type OrderListParams = OrderListRequest;

/** Query keys of the order resource; mutations invalidate through these. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...orderKeys.lists(), params] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (refId: string) => [...orderKeys.details(), refId] as const,
};
