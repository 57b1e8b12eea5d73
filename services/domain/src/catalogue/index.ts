export * from './types.js';
export { DEMO_CATALOGUE } from './demo-catalogue.js';
export * from './publish.js';
export * from './contracts.js';
export * from './coupons.js';
export * from './coupon-management.js';
export * from './missing-service.js';
