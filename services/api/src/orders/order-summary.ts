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
