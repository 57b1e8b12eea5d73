import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OrderListItemSchema, type OrderListItemData } from '@onsite/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys, type OrderListParams } from './order-keys';

/** One row of the order-list read model (the api's own contract). `firstStart` and the window are location-local. */
export const orderListItemSchema = OrderListItemSchema;
export type OrderListItem = OrderListItemData;

const orderListSchema = z.object({
  items: z.array(orderListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export function fetchOrderList(params: OrderListParams, signal?: AbortSignal): Promise<OrderList> {
  return apiRequest('/order/list', { body: params, schema: orderListSchema, signal });
}

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useOrderList(params: OrderListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => fetchOrderList(params, signal),
    placeholderData: keepPreviousData,
  });
}
