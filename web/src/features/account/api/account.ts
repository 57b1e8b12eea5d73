import {
  LeadAnswerSchema,
  OkAnswerSchema,
  RegistrationResultSchema,
  SentAnswerSchema,
  type CountryRequestInput,
  type RegistrationRequest,
  type TokenPasswordRequest,
} from '@onsite/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ANTI_ROBOT_MIN_MS, type AntiRobotValue } from '../../../components/widgets/anti-robot';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * The server's anti-robot challenge of a public form (D127): fetched when the form opens (and again with `renew`, after
 * the server refused one), sent back with the form. The proof is the form's, not the widget's: `withChallenge` adds it
 * to whatever the widget reports, waiting first if the form is sent sooner than the server will take it.
 */
export function useAntiRobotChallenge() {
  const [generation, setGeneration] = useState(0);
  const current = useRef<{ challenge: string; readyAt: number } | null>(null);
  useEffect(() => {
    let live = true;
    current.current = null;
    apiRequest<{ challenge: string }>('/registration/challenge', { method: 'GET', handledErrors: 'all', redirectOnUnauthorized: false })
      // Counted from the answer, which the server issued before: the server's 5 s have passed by then too.
      .then(({ challenge }) => live && (current.current = { challenge, readyAt: Date.now() + ANTI_ROBOT_MIN_MS }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [generation]);
  const withChallenge = useCallback(async (value: AntiRobotValue) => {
    const wait = (current.current?.readyAt ?? 0) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { ...value, challenge: current.current?.challenge ?? '' };
  }, []);
  const renew = useCallback(() => setGeneration((g) => g + 1), []);
  return { withChallenge, renew };
}

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
