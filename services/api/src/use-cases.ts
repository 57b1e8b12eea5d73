import type { Type } from '@nestjs/common';
import { AGREEMENT_USE_CASES } from './agreements/agreement-use-cases.js';
import { API_TOKEN_USE_CASES } from './api-tokens/api-token-use-cases.js';
import { CATALOGUE_USE_CASES } from './catalogue/catalogue-use-cases.js';
import { COUPON_USE_CASES } from './catalogue/coupon-use-cases.js';
import { HELP_CONTENT_USE_CASES } from './cms/help-content-use-cases.js';
import { MANUAL_USE_CASES } from './cms/manual-use-cases.js';
import { SUPPORT_CONTACTS_USE_CASES } from './cms/support-contacts-use-cases.js';
import { useCaseControllers } from './common/command-routes.js';
import { COMPANY_USE_CASES } from './companies/company-use-cases.js';
import { PASSWORD_USE_CASES } from './identity/password-use-cases.js';
import { LEGAL_DOCUMENT_USE_CASES } from './legal/legal-document-use-cases.js';
import { PARTNER_OFFER_USE_CASES } from './partners/partner-offer-use-cases.js';
import { REGISTRATION_USE_CASES } from './registration/registration-use-cases.js';
import { SETUP_USE_CASES } from './setup/setup-use-cases.js';
import { USER_USE_CASES } from './users/user-use-cases.js';
import { WEBHOOK_USE_CASES } from './webhooks/webhook-use-cases.js';

/**
 * Every aggregate's command table, with the OpenAPI tag its routes are listed under: each table's routes are served
 * by one generic path on the command bus (common/command-routes.ts). Orders declare theirs in orders/order-use-cases.ts.
 */
export const USE_CASE_CONTROLLERS: Type<unknown>[] = [
  ...useCaseControllers('session', PASSWORD_USE_CASES),
  ...useCaseControllers('users', USER_USE_CASES),
  ...useCaseControllers('companies', COMPANY_USE_CASES),
  ...useCaseControllers('agreements', AGREEMENT_USE_CASES),
  ...useCaseControllers('registration', REGISTRATION_USE_CASES),
  ...useCaseControllers('setup', SETUP_USE_CASES),
  ...useCaseControllers('catalogue', CATALOGUE_USE_CASES),
  ...useCaseControllers('catalogue', COUPON_USE_CASES),
  ...useCaseControllers('cms', HELP_CONTENT_USE_CASES),
  ...useCaseControllers('cms', MANUAL_USE_CASES),
  ...useCaseControllers('cms', SUPPORT_CONTACTS_USE_CASES),
  ...useCaseControllers('partner-offers', PARTNER_OFFER_USE_CASES),
  ...useCaseControllers('api-tokens', API_TOKEN_USE_CASES),
  ...useCaseControllers('legal', LEGAL_DOCUMENT_USE_CASES),
  ...useCaseControllers('webhooks', WEBHOOK_USE_CASES),
];
