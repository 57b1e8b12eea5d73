import { COUNTRY_CODES, ORDER_STATUSES, type OrderStatus } from '@onsite/domain';
import { ORDER_LIST_SORT_FIELDS, type OrderListSort } from '@onsite/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isPageSize, type PageSize } from '../../../components/TablePagination';
import type { OrderListRequest, OrderStatsParams } from '../../../lib/orders/order-keys';

export interface OrderHistoryState {
  page: number;
  pageSize: PageSize;
  /** Empty: every status. */
  statuses: OrderStatus[];
  /** Reference, location, city or service (the same search as the customers' list). */
  search: string;
  customer: string;
  endCustomer: string;
  /** Empty: every country the staff member looks after (the server keeps to those). */
  countries: string[];
  sort: OrderListSort | undefined;
}

const DEFAULT_SORT: OrderListSort = { field: 'updatedAt', direction: 'desc' };

/**
 * The order history's filters live in the URL (`?status=A,B&customer=…&endCustomer=…&countries=de,ch&page=2&size=25&sort=refId:asc`),
 * so back from an order, a reload or a shared link shows the same list.
 */
export function useOrderHistoryState() {
  const [params, setParams] = useSearchParams();

  const state = useMemo<OrderHistoryState>(() => {
    const statuses = (params.get('status') ?? '').split(',').filter((s): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s));
    const size = Number(params.get('size'));
    const page = Number(params.get('page'));
    const [field, direction] = (params.get('sort') ?? '').split(':');
    const sort =
      field && (ORDER_LIST_SORT_FIELDS as readonly string[]).includes(field) && (direction === 'asc' || direction === 'desc')
        ? ({ field, direction } as OrderListSort)
        : undefined;
    return {
      page: Number.isInteger(page) && page > 0 ? page : 1,
      pageSize: isPageSize(size) ? size : 10,
      statuses,
      search: params.get('q') ?? '',
      customer: params.get('customer') ?? '',
      endCustomer: params.get('endCustomer') ?? '',
      countries: (params.get('countries') ?? '').split(',').filter((c) => (COUNTRY_CODES as readonly string[]).includes(c)),
      sort,
    };
  }, [params]);

  const update = useCallback(
    (patch: Partial<OrderHistoryState>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
          if (patch.statuses) set('status', patch.statuses.join(','));
          if (patch.search !== undefined) set('q', patch.search);
          if (patch.customer !== undefined) set('customer', patch.customer);
          if (patch.endCustomer !== undefined) set('endCustomer', patch.endCustomer);
          if (patch.countries) set('countries', patch.countries.join(','));
          if (patch.pageSize !== undefined) set('size', patch.pageSize === 10 ? null : String(patch.pageSize));
          if ('sort' in patch) set('sort', patch.sort ? `${patch.sort.field}:${patch.sort.direction}` : null);
          // Any change but the page itself starts again on page 1.
          set('page', patch.page && patch.page > 1 ? String(patch.page) : null);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // What narrows the list and the stats cards alike (the status is the cards' own choice).
  const countriesKey = state.countries.join(',');
  const narrowing = useMemo(
    () => ({
      ...(state.customer.trim() ? { customer: state.customer.trim() } : {}),
      ...(state.endCustomer.trim() ? { endCustomer: state.endCustomer.trim() } : {}),
      ...(countriesKey ? { countries: countriesKey.split(',') } : {}),
    }),
    [state.customer, state.endCustomer, countriesKey],
  );

  const search = state.search.trim();
  const listRequest = useMemo<OrderListRequest>(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      filter: { ...narrowing, ...(state.statuses.length > 0 ? { status: state.statuses } : {}) },
      ...(search ? { search } : {}),
      sort: state.sort ?? DEFAULT_SORT,
    }),
    [state, narrowing, search],
  );
  const statsRequest = useMemo<OrderStatsParams>(() => ({ filter: narrowing, ...(search ? { search } : {}) }), [narrowing, search]);

  return { state, update, listRequest, statsRequest };
}
