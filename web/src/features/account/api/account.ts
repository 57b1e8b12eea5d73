import { LeadAnswerSchema, OkAnswerSchema, RegistrationResultSchema, SentAnswerSchema, type CountryRequestInput, type RegistrationRequest, type TokenPasswordRequest } from '@onsite/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Forgot password: the answer is the same whether the address exists or not (the screen says so neutrally). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiRequest('/password/reset', { body: { email }, schema: SentAnswerSchema, handledErrors: 'all' }),
  });
}

/** Spends the reset link's token: a new password, every session of the user ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: TokenPasswordRequest) => apiRequest('/user/password-reset', { body, schema: OkAnswerSchema, handledErrors: 'all' }),
  });
}

/** A new company with its first admin; the api sends the e-mail verification link. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegistrationRequest) => apiRequest('/registration', { body, schema: RegistrationResultSchema, handledErrors: 'all' }),
  });
}

/** 'My country is not listed': the visitor leaves a request to be contacted. */
export function useCountryRequest() {
  return useMutation({
    mutationFn: (body: CountryRequestInput) => apiRequest('/registration/country-request', { body, schema: LeadAnswerSchema, handledErrors: 'all' }),
  });
}

/** A new verification link; answers the same whether the address exists or not. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => apiRequest('/registration/resend-verification', { body: { email }, schema: SentAnswerSchema, handledErrors: 'all' }),
  });
}
