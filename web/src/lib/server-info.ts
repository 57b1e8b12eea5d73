import { HealthSchema } from '@onsite/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const serverInfoKeys = { current: () => ['server-info'] as const };

/** What this server offers (profile, dev outbox); it does not change while the server runs. */
export function useServerInfo() {
  return useQuery({
    queryKey: serverInfoKeys.current(),
    queryFn: ({ signal }) => apiRequest('/health', { method: 'GET', schema: HealthSchema, signal, handledErrors: 'all' }),
    staleTime: Infinity,
  });
}
