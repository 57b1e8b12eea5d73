export * from './scheduler/job-scheduler.js';
export * from './scheduler/in-process-scheduler.js';
