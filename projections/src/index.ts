export * from './runner/index.js';
export { runRebuildCli, type RebuildCliOptions } from './cli/rebuild.js';
export * from './read-models.js';
