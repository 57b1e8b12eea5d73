import { z } from 'zod';
import { LANGUAGES } from '@onsite/domain';

/** A coupon as staff see it in the back office. */
export const ManagedCouponSchema = z
  .object({
    code: z.string(),
    description: z.partialRecord(z.enum(LANGUAGES), z.string()),
    countries: z.array(z.string()),
    validFrom: z.string().optional(),
    validTo: z.string().optional(),
    discountPercent: z.number().optional(),
    retired: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ManagedCoupon' });

export type ManagedCoupon = z.infer<typeof ManagedCouponSchema>;
