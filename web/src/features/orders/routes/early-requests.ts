import type { EarlyRequestSpec } from '../../../lib/api/early-requests';
import { queryClient } from '../../../lib/api/query-client';
import { fetchOrderList, ORDER_LIST_PATH, type OrderList } from '../api/list-orders';
import { orderQueryKeys, type OrderListRequest } from '../../../lib/orders/order-keys';
import { statusFilterFor } from '../components/order-status';
import { everyStatusRequestOf, listRequestOf, listStateOf } from '../components/useOrderListState';

/** The list's two first requests when the URL has no filter (a customer's defaults; staff are sent to their own page). */
function firstListRequests(): [list: OrderListRequest, everyStatus: OrderListRequest] {
  const { options, defaults } = statusFilterFor('EC');
  const request = listRequestOf(listStateOf(new URLSearchParams(), defaults, options));
  return [request, everyStatusRequestOf(request)];
}

/**
 * The lists 'my service orders' asks for first when its URL has no filter: the server's page sends the same requests
 * while the console's scripts load (D102). Built by the list's own functions, so the bodies are the ones the list sends.
 */
export function serviceOrdersEarlyRequests(): EarlyRequestSpec[] {
  const [list, everyStatus] = firstListRequests();
  return [
    { path: ORDER_LIST_PATH, body: list, kind: 'list' },
    { path: ORDER_LIST_PATH, body: everyStatus, kind: 'every-status' },
  ];
}

/**
 * Answers to those two requests of a user with no order at all, as the query cache keeps them. The build seeds them to
 * draw the page's empty state (D103).
 */
export function emptyServiceOrdersAnswers(): { queryKey: readonly unknown[]; data: OrderList }[] {
  return firstListRequests().map((request) => ({
    queryKey: orderQueryKeys.list(request),
    data: { items: [], total: 0, totalCapped: false, page: request.page, pageSize: request.pageSize },
  }));
}

/**
 * On the page the server drew for a signed-in visitor, whose first answers public/server-page.js asked for while the
 * scripts loaded (D102): those answers, in the query cache before the page's first render. The console's first commit
 * then draws the list (its rows, or the empty state the server's page may already show, D103), not its loading rows.
 */
export function firstListsAskedEarly(): Promise<void> | undefined {
  // Sent only for the page without a query (public/server-page.js); a first visit with filters asks for other lists.
  if (typeof window === 'undefined' || !window.onsiteEarlyRequests || window.location.search !== '') return undefined;
  // Not retried here: a failed answer ends the wait at once, and the list's own query asks again as it mounts.
  const prefetch = (params: OrderListRequest) =>
    queryClient.prefetchQuery({ queryKey: orderQueryKeys.list(params), queryFn: ({ signal }) => fetchOrderList(params, signal), retry: false });
  return Promise.all(firstListRequests().map(prefetch)).then(() => undefined);
}
