/*
 * The job-export stream `job-export-<orderId>` records what the export worker did with the order's job
 * specifications. The order domain is not touched: its stream says what staff decided (CREATE_JOB_SPECIFICATION),
 * this one says whether the planning tool received it. Pure: no I/O, no clock.
 */

import type { Decider } from '../shared/decider.js';

export type JobSpecExported = {
  readonly type: 'JOB_SPEC_EXPORTED';
  readonly data: { readonly jobId: string; readonly exportedAt: string; readonly attempt: number };
};
export type JobSpecExportFailed = {
  readonly type: 'JOB_SPEC_EXPORT_FAILED';
  readonly data: { readonly jobId: string; readonly error: string; readonly attempts: number };
};
export type JobExportEvent = JobSpecExported | JobSpecExportFailed;

export type JobExportCommand =
  | { readonly type: 'RecordExportSucceeded'; readonly data: JobSpecExported['data'] }
  | { readonly type: 'RecordExportFailed'; readonly data: JobSpecExportFailed['data'] };

export interface JobExportStatus {
  readonly status: 'exported' | 'failed';
  /** Failed export runs so far (each of several attempts). */
  readonly failures: number;
  readonly exportedAt?: string;
  readonly lastError?: string;
}

export interface JobExportState {
  readonly jobs: Readonly<Record<string, JobExportStatus>>;
}

export const initialJobExportState: JobExportState = { jobs: {} };

export const jobExportStreamId = (orderId: string): string => `job-export-${orderId}`;

export function evolveJobExport(state: JobExportState, event: JobExportEvent): JobExportState {
  const previous = state.jobs[event.data.jobId];
  switch (event.type) {
    case 'JOB_SPEC_EXPORTED':
      return { jobs: { ...state.jobs, [event.data.jobId]: { status: 'exported', failures: previous?.failures ?? 0, exportedAt: event.data.exportedAt } } };
    case 'JOB_SPEC_EXPORT_FAILED':
      return { jobs: { ...state.jobs, [event.data.jobId]: { status: 'failed', failures: (previous?.failures ?? 0) + 1, lastError: event.data.error } } };
  }
}

/** A job is exported once: later successes and failures of the same job (retries, a second worker) record nothing. */
export function decideJobExport(command: JobExportCommand, state: JobExportState): JobExportEvent[] {
  if (state.jobs[command.data.jobId]?.status === 'exported') return [];
  switch (command.type) {
    case 'RecordExportSucceeded':
      return [{ type: 'JOB_SPEC_EXPORTED', data: command.data }];
    case 'RecordExportFailed':
      return [{ type: 'JOB_SPEC_EXPORT_FAILED', data: command.data }];
  }
}

export function foldJobExport(events: readonly JobExportEvent[]): JobExportState {
  return events.reduce(evolveJobExport, initialJobExportState);
}

/** The export worker's record of what the planning tool received (stream `job-export-<orderId>`). */
export const jobExportDecider: Decider<JobExportCommand, JobExportState, JobExportEvent> = {
  initialState: initialJobExportState,
  evolve: evolveJobExport,
  decide: decideJobExport,
};
