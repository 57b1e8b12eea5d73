import { useQuery } from '@tanstack/react-query';
import { CatalogueSchema } from '@onsite/contracts';
import type { z } from 'zod';
import { apiRequest } from './api/api-client';

/** `GET /api/catalogue` (the shared contract): segments and services, names per language, prices in minor units per currency. */
export type Catalogue = z.infer<typeof CatalogueSchema>;
export type CatalogueService = Catalogue['services'][number];

/** The segment a service is listed under (the first one when the catalogue gives several). */
export function segmentOf(service: CatalogueService): string | null {
  return service.segmentIds[0] ?? null;
}

export const catalogueKeys = {
  all: ['catalogue'] as const,
};

export function fetchCatalogue(signal?: AbortSignal): Promise<Catalogue> {
  return apiRequest('/catalogue', { method: 'GET', schema: CatalogueSchema, signal });
}

export function useCatalogue() {
  return useQuery({ queryKey: catalogueKeys.all, queryFn: ({ signal }) => fetchCatalogue(signal), staleTime: 10 * 60_000 });
}
