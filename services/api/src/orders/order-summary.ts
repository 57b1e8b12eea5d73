import { z } from 'zod';

/** What a command on an order returns is one of the shared response schemas (the console parses it with the same). */
export { OrderCommandResponseSchema, type OrderCommandResponse } from '@onsite/domain';

/** Every command on an existing order names it and the version the caller saw. */
export const ExistingOrderFields = {
  orderId: z.string().trim().min(1, 'This field is required.'),
  version: z.number({ error: 'The version you last saw is required.' }).int().min(1),
  onBehalfOfUserId: z.string().optional(),
};
export type ExistingOrderRequest = z.infer<z.ZodObject<typeof ExistingOrderFields>>;
