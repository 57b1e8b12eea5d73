export { type Projection, mappedSession } from './projection.js';
export {
  ProjectionRunner,
  ProjectionWaitTimeoutError,
  waitedProjections,
  type ProjectionLogger,
  type ProjectionRunnerOptions,
  type ReadModelProgress,
  type WaitOptions,
} from './projection-runner.js';
export { rebuild, rebuildCollectionName, type ProjectionStores, type RebuildOptions, type RebuildProgress } from './rebuild.js';
export { SharedCheckpoints, type SharedCheckpointsOptions } from './shared-checkpoints.js';
export {
  declareCollections,
  LeasedProjections,
  SharedProjections,
  LEASE_ATTEMPT_MS,
  LEASE_RENEW_MS,
  LEASE_TTL_MS,
  type LeasedProjectionsOptions,
  type ProjectionsMode,
} from './leased-projections.js';
