import { z } from 'zod';
import { countryInfo } from '@onsite/domain';
import { antiRobotField, emailField, passwordField, phoneField, REQUIRED, requiredText } from '@onsite/domain';

/** Requests of the public registration screens, shared by the api and the console. */

export const COUNTRY_NOT_SERVED = 'We do not serve this country yet; leave a request instead.';
export const EMAILS_NOT_EQUAL = 'The e-mail addresses must be identical.';
export const PASSWORDS_NOT_EQUAL = 'The passwords must be identical.';
export const PRIVACY_POLICY_REQUIRED = 'The privacy policy must be accepted.';

const equal = (a: string, b: string, path: string, message: string) => (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (v[a] !== v[b]) ctx.addIssue({ code: 'custom', path: [path], message });
};

export const RegistrationSchema = z
  .object({
    email: emailField,
    confirmEmail: emailField,
    phone: phoneField,
    country: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, { error: REQUIRED })
      .refine((c) => countryInfo(c)?.served === true, { error: COUNTRY_NOT_SERVED }),
    firstName: requiredText(),
    lastName: requiredText(),
    companyName: requiredText(),
    password: passwordField,
    confirmPassword: z.string({ error: REQUIRED }),
    privacyPolicyAccepted: z.literal(true, { error: PRIVACY_POLICY_REQUIRED }),
    antiRobot: antiRobotField,
  })
  .superRefine(equal('email', 'confirmEmail', 'confirmEmail', EMAILS_NOT_EQUAL))
  .superRefine(equal('password', 'confirmPassword', 'confirmPassword', PASSWORDS_NOT_EQUAL))
  .meta({ id: 'Registration', description: 'A new end-customer company with its first admin.' });
export type RegistrationRequest = z.infer<typeof RegistrationSchema>;

export const CountryRequestSchema = z
  .object({
    country: requiredText(60),
    email: emailField,
    firstName: requiredText(),
    lastName: requiredText(),
    companyName: requiredText(),
    phone: phoneField,
    servicesOfInterest: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    remarks: z.string().trim().max(2000).optional(),
    contactTime: z.string().trim().max(200).optional(),
    antiRobot: antiRobotField,
  })
  .meta({ id: 'CountryRequest', description: 'A visitor from a country not served yet asks to be contacted.' });
export type CountryRequestInput = z.input<typeof CountryRequestSchema>;

export const RegistrationResultSchema = z.object({ userId: z.string(), status: z.literal('CREATED') });
export const VerifyEmailSchema = z.object({ token: z.string().max(100).optional() }).meta({ id: 'VerifyEmail' });
export const ResendVerificationSchema = z.object({ email: emailField }).meta({ id: 'ResendVerification' });
