import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';

const localizedSchema = z.record(z.string(), z.string().nullish());

/** `GET /api/catalogue`: segments and services with names per language and prices in minor units per currency. */
const catalogueSchema = z.object({
  segments: z.array(z.object({ id: z.string(), name: localizedSchema, subSegments: z.array(z.object({ id: z.string(), name: localizedSchema })).default([]) })),
  services: z.array(
    z.object({
      id: z.string(),
      segmentId: z.string().nullish(),
      segmentIds: z.array(z.string()).nullish(),
      subSegmentIds: z.array(z.string()).nullish(),
      name: localizedSchema,
      description: localizedSchema.nullish(),
      prices: z.record(z.string(), z.number().nullish()).nullish(),
    }),
  ),
});
export type Catalogue = z.infer<typeof catalogueSchema>;
export type CatalogueService = Catalogue['services'][number];

/** The segment a service is listed under (the first one when the catalogue gives several). */
export function segmentOf(service: CatalogueService): string | null {
  return service.segmentId ?? service.segmentIds?.[0] ?? null;
}

export const catalogueKeys = {
  all: ['catalogue'] as const,
};

export function fetchCatalogue(signal?: AbortSignal): Promise<Catalogue> {
  return apiRequest('/catalogue', { method: 'GET', schema: catalogueSchema, signal });
}

export function useCatalogue() {
  return useQuery({ queryKey: catalogueKeys.all, queryFn: ({ signal }) => fetchCatalogue(signal), staleTime: 10 * 60_000 });
}
