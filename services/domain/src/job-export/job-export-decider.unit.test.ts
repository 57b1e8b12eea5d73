import { decideJobExport, foldJobExport, initialJobExportState } from './job-export-decider.js';

describe('job-export decider', () => {
  const exported = { type: 'JOB_SPEC_EXPORTED', data: { jobId: 'job-1', exportedAt: '2026-06-01T08:00:00.000Z', attempt: 2 } } as const;
  const failed = { type: 'JOB_SPEC_EXPORT_FAILED', data: { jobId: 'job-1', error: 'Planning tool answered 503', attempts: 5 } } as const;

  it('records the first success and the failures before it', () => {
    expect(decideJobExport({ type: 'RecordExportSucceeded', data: exported.data }, initialJobExportState)).toEqual([exported]);
    expect(decideJobExport({ type: 'RecordExportFailed', data: failed.data }, foldJobExport([failed]))).toEqual([failed]);
    expect(foldJobExport([failed, failed]).jobs['job-1']).toMatchObject({ status: 'failed', failures: 2 });
  });

  it('records nothing more once the job is exported', () => {
    const state = foldJobExport([failed, exported]);
    expect(state.jobs['job-1']).toMatchObject({ status: 'exported', failures: 1 });
    expect(decideJobExport({ type: 'RecordExportSucceeded', data: exported.data }, state)).toEqual([]);
    expect(decideJobExport({ type: 'RecordExportFailed', data: failed.data }, state)).toEqual([]);
  });

  it('keeps jobs apart', () => {
    const state = foldJobExport([exported]);
    expect(decideJobExport({ type: 'RecordExportSucceeded', data: { ...exported.data, jobId: 'job-2' } }, state)).toHaveLength(1);
  });
});
