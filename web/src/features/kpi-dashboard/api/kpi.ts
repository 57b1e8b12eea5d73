import { KpiDrillSchema, KpiReportSchema, type KpiQuery, type LossReason } from '@onsite/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest, saveFile } from '../../../lib/api/api-client';

export type KpiParams = Pick<KpiQuery, 'from' | 'to' | 'view'> & { country?: string };

const kpiKeys = {
  all: ['kpi'] as const,
  report: (params: KpiParams) => ['kpi', 'report', params] as const,
  drill: (params: KpiParams, reason: LossReason) => ['kpi', 'drill', params, reason] as const,
};

function query(params: KpiParams, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams({ from: params.from, to: params.to, view: params.view, ...(params.country ? { country: params.country } : {}), ...extra });
  return search.toString();
}

/** The KPI figures of the period, summed on the server from the KPI read model. */
export function useKpiReport(params: KpiParams) {
  return useQuery({
    queryKey: kpiKeys.report(params),
    queryFn: ({ signal }) => apiRequest(`/kpi?${query(params)}`, { method: 'GET', schema: KpiReportSchema, signal, handledErrors: 'all' }),
    placeholderData: keepPreviousData,
  });
}

/** The orders behind one loss reason (the drill-down dialog). */
export function useKpiDrill(params: KpiParams, reason: LossReason | null) {
  return useQuery({
    queryKey: kpiKeys.drill(params, reason ?? 'OTHER'),
    queryFn: ({ signal }) => apiRequest(`/kpi/orders?${query(params, { reason: reason! })}`, { method: 'GET', schema: KpiDrillSchema, signal }),
    enabled: reason !== null,
  });
}

export function useExportKpi() {
  return useMutation({
    mutationFn: async (params: KpiParams) => {
      const { blob, fileName } = await apiDownload('/kpi/export', { body: params });
      saveFile(blob, fileName ?? 'onsite-kpi.xlsx');
    },
  });
}
