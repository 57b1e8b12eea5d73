import { z } from 'zod';
import type { OrderCommand, OrderCommandType } from './commands.js';
import { RecordJobPlannedSchema } from './schemas.js';
import { isAllowedIn } from './transitions.js';
import type { OrderStatusOrNone } from './statuses.js';

/**
 * Job progress as the planning tool reports it (signed inbound endpoint) and as staff record it by hand when
 * the tool is down. One list, one mapping to the order commands, shared by the api and the console.
 */
export const JOB_PROGRESS_STEPS = ['PLANNING', 'PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'CLOSED'] as const;
export type JobProgressStep = (typeof JOB_PROGRESS_STEPS)[number];

const plannedShape = RecordJobPlannedSchema.shape;

export const JobProgressSchema = z
  .object({
    jobId: z.string().trim().min(1).max(100),
    step: z.enum(JOB_PROGRESS_STEPS),
    /** PLANNED: the technicians assigned (may be empty) and the planned window in the location's local time. */
    team: plannedShape.team.max(50).optional(),
    schedule: plannedShape.schedule,
    /** CANCELLED: why the job will not take place. */
    reason: z.string().trim().max(2000).optional(),
  })
  .meta({ id: 'JobProgress', description: 'One step of a job: planning, planned (team, schedule), in progress, completed, cancelled (reason), closed.' });
export type JobProgress = z.infer<typeof JobProgressSchema>;

/** The order command that records a progress step. */
export function jobProgressCommand(progress: JobProgress): OrderCommand {
  const { jobId } = progress;
  switch (progress.step) {
    case 'PLANNING':
      return { type: 'RecordJobPlanning', data: { jobId } };
    case 'PLANNED':
      return { type: 'RecordJobPlanned', data: { jobId, team: progress.team ?? [], ...(progress.schedule ? { schedule: progress.schedule } : {}) } };
    case 'IN_PROGRESS':
      return { type: 'RecordJobStarted', data: { jobId } };
    case 'COMPLETED':
      return { type: 'RecordJobCompleted', data: { jobId } };
    case 'CANCELLED':
      return { type: 'RecordJobCancelled', data: { jobId, ...(progress.reason ? { reason: progress.reason } : {}) } };
    case 'CLOSED':
      return { type: 'RecordJobClosed', data: { jobId } };
  }
}

const COMMAND_OF_STEP: Readonly<Record<JobProgressStep, OrderCommandType>> = {
  PLANNING: 'RecordJobPlanning',
  PLANNED: 'RecordJobPlanned',
  IN_PROGRESS: 'RecordJobStarted',
  COMPLETED: 'RecordJobCompleted',
  CANCELLED: 'RecordJobCancelled',
  CLOSED: 'RecordJobClosed',
};

/** The steps the lifecycle allows from an order status (what the console offers to record by hand). */
export function jobProgressStepsIn(status: OrderStatusOrNone): JobProgressStep[] {
  return JOB_PROGRESS_STEPS.filter((step) => isAllowedIn(COMMAND_OF_STEP[step], status));
}
