import type { OrderStatus } from '@onsite/domain';
import { z } from 'zod';

/** What a command on an order returns: enough for the console to navigate and to send the next version. */
export interface OrderCommandResponse {
  readonly _id: string;
  readonly refId: string;
  readonly version: number;
  readonly status: OrderStatus;
}

export const OrderCommandResponseSchema = z
  .object({ _id: z.string(), refId: z.string(), version: z.number().int(), status: z.string() })
  .meta({ id: 'OrderCommandResponse' });

/** Every command on an existing order names it and the version the caller saw. */
export const ExistingOrderFields = {
  orderId: z.string().trim().min(1, 'This field is required.'),
  version: z.number({ error: 'The version you last saw is required.' }).int().min(1),
  onBehalfOfUserId: z.string().optional(),
};
export type ExistingOrderRequest = z.infer<z.ZodObject<typeof ExistingOrderFields>>;
