import { z } from 'zod';
import { JobProgressSchema } from '@onsite/domain';

/** An authentic planning-tool report that was refused (unknown order or job, a step the lifecycle does not allow). */
export const RefusedJobReportSchema = z
  .object({
    reportId: z.string().nullable(),
    orderId: z.string().nullable(),
    step: z.string().nullable(),
    /** The error code the report was refused with, e.g. `transition_not_allowed`. */
    code: z.string(),
    message: z.string(),
    receivedAt: z.string(),
  })
  .meta({ id: 'RefusedJobReport' });
export type RefusedJobReport = z.infer<typeof RefusedJobReportSchema>;
export const RefusedJobReportListSchema = z.object({ items: z.array(RefusedJobReportSchema) }).meta({ id: 'RefusedJobReportList' });

export const JobReportSchema = JobProgressSchema.extend({
  /** Unique per report: the same report sent again is applied once. */
  reportId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w.:-]+$/, 'Letters, digits and . _ : - only.'),
  orderId: z.string().trim().min(1).max(100),
}).meta({
  id: 'JobReport',
  description: 'The planning tool reports one step of a job it received as a job specification (schema onsite.job-specification/1).',
});
export type JobReport = z.infer<typeof JobReportSchema>;

export const RefusedReportsRequestSchema = z.object({}).strict().meta({ id: 'RefusedReportsRequest' });
