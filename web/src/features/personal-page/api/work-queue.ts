import { FailedExportsSchema, OrderListPageSchema, type OrderListItemData } from '@onsite/domain';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { apiRequest } from '../../../lib/api-client';
import { orderQueryKeys, type OrderListRequest } from '../../../lib/order-keys';

export type WorkItem = OrderListItemData;
export type WorkQueueName = 'quoteRequests' | 'expiringOffers' | 'failedExports' | 'jobsThisWeek' | 'changeRequests';

/** Offers expiring within this many hours are listed. */
export const EXPIRY_WINDOW_HOURS = 48;

const list = (params: OrderListRequest, signal: AbortSignal) => apiRequest('/order/list', { body: params, schema: OrderListPageSchema, signal });

/**
 * Each queue is the order list (scoped to the staff member's countries on the server) with a filter and an
 * order; the time windows (48 h, this week) are applied to the first 100 rows in that order.
 */
const QUEUES: Record<WorkQueueName, (signal: AbortSignal) => Promise<{ items: WorkItem[]; total: number }>> = {
  quoteRequests: (signal) => list({ page: 1, pageSize: 100, filter: { status: ['REQUESTED_QUOTE', 'REOPENED'] }, sort: { field: 'requestedAt', direction: 'asc' } }, signal),
  expiringOffers: async (signal) => {
    const page = await list({ page: 1, pageSize: 100, filter: { status: ['OFFERED'] }, sort: { field: 'offerExpiresAt', direction: 'asc' } }, signal);
    const limit = DateTime.now().plus({ hours: EXPIRY_WINDOW_HOURS });
    const items = page.items.filter((o) => o.offerExpiresAt && DateTime.fromISO(o.offerExpiresAt) <= limit);
    return { items, total: items.length };
  },
  failedExports: async (signal) => {
    const { items } = await apiRequest('/order/failed-exports', { body: {}, schema: FailedExportsSchema, signal });
    return { items, total: items.length };
  },
  jobsThisWeek: async (signal) => {
    const page = await list({ page: 1, pageSize: 100, filter: { status: ['ORDER_SUBMITTED', 'JOB_IN_PLANNING', 'JOB_PLANNED'] }, sort: { field: 'firstStart', direction: 'asc' } }, signal);
    // firstStart is the location's wall-clock time; the week is the calendar week (Monday to Sunday, spec 9).
    const from = DateTime.now().startOf('week');
    const to = from.plus({ weeks: 1 });
    const items = page.items.filter((o) => {
      if (!o.firstStart) return false;
      const start = DateTime.fromISO(o.firstStart);
      return start >= from && start < to;
    });
    return { items, total: items.length };
  },
  changeRequests: (signal) => list({ page: 1, pageSize: 100, filter: { hasChanges: true }, sort: { field: 'updatedAt', direction: 'asc' } }, signal),
};

export function useWorkQueue(name: WorkQueueName) {
  return useQuery({ queryKey: orderQueryKeys.work(name, {}), queryFn: ({ signal }) => QUEUES[name](signal), refetchInterval: 900_000 });
}
