import { z } from 'zod';
import { ProviderSetupSchema } from '@onsite/domain';

/** The request of the setup route: the one-time token from the server's log, and the setup. */
export const SetupRequestSchema = ProviderSetupSchema.extend({ token: z.string().max(200) }).meta({ id: 'SetupRequest' });

export type SetupRequest = z.infer<typeof SetupRequestSchema>;

export const SetupAnswerSchema = z.object({
  companyId: z.string(),
  userId: z.string(),
  email: z.string(),
  /** Where no mail transport is configured (dev outbox): the invitation as it was "sent", so the admin can open it. */
  invitation: z.object({ to: z.string(), subject: z.string(), text: z.string(), link: z.string().optional() }).optional(),
});

export type SetupAnswer = z.infer<typeof SetupAnswerSchema>;
