import { LogInResultSchema } from '@onsite/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';
import { profileKeys } from '../../../lib/session/session';

/** Spends a staff member's single-use login link: a session as the customer user (the api client stores the token). */
export function useForceLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/force/log-in', { body: { token }, schema: LogInResultSchema, handledErrors: 'all', redirectOnUnauthorized: false }),
    onSuccess: ({ profile, blUser }) => {
      // A fresh session: nothing cached for the staff member may leak into it.
      queryClient.removeQueries();
      queryClient.setQueryData(profileKeys.current(), { ...profile, blUser });
    },
  });
}
