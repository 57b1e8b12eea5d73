import { z } from 'zod';
import { isStaff } from '../identity/actor.js';
import { canUse, mayChangeAnything } from '../identity/policy.js';
import type { CommandContext } from '../shared/command.js';
import { COUNTRY_CODES, LANGUAGES } from '../shared/countries.js';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden, notFound, validationError } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { normalizeCouponCode } from './coupons.js';
import type { Coupon } from './types.js';

/**
 * Coupons as the provider manages them (D204): one stream per code, created, changed and retired by staff who manage
 * the catalogue; customers only ask whether a code applies (`couponStatus`).
 */
export const couponStreamId = (code: string): string => `coupon-${normalizeCouponCode(code)}`;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter a date as YYYY-MM-DD.' });

export const COUPON_CODE_MESSAGE = 'A code is 3 to 32 letters, digits or dashes.';

export const CouponInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{3,32}$/, { error: COUPON_CODE_MESSAGE })
      .transform((code) => code.toUpperCase()),
    description: z.partialRecord(z.enum(LANGUAGES), z.string().trim().max(200)).default({}),
    /** Empty: every country. */
    countries: z
      .array(z.enum(COUNTRY_CODES as [string, ...string[]], { error: 'Choose countries from the list.' }))
      .max(COUNTRY_CODES.length)
      .default([]),
    validFrom: isoDay.optional(),
    validTo: isoDay.optional(),
    /** Percent off the offer's price, for the sales team preparing the offer; absent when the coupon names no figure. */
    discountPercent: z
      .int({ error: 'Enter a whole number from 1 to 100.' })
      .min(1, { error: 'Enter a whole number from 1 to 100.' })
      .max(100, { error: 'Enter a whole number from 1 to 100.' })
      .optional(),
  })
  .refine((c) => !c.validFrom || !c.validTo || c.validFrom <= c.validTo, { path: ['validTo'], error: 'The end of validity must not be before its start.' })
  .meta({
    id: 'CouponInput',
    description: 'A coupon as staff enter it: code, description per language, countries (none: all), validity (UTC days, inclusive) and discount.',
  });
export type CouponInput = z.infer<typeof CouponInputSchema>;

export const RetireCouponSchema = z.object({ code: z.string().trim().min(1).max(64) }).meta({ id: 'RetireCoupon' });

export type CouponEvent =
  | DomainEvent<'COUPON_CREATED', { readonly coupon: Coupon }>
  | DomainEvent<'COUPON_CHANGED', { readonly coupon: Coupon }>
  | DomainEvent<'COUPON_RETIRED', { readonly code: string }>;

export interface CouponState {
  readonly coupon: Coupon | null;
  readonly retired: boolean;
}

export type CouponCommand =
  | { readonly type: 'CreateCoupon'; readonly data: CouponInput }
  | { readonly type: 'ChangeCoupon'; readonly data: CouponInput }
  | { readonly type: 'RetireCoupon'; readonly code: string };

/** Who may change coupons (and, later, the catalogue): staff administrators and sales, as themselves (docs/security.md). */
export function canManageCatalogue(actor: CommandContext['actor']): boolean {
  return isStaff(actor) && !actor.onBehalfOf && canUse('catalogueManagement', actor) && mayChangeAnything(actor);
}

function toCoupon(input: CouponInput): Coupon {
  const description = Object.fromEntries(Object.entries(input.description).filter(([, text]) => text && text.trim() !== ''));
  return {
    code: normalizeCouponCode(input.code),
    ...(Object.keys(description).length > 0 ? { description } : {}),
    countries: [...new Set(input.countries.map((c) => c.toLowerCase()))].sort(),
    ...(input.validFrom ? { validFrom: input.validFrom } : {}),
    ...(input.validTo ? { validTo: input.validTo } : {}),
    ...(input.discountPercent !== undefined ? { discountPercent: input.discountPercent } : {}),
  };
}

export const initialCouponState: CouponState = { coupon: null, retired: false };

/** One coupon: a code is created once (a retired code stays taken, so an old order's code never means another coupon). */
export const couponDecider: Decider<CouponCommand, CouponState, CouponEvent> = {
  initialState: initialCouponState,
  decide(command, state, ctx) {
    if (!canManageCatalogue(ctx.actor)) throw forbidden('Only staff administrators and sales staff change coupons.');
    switch (command.type) {
      case 'CreateCoupon': {
        if (state.coupon) throw conflict('coupon_exists', `A coupon with the code ${state.coupon.code} exists already.`);
        return [{ type: 'COUPON_CREATED', data: { coupon: toCoupon(command.data) } }];
      }
      case 'ChangeCoupon': {
        if (!state.coupon) throw notFound('There is no coupon with this code.', 'coupon_not_found');
        if (state.retired) throw conflict('coupon_retired', 'This coupon is retired and can no longer be changed.');
        const coupon = toCoupon(command.data);
        if (JSON.stringify(coupon) === JSON.stringify(state.coupon)) return [];
        return [{ type: 'COUPON_CHANGED', data: { coupon } }];
      }
      case 'RetireCoupon': {
        if (!state.coupon) throw notFound('There is no coupon with this code.', 'coupon_not_found');
        if (state.retired) return [];
        return [{ type: 'COUPON_RETIRED', data: { code: state.coupon.code } }];
      }
      default:
        return assertNever(command, 'coupon command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'COUPON_CREATED':
      case 'COUPON_CHANGED':
        return { ...state, coupon: event.data.coupon };
      case 'COUPON_RETIRED':
        return { ...state, retired: true };
      default:
        return assertNever(event, 'coupon event');
    }
  },
};

/** A code that is no valid coupon code cannot name a stream: refused before anything is read. */
export function assertCouponCode(code: string): string {
  const normalized = normalizeCouponCode(code);
  if (!/^[A-Z0-9-]{3,32}$/.test(normalized))
    throw validationError(COUPON_CODE_MESSAGE, [{ path: 'code', code: 'invalid_string', message: COUPON_CODE_MESSAGE }]);
  return normalized;
}
