export * from './order-views.js';
export * from './orders.projection.js';
export * from './queries.js';
