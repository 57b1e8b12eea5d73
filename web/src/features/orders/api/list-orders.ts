import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys, type OrderListParams } from './order-keys';

/** One row of the order-list read model. `firstStart` is location-local, `requestedAt` an instant. */
export const orderListItemSchema = z.object({
  _id: z.string(),
  refId: z.string(),
  status: z.string(),
  creationType: z.string().nullish(),
  customerName: z.string().nullish(),
  locationName: z.string().nullish(),
  city: z.string().nullish(),
  country: z.string().nullish(),
  serviceNames: z.array(z.string()).nullish(),
  serviceIds: z.array(z.string()).nullish(),
  requestedAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
  firstStart: z.string().nullish(),
  timeZone: z.string().nullish(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

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
