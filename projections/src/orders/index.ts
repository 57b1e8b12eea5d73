export * from './order-scope.js';
export * from './order-read-model.js';
export * from './order-detail/order-detail.js';
export * from './order-detail/order-detail.queries.js';
export * from './order-list/order-list.js';
export * from './order-list/order-list.queries.js';
export * from './orders.projection.js';
export * from './order-state.js';
