import { SetupAnswerSchema, type SetupRequest, SetupPendingSchema } from '@onsite/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

/** Whether the setup link is good: the api answers 404 for a wrong token and once setup is done. */
export function useSetupStatus(token: string) {
  return useQuery({
    queryKey: ['setup', token],
    queryFn: ({ signal }) =>
      apiRequest(`/setup?token=${encodeURIComponent(token)}`, {
        method: 'GET',
        schema: SetupPendingSchema,
        signal,
        handledErrors: 'all',
        redirectOnUnauthorized: false,
      }),
    retry: false,
    enabled: token.length > 0,
    staleTime: Infinity,
  });
}

/** Creates the provider company and its first administrator. */
export function useCompleteSetup() {
  return useMutation({
    mutationFn: (body: SetupRequest) => apiRequest('/setup', { body, schema: SetupAnswerSchema, handledErrors: 'all', redirectOnUnauthorized: false }),
  });
}
