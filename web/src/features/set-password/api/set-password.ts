import { type TokenPasswordRequest } from '@onsite/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const okSchema = z.object({ ok: z.literal(true) });

/** Spends the invitation token: the user gets a password and becomes ACTIVE. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (body: TokenPasswordRequest) => apiRequest('/user/set-password', { body, schema: okSchema, handledErrors: 'all' }),
  });
}
