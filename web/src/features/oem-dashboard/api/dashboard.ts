import { DashboardReportSchema, type DashboardQuery } from '@onsite/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

export type DashboardParams = Pick<DashboardQuery, 'from' | 'to'> & { country?: string; account?: string };

/** The OEM dashboard's figures for the filters (the server scopes them to the caller's accounts). */
export function useDashboard(params: DashboardParams) {
  return useQuery({
    queryKey: ['oem-dashboard', params] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        from: params.from,
        to: params.to,
        ...(params.country ? { country: params.country } : {}),
        ...(params.account ? { account: params.account } : {}),
      });
      return apiRequest(`/dashboard?${search.toString()}`, { method: 'GET', schema: DashboardReportSchema, signal, handledErrors: 'all' });
    },
    placeholderData: keepPreviousData,
  });
}
