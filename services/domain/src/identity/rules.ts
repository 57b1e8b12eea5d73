import { z } from 'zod';
import { COUNTRY_CODES } from '../shared/countries.js';
import { validationError } from '../shared/errors.js';
import { isValidInternationalPhone, toE164 } from '../shared/phone.js';

/** Field rules (docs/product.md, fields), shared by the api (enforce) and the console (forms). */

export const REQUIRED = 'This field is required.';
export const PASSWORD_MIN_LENGTH = 8;
/** Anti-robot slider: the form must have been open this long (D127). */
export const ANTI_ROBOT_MIN_MS = 5_000;

export const requiredText = (max = 200) => z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(max);
export const emailField = z
  .string({ error: 'email must be entered' })
  .trim()
  .min(1, { error: 'email must be entered' })
  .max(254)
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }))
  .transform((v) => v.toLowerCase());
const PHONE_MESSAGE = 'Enter a valid phone number in international format, e.g. +491701234567.';
export const phoneField = z
  .string()
  .trim()
  .refine(isValidInternationalPhone, { error: PHONE_MESSAGE })
  .transform((v) => toE164(v) ?? v);
/** Optional fields a form may send empty ('' = not given); anything else must be valid, said with the field's own message. */
const optionalEmailField = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Please enter a valid e-mail address.' })
  .transform((v) => (v === '' ? undefined : v.toLowerCase()))
  .optional();
const optionalPhoneField = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidInternationalPhone(v), { error: PHONE_MESSAGE })
  .transform((v) => (v === '' ? undefined : (toE164(v) ?? v)))
  .optional();
export const countryField = z.enum(COUNTRY_CODES as [string, ...string[]], { error: REQUIRED });

/** The password rule: at least 8 characters with a letter and a digit. */
export function passwordRuleProblem(password: string): string | null {
  if (password.length === 0) return REQUIRED;
  if (password.length < PASSWORD_MIN_LENGTH) return `Minimum length is ${PASSWORD_MIN_LENGTH}.`;
  if (!/\p{L}/u.test(password) || !/\d/.test(password)) return 'The password needs at least one letter and one number.';
  return null;
}

/** The kinds of character a strong password has each of: an upper-case letter, a lower-case letter, a digit, a symbol. */
export const PASSWORD_CHARACTER_KINDS: readonly RegExp[] = [/\p{Lu}/u, /\p{Ll}/u, /\d/, /[^\p{L}\d\s]/u];

/** Strong: not lacking an upper-case letter, a lower-case letter, a digit or a symbol. */
export function isStrongPassword(password: string): boolean {
  return PASSWORD_CHARACTER_KINDS.every((kind) => kind.test(password));
}

export const passwordField = z
  .string({ error: REQUIRED })
  .max(1024)
  .superRefine((value, ctx) => {
    const problem = passwordRuleProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The user dialog on edit also needs the strength rule. */
export const strongPasswordField = passwordField.superRefine((value, ctx) => {
  if (!isStrongPassword(value)) ctx.addIssue({ code: 'custom', message: 'The password is too weak.', params: { reason: 'too_weak' } });
});

/**
 * The anti-robot part of a public form: the hidden box, when the widget was completed (0: never) and the challenge
 * the server issued when the form opened (its proof of time; checked only by the server, D127).
 */
export const antiRobotField = z.object({ checked: z.boolean(), startedAt: z.number().int().nonnegative(), challenge: z.string().max(500).default('') });
export type AntiRobot = z.infer<typeof antiRobotField>;

/**
 * Fails when the hidden box is ticked, the widget was never completed (start 0), the server's challenge was not
 * verified (`issuedAtMs` null), or fewer than 5 s passed between the challenge's issue and now, both server times.
 */
export function assertAntiRobotPassed(check: Pick<AntiRobot, 'checked' | 'startedAt'>, issuedAtMs: number | null, nowMs: number): void {
  if (check.checked || check.startedAt === 0 || issuedAtMs === null || nowMs - issuedAtMs < ANTI_ROBOT_MIN_MS) {
    throw validationError('Anti-spam check failed', [], 'anti_spam_failed');
  }
}

export const billingAddressField = z
  .object({
    firstName: requiredText(),
    lastName: requiredText(),
    email: emailField,
    department: requiredText(),
    addressLine1: requiredText(),
    addressLine2: z.string().trim().max(200).optional(),
    addressCity: requiredText(),
    addressPostCode: requiredText(40),
    addressState: z.string().trim().max(100).optional(),
    addressCountry: countryField,
    accountingPhoneNumber: optionalPhoneField,
    /** The GST number when the company's country is India. */
    taxNumber: requiredText(60),
    invoiceEmail: optionalEmailField,
  })
  .superRefine(
    (a, ctx) => {
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
      if (a.addressCountry !== 'uk' && !text(a.addressState)) ctx.addIssue({ code: 'custom', path: ['addressState'], message: REQUIRED });
      if (a.addressCountry === 'in' && text(a.taxNumber) && !isGstin(text(a.taxNumber))) {
        ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: GSTIN_MESSAGE, params: { reason: 'invalid_gstin' } });
      }
    },
    // The country's rules are said together with every other field's problem, not after those are fixed.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

export const GSTIN_MESSAGE = 'Enter a valid 15-character GST number (GSTIN), e.g. 27AAPFU0939F1ZV.';

/**
 * An Indian GST identification number: 2-digit state code, the 10-character PAN, the entity number, 'Z' and a
 * check character (for India the tax number is the GST number).
 */
export function isGstin(value: string): boolean {
  return /^(0[1-9]|[1-3]\d)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value.trim().toUpperCase());
}
export type BillingAddressInput = z.infer<typeof billingAddressField>;
