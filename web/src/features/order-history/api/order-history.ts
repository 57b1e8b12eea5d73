import { DeleteOrdersResultSchema, OrderListPageSchema, OrderStatsSchema, type DeleteSelectedOrders } from '@onsite/contracts';
import type { DeleteOrdersRequestSchema, OrderExportRequestSchema } from '@onsite/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest, saveFile, type RequestBody } from '../../../lib/api/api-client';
import { orderQueryKeys, type OrderListRequest, type OrderStatsParams } from '../../../lib/orders/order-keys';

export type { OrderListRowData as OrderHistoryRow } from '@onsite/contracts';

/** A page of the orders the staff member may see (their country filter applies on the server). */
export function useOrderHistory(params: OrderListRequest) {
  return useQuery({
    queryKey: orderQueryKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/order/list', { body: params, schema: OrderListPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The stats cards: counts per status for the same search as the table. */
export function useOrderStats(params: OrderStatsParams) {
  return useQuery({
    queryKey: orderQueryKeys.stats(params),
    queryFn: ({ signal }) => apiRequest('/order/stats', { body: params, schema: OrderStatsSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Bulk delete of the selected orders; every order list and the stats refresh afterwards. */
export function useDeleteOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteSelectedOrders) =>
      apiRequest('/order/removeMany', { body: body satisfies RequestBody<typeof DeleteOrdersRequestSchema>, schema: DeleteOrdersResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}

const EXPORT_FALLBACK_NAME = 'onsite-orders.xlsx';

/** The whole filtered list as an Excel file, saved by the browser. */
export function useExportOrders() {
  return useMutation({
    mutationFn: async (body: RequestBody<typeof OrderExportRequestSchema>) => {
      const { blob, fileName } = await apiDownload('/order/export', { body });
      saveFile(blob, fileName ?? EXPORT_FALLBACK_NAME);
    },
  });
}
