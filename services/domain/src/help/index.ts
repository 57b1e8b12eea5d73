export * from './help.js';
export * from './faq-management.js';
export * from './banner-management.js';
export * from './manual-management.js';
