import { jobProgressCommand, jobProgressStepsIn, JobProgressSchema } from './job-progress.js';

describe('job progress', () => {
  it('maps each step to the order command that records it', () => {
    expect(
      jobProgressCommand({
        jobId: 'j',
        step: 'PLANNED',
        team: [{ id: 't1', name: 'Ana Lima' }],
        schedule: { from: '2026-12-01T08:00:00', to: '2026-12-01T16:00:00' },
      }),
    ).toEqual({
      type: 'RecordJobPlanned',
      data: { jobId: 'j', team: [{ id: 't1', name: 'Ana Lima' }], schedule: { from: '2026-12-01T08:00:00', to: '2026-12-01T16:00:00' } },
    });
    expect(jobProgressCommand({ jobId: 'j', step: 'PLANNED' })).toEqual({ type: 'RecordJobPlanned', data: { jobId: 'j', team: [] } });
    expect(jobProgressCommand({ jobId: 'j', step: 'IN_PROGRESS' }).type).toBe('RecordJobStarted');
    expect(jobProgressCommand({ jobId: 'j', step: 'CANCELLED', reason: 'Site closed' })).toEqual({
      type: 'RecordJobCancelled',
      data: { jobId: 'j', reason: 'Site closed' },
    });
    expect(jobProgressCommand({ jobId: 'j', step: 'CLOSED' }).type).toBe('RecordJobClosed');
  });

  it('offers only the steps the lifecycle allows from a status', () => {
    expect(jobProgressStepsIn('ORDER_SUBMITTED')).toEqual([]);
    expect(jobProgressStepsIn('JOB_IN_PLANNING')).toEqual(['PLANNING', 'PLANNED', 'CANCELLED']);
    expect(jobProgressStepsIn('JOB_PLANNED')).toEqual(['PLANNING', 'PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']);
    expect(jobProgressStepsIn('JOB_COMPLETED')).toEqual(['CLOSED']);
    expect(jobProgressStepsIn('BILLED')).toEqual([]);
  });

  it('refuses an unknown step and a missing job id', () => {
    expect(JobProgressSchema.safeParse({ jobId: 'j', step: 'DONE' }).success).toBe(false);
    expect(JobProgressSchema.safeParse({ step: 'PLANNED' }).success).toBe(false);
  });
});
