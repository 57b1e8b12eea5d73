export * from './types.js';
export { DEMO_CATALOGUE } from './demo-catalogue.js';
export * from './publish.js';
export * from './contracts.js';
