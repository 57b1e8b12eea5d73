export * from './event-store/event-store.js';
export * from './document-store/document-store.js';
