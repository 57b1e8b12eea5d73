import { z } from 'zod';
import { ManualEntrySchema } from '@onsite/domain';

/** A manual as staff see it in the back office: every language as entered, and the file of each. */
export const ManagedManualSchema = ManualEntrySchema.extend({ createdAt: z.string(), updatedAt: z.string() }).meta({ id: 'ManagedManual' });

export type ManagedManual = z.infer<typeof ManagedManualSchema>;
