export * from './help.js';
export { DEMO_HELP } from './demo-help.js';
export * from './faq-management.js';
export * from './banner-management.js';
