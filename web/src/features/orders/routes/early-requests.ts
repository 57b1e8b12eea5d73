import type { EarlyRequestSpec } from '../../../lib/early-requests';
import { ORDER_LIST_PATH } from '../api/list-orders';
import { statusFilterFor } from '../components/order-status';
import { everyStatusRequestOf, listRequestOf, listStateOf } from '../components/useOrderListState';

/**
 * The lists 'my service orders' asks for first when its URL has no filter, for a customer (staff are sent on to their
 * own page): the server's page sends the same requests while the console's scripts load (D102). Built by the list's own
 * functions, so the bodies are the ones the list sends.
 */
export function serviceOrdersEarlyRequests(): EarlyRequestSpec[] {
  const { options, defaults } = statusFilterFor('EC');
  const request = listRequestOf(listStateOf(new URLSearchParams(), defaults, options));
  return [request, everyStatusRequestOf(request)].map((body) => ({ path: ORDER_LIST_PATH, body }));
}
