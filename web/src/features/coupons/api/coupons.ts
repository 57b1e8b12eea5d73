import { type CouponInput } from '@onsite/domain';
import { ManagedCouponSchema, type ManagedCoupon, CouponChangeSchema } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export type { ManagedCoupon } from '@onsite/contracts';

export const couponKeys = {
  all: ['coupons'] as const,
  list: () => [...couponKeys.all, 'list'] as const,
  history: (code: string) => [...couponKeys.all, 'history', code] as const,
};

export type { CouponChange } from '@onsite/contracts';

/** Every coupon (staff), retired ones included. */
export function useCoupons() {
  return useQuery({
    queryKey: couponKeys.list(),
    queryFn: ({ signal }) => apiRequest('/coupons', { method: 'GET', schema: z.array(ManagedCouponSchema), signal }),
  });
}

/** One coupon's changes, newest first, read when its history is opened. */
export function useCouponHistory(code: string) {
  return useQuery({
    queryKey: couponKeys.history(code),
    queryFn: ({ signal }) => apiRequest(`/coupons/history/${encodeURIComponent(code)}`, { method: 'GET', schema: z.array(CouponChangeSchema), signal }),
  });
}

/** Errors the dialogs show inline: the form's rules, a code taken meanwhile, a coupon retired meanwhile. */
const DIALOG_ERRORS = ['validation_error', 'coupon_exists', 'coupon_retired', 'coupon_not_found'] as const;

type CouponCommand = { kind: 'create'; body: CouponInput } | { kind: 'change'; body: CouponInput } | { kind: 'retire'; body: { code: string } };
const COMMAND_PATHS = { create: '/coupons/create', change: '/coupons/change', retire: '/coupons/retire' } as const;

/** Create, change or retire a coupon; the list and the coupon's history are read again. */
export function useCouponCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: CouponCommand): Promise<ManagedCoupon> =>
      apiRequest(COMMAND_PATHS[command.kind], { body: command.body, schema: ManagedCouponSchema, handledErrors: [...DIALOG_ERRORS] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
