import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OrderListPageSchema, type OrderListPage, type OrderListRowData } from '@onsite/contracts';
import { apiRequest } from '../../../lib/api/api-client';
import { orderQueryKeys, type OrderListRequest } from '../../../lib/orders/order-keys';

/** One row of `POST /api/order/list` (the shared contract). `firstStart` and the window are location-local. */
export type OrderListItem = OrderListRowData;
export type OrderList = OrderListPage;

/** The list's endpoint (also sent early by the server's 'my service orders', D102). */
export const ORDER_LIST_PATH = '/order/list';

export function fetchOrderList(params: OrderListRequest, signal?: AbortSignal): Promise<OrderList> {
  return apiRequest(ORDER_LIST_PATH, { body: params, schema: OrderListPageSchema, signal });
}

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useOrderList(params: OrderListRequest) {
  return useQuery({
    queryKey: orderQueryKeys.list(params),
    queryFn: ({ signal }) => fetchOrderList(params, signal),
    placeholderData: keepPreviousData,
  });
}
