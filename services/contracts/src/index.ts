/**
 * The api's HTTP contracts: the request and answer shapes the api validates and documents (OpenAPI) and the
 * console parses, so the two cannot drift apart. Built on the domain's values; the domain knows nothing of them.
 */
export * from './shared/contact-request.js';
export * from './shared/answers.js';
export * from './identity/registration-schemas.js';
export * from './identity/user-schemas.js';
export * from './identity/profile-schemas.js';
export * from './identity/company-schemas.js';
export type * from './shared/contract.js';
export * from './dashboards/dashboard-schemas.js';
export * from './order/list-schemas.js';
export * from './order/request-schemas.js';
export * from './order/read-schemas.js';
export * from './catalogue/contracts.js';
export * from './identity/outbox.js';
export * from './help/help-views.js';
export * from './partners/partner-offer-views.js';
export * from './identity/setup-schemas.js';
export * from './legal/legal-views.js';
export * from './identity/webhook-views.js';
export * from './identity/api-token-views.js';
export * from './support/support-contact-views.js';
export * from './catalogue/catalogue-views.js';
export * from './catalogue/coupon-views.js';
export * from './help/faq-views.js';
export * from './help/manual-views.js';
export * from './order/job-report-views.js';
export * from './shared/legal-document-views.js';
export * from './back-office/change-histories.js';
export * from './identity/session-requests.js';
export * from './audit/audit-requests.js';
export * from './shared/file-requests.js';
