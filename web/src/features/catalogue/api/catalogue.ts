import { type SegmentInput, type ServiceInput } from '@onsite/domain';
import { CatalogueChangeSchema, ManagedCatalogueSchema, PriceImportResultSchema, type ManagedSegmentView, type ManagedServiceView } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDownload, apiRequest, saveFile } from '../../../lib/api/api-client';
import { catalogueKeys } from '../../../lib/catalogue';

export type ManagedSegment = ManagedSegmentView;
export type ManagedService = ManagedServiceView;
export type CatalogueItemKind = 'segment' | 'service';

export const catalogueAdminKeys = {
  all: ['catalogue-admin'] as const,
  list: () => [...catalogueAdminKeys.all, 'list'] as const,
  history: (kind: CatalogueItemKind, id: string) => [...catalogueAdminKeys.all, 'history', kind, id] as const,
};

export type { CatalogueChange } from '@onsite/contracts';

/** Every segment and service in any status (staff). */
export function useManagedCatalogue() {
  return useQuery({
    queryKey: catalogueAdminKeys.list(),
    queryFn: ({ signal }) => apiRequest('/catalogue/manage', { method: 'GET', schema: ManagedCatalogueSchema, signal }),
  });
}

const HISTORY_PATHS = { segment: '/catalogue/history/segment/', service: '/catalogue/history/service/' } as const;

/** One segment's or service's changes, newest first, read when its history is opened. */
export function useCatalogueHistory(kind: CatalogueItemKind, id: string) {
  return useQuery({
    queryKey: catalogueAdminKeys.history(kind, id),
    queryFn: ({ signal }) => apiRequest(`${HISTORY_PATHS[kind]}${encodeURIComponent(id)}`, { method: 'GET', schema: z.array(CatalogueChangeSchema), signal }),
  });
}

/** Errors the dialogs show inline: the form's rules, an id taken meanwhile, an item retired or gone meanwhile. */
const DIALOG_ERRORS = ['validation_error', 'segment_exists', 'service_exists', 'segment_retired', 'segment_not_found', 'service_not_found'] as const;

export type CatalogueCommand =
  | { kind: 'segments/create' | 'segments/change'; body: SegmentInput }
  | { kind: 'segments/retire'; body: { id: string } }
  | { kind: 'services/create' | 'services/change'; body: ServiceInput }
  | { kind: 'services/publish' | 'services/retire'; body: { id: string } };

const COMMAND_PATHS: Record<CatalogueCommand['kind'], string> = {
  'segments/create': '/catalogue/segments/create',
  'segments/change': '/catalogue/segments/change',
  'segments/retire': '/catalogue/segments/retire',
  'services/create': '/catalogue/services/create',
  'services/change': '/catalogue/services/change',
  'services/publish': '/catalogue/services/publish',
  'services/retire': '/catalogue/services/retire',
};

/** A change of the catalogue; the back office's list, its histories and the ordering form's catalogue are read again. */
export function useCatalogueCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: CatalogueCommand): Promise<unknown> =>
      apiRequest(COMMAND_PATHS[command.kind], { body: command.body, schema: z.unknown(), handledErrors: [...DIALOG_ERRORS] }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }), queryClient.invalidateQueries({ queryKey: catalogueKeys.all })]);
    },
  });
}

/** The managed services with their prices as an Excel file (every staff member). */
export function useExportPrices() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload('/catalogue/prices/export', { body: {} });
      saveFile(blob, fileName ?? 'catalogue-prices.xlsx');
    },
  });
}

export type { PriceImportResult } from '@onsite/contracts';

/** A changed price spreadsheet: previewed (`apply: false`) or applied, all or nothing. */
export function usePriceImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { file: string; apply: boolean }) =>
      apiRequest('/catalogue/prices/import', { body, schema: PriceImportResultSchema, handledErrors: ['validation_error'] }),
    onSuccess: async (result) => {
      if (!result.applied) return;
      await Promise.all([queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }), queryClient.invalidateQueries({ queryKey: catalogueKeys.all })]);
    },
  });
}
