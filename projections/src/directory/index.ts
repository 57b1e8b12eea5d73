export * from './directory.projection.js';
export * from './queries.js';
