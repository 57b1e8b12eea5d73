import { z } from 'zod';

// Apart from the support groups (support/support-groups.ts), which the console's first page uses: a module that
// only holds data keeps zod out of that page.
/** `POST /api/cms/contact`: a message to the support team of the sender's country. */
export const ContactRequestSchema = z
  .object({
    subject: z.string().trim().min(1, 'This field is required.').max(200),
    message: z.string().trim().min(1, 'This field is required.').max(4000),
    /** Where support may call back (E.164 or empty). */
    phone: z.string().trim().max(40).optional(),
    callBack: z.boolean().default(false),
  })
  .meta({ id: 'ContactRequest' });
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

/** `POST /api/cms/contact`: where the request went (the support address of the caller's country). */
export const ContactAnswerSchema = z.object({ sentTo: z.string() }).meta({ id: 'ContactAnswer' });
export type ContactAnswer = z.infer<typeof ContactAnswerSchema>;

export const ContactRequestBodySchema = ContactRequestSchema.extend({ onBehalfOfUserId: z.string().optional() }).meta({ id: 'ContactRequestBody' });
