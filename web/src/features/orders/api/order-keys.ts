/** The parameters of `POST /api/order/list` (docs/api.md, Lists). */
export interface OrderListParams {
  page: number;
  pageSize: number;
  filter: { status?: string[] };
  search?: string;
  sort?: { field: string; direction: 'asc' | 'desc' };
}

/** Query keys of the order resource; mutations invalidate through these. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...orderKeys.lists(), params] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (refId: string) => [...orderKeys.details(), refId] as const,
};
