import { statusesOfFilter, type OrderStatus } from '@onsite/domain';
import { type OrderListSort } from '@onsite/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isPageSize, type PageSize } from '../../../components/TablePagination';
import type { OrderListRequest } from '../../../lib/orders/order-keys';

/** The list's sort as the request takes it (a field the domain can sort by), parsed from the URL. */
export type SortState = OrderListSort | undefined;
/** A sort asked for by a table header (its column id); the URL keeps it, and reading it back keeps only sortable fields. */
type SortPatch = { field: string; direction: 'asc' | 'desc' } | undefined;

export interface OrderListState {
  page: number;
  pageSize: PageSize;
  statuses: string[];
  search: string;
  sort: SortState;
  /** The table, or the timeline (beta) of the same filtered orders. */
  view: 'table' | 'timeline';
}

const SORTABLE = ['refId', 'requestedAt', 'firstStart'] as const satisfies readonly OrderListSort['field'][];
const isSortable = (field: string): field is (typeof SORTABLE)[number] => (SORTABLE as readonly string[]).includes(field);

/** The list's state as the URL gives it; no `status` parameter: the defaults. */
export function listStateOf(params: URLSearchParams, defaultStatuses: readonly string[], allowed: readonly string[]): OrderListState {
  const rawStatus = params.get('status');
  const statuses = rawStatus === null ? [...defaultStatuses] : rawStatus.split(',').filter((s) => allowed.includes(s));
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  const [field, direction] = (params.get('sort') ?? '').split(':');
  const sort: SortState = field && isSortable(field) && (direction === 'asc' || direction === 'desc') ? { field, direction } : undefined;
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: isPageSize(size) ? size : 10,
    statuses,
    search: params.get('q') ?? '',
    sort,
    view: params.get('view') === 'timeline' ? 'timeline' : 'table',
  };
}

/** The table's request for a state. */
export function listRequestOf(state: OrderListState): OrderListRequest {
  return {
    page: state.page,
    pageSize: state.pageSize,
    filter: state.statuses.length > 0 ? { status: statusesOfFilter(state.statuses as OrderStatus[]) } : {},
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
  };
}

/** The same search over every status (its total tells how many orders the status filter hides). */
export function everyStatusRequestOf(request: OrderListRequest): OrderListRequest {
  return { page: 1, pageSize: 10, filter: {}, ...(request.search ? { search: request.search } : {}) };
}

/**
 * The list's filters live in the URL (`?status=A,B&q=…&page=2&size=25&sort=requestedAt:desc&view=timeline`), so back
 * from a detail page, a reload or a shared link shows the same list.
 */
export function useOrderListState(defaultStatuses: readonly string[], allowed: readonly string[]) {
  const [params, setParams] = useSearchParams();

  const state = useMemo(() => listStateOf(params, defaultStatuses, allowed), [params, defaultStatuses, allowed]);

  const update = useCallback(
    (patch: Partial<Omit<OrderListState, 'sort'> & { sort: SortPatch }>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
          if (patch.statuses) set('status', patch.statuses.join(','));
          if (patch.search !== undefined) set('q', patch.search || null);
          if (patch.pageSize !== undefined) set('size', patch.pageSize === 10 ? null : String(patch.pageSize));
          if ('sort' in patch) set('sort', patch.sort ? `${patch.sort.field}:${patch.sort.direction}` : null);
          if (patch.view) set('view', patch.view === 'timeline' ? 'timeline' : null);
          // Any change but the page itself starts again on page 1.
          set('page', patch.page && patch.page > 1 ? String(patch.page) : null);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const resetFilters = useCallback(() => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        ['status', 'q', 'page'].forEach((key) => next.delete(key));
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  const request = useMemo(() => listRequestOf(state), [state]);

  return { state, request, update, resetFilters };
}
