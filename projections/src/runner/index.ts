export { type Projection, mappedSession } from './projection.js';
export { ProjectionRunner, ProjectionWaitTimeoutError, type ProjectionLogger, type ProjectionRunnerOptions, type WaitOptions } from './projection-runner.js';
export { rebuild, rebuildCollectionName, type ProjectionStores, type RebuildOptions, type RebuildProgress } from './rebuild.js';
