export * from './legal-document-management.js';
