import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const serverInfoKeys = { current: () => ['server-info'] as const };

/** What this server offers (profile, dev outbox); it does not change while the server runs. */
export function useServerInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: serverInfoKeys.current(),
    // The schema (and zod) load with the request, not with the first page.
    queryFn: async ({ signal }) =>
      apiRequest('/health', { method: 'GET', schema: (await import('./health-schema')).HealthSchema, signal, handledErrors: 'all' }),
    staleTime: Infinity,
  });
}
