export * from './partner-offers.js';
export { demoPartnerOffers } from './demo-partner-offers.js';
