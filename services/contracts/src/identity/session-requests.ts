import { z } from 'zod';

/** The session's requests: log in, ask for a password link, spend a force-login token. */
export const ForgotPasswordSchema = z.object({ email: z.string().optional() }).meta({ id: 'ForgotPassword' });

export const LogInSchema = z
  .object({
    email: z.string({ error: 'email must be entered' }).trim().min(1, { error: 'email must be entered' }).max(254),
    password: z.string({ error: 'This field is required.' }).min(1, { error: 'This field is required.' }).max(1024),
  })
  .meta({ id: 'LogIn' });

export const ForceLoginSchema = z.object({ token: z.string().max(100).optional() }).meta({ id: 'ForceLogin' });
