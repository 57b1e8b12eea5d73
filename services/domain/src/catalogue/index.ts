export * from './types.js';
export * from './publish.js';
export * from './coupons.js';
export * from './coupon-management.js';
export * from './missing-service.js';
export * from './catalogue-management.js';
