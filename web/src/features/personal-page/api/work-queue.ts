import { FailedExportsSchema, ORDER_STATUS_GROUPS, OrderListPageSchema, type OrderListItemData } from '@onsite/contracts';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import type { FailedExportsRequestSchema } from '@onsite/contracts';
import { apiRequest, type RequestBody } from '../../../lib/api/api-client';
import { orderQueryKeys, type OrderListRequest } from '../../../lib/orders/order-keys';

export type WorkItem = OrderListItemData;
export type WorkQueueName = 'quoteRequests' | 'expiringOffers' | 'failedExports' | 'jobsThisWeek' | 'changeRequests';

/** Offers expiring within this many hours are listed. */
export const EXPIRY_WINDOW_HOURS = 48;
/** Rows shown per queue (the most urgent); the count is every matching order. */
export const PAGE = 10;

const list = (params: OrderListRequest, signal: AbortSignal) => apiRequest('/order/list', { body: params, schema: OrderListPageSchema, signal });

/** The local wall-clock form of the order list's window filters. */
const local = (time: DateTime) => time.toFormat("yyyy-MM-dd'T'HH:mm:ss");

/**
 * Each queue is a query of the order list (scoped to the staff member's countries on the server): a filter, an
 * order, and for two of them a time window the server applies, so the count is every matching order. The window
 * is taken when the query runs, so a refetch (the updates stream, the refresh button) moves it on.
 */
const QUEUES: Record<WorkQueueName, (signal: AbortSignal) => Promise<{ items: WorkItem[]; total: number }>> = {
  quoteRequests: (signal) =>
    list({ page: 1, pageSize: PAGE, filter: { status: [...ORDER_STATUS_GROUPS.requests] }, sort: { field: 'requestedAt', direction: 'asc' } }, signal),
  expiringOffers: (signal) =>
    list(
      {
        page: 1,
        pageSize: PAGE,
        filter: { status: ['OFFERED'], offerExpiresBefore: DateTime.utc().plus({ hours: EXPIRY_WINDOW_HOURS }).toISO() },
        sort: { field: 'offerExpiresAt', direction: 'asc' },
      },
      signal,
    ),
  failedExports: async (signal) => {
    const { items } = await apiRequest('/order/failed-exports', {
      body: {} satisfies RequestBody<typeof FailedExportsRequestSchema>,
      schema: FailedExportsSchema,
      signal,
    });
    return { items, total: items.length };
  },
  // Service windows are the location's wall-clock times; the week is the calendar week (Monday to Sunday, D44).
  jobsThisWeek: (signal) => {
    const monday = DateTime.now().startOf('week');
    return list(
      {
        page: 1,
        pageSize: PAGE,
        filter: { status: ['ORDER_SUBMITTED', 'JOB_IN_PLANNING', 'JOB_PLANNED'], startsFrom: local(monday), startsBefore: local(monday.plus({ weeks: 1 })) },
        sort: { field: 'windowStart', direction: 'asc' },
      },
      signal,
    );
  },
  changeRequests: (signal) => list({ page: 1, pageSize: PAGE, filter: { hasChanges: true }, sort: { field: 'updatedAt', direction: 'asc' } }, signal),
};

export function useWorkQueue(name: WorkQueueName) {
  return useQuery({ queryKey: orderQueryKeys.work(name, {}), queryFn: ({ signal }) => QUEUES[name](signal), refetchInterval: 900_000 });
}
