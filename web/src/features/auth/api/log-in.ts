import { LogInResultSchema, type LogInResult } from '@onsite/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { validationMessages } from '../../../lib/forms/forms';
import { profileKeys } from '../../../lib/session/session';

/** The login form (email and password required, email with a format check). */
export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: validationMessages.required })
    .pipe(z.email({ error: validationMessages.email })),
  password: z.string().min(1, { error: validationMessages.required }),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** `POST /api/log-in` → `{ data: { profile }, token }` (the shared contract; the api client stores the token). */
export type LoginResponse = LogInResult;

/** The codes the login form shows itself, inline. */
export const LOGIN_FORM_ERRORS = ['invalid_credentials', 'validation_error', 'email_not_verified'] as const;

export function logIn(credentials: LoginForm): Promise<LoginResponse> {
  return apiRequest('/log-in', {
    body: credentials,
    schema: LogInResultSchema,
    handledErrors: LOGIN_FORM_ERRORS,
    redirectOnUnauthorized: false,
  });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: ({ profile, blUser }) => {
      // A fresh session: nothing cached for a previous user may leak into it.
      queryClient.removeQueries();
      queryClient.setQueryData(profileKeys.current(), blUser ? { ...profile, blUser } : profile);
    },
  });
}
