export * from './partner-offers.js';
