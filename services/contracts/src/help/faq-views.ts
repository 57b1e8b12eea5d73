import { z } from 'zod';
import { FAQ_TOPICS } from '@onsite/domain';

const localized = z.object({ en: z.string(), de: z.string().optional(), pt: z.string().optional() });

/** A question as staff see it in the back office, every language as entered. */
export const ManagedFaqSchema = z
  .object({ id: z.string(), topic: z.enum(FAQ_TOPICS), question: localized, answer: localized, createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'ManagedFaq' });

export type ManagedFaq = z.infer<typeof ManagedFaqSchema>;
