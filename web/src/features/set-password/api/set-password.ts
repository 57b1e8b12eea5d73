import { OkAnswerSchema, type TokenPasswordRequest } from '@onsite/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

/** Spends the invitation token: the user gets a password and becomes ACTIVE. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (body: TokenPasswordRequest) => apiRequest('/user/set-password', { body, schema: OkAnswerSchema, handledErrors: 'all' }),
  });
}
