export * from './dashboards.projection.js';
export * from './queries.js';
