import { useMutation } from '@tanstack/react-query';
import { SentAnswerSchema, VerifiedAnswerSchema } from '@onsite/contracts';
import { apiRequest } from '../../../lib/api/api-client';

/** Spends the token of the verification link (`/:lang/login?verify=1&token=…`); the user becomes ACTIVE. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => apiRequest('/registration/verify-email', { body: { token }, schema: VerifiedAnswerSchema, handledErrors: 'all' }),
  });
}

/** A new verification link; the api answers the same whether the address exists or not. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => apiRequest('/registration/resend-verification', { body: { email }, schema: SentAnswerSchema, handledErrors: 'all' }),
  });
}
