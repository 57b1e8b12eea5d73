import { SetupAnswerSchema, type SetupRequest } from '@onsite/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Whether the setup link is good: the api answers 404 for a wrong token and once setup is done. */
export function useSetupStatus(token: string) {
  return useQuery({
    queryKey: ['setup', token],
    queryFn: ({ signal }) =>
      apiRequest(`/setup?token=${encodeURIComponent(token)}`, {
        method: 'GET',
        schema: z.object({ pending: z.literal(true) }),
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
