import { conflict, DomainError } from '../shared/errors.js';
import type { OrderStatus } from './statuses.js';

/** Codes the order decider throws besides `validation_error`, `forbidden` and `not_found`; the console translates `error.<code>`. */
export const ORDER_ERROR_CODES = [
  'orderError',
  'change_not_requested',
  'change_pending',
  'offer_not_open',
  'offer_expired',
  'offer_not_expired',
  'order_already_completed',
  'order_not_completed',
  'unknown_job',
  'company_profile_incomplete',
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

/** The `orderError` conflict: the order's status forbids the action. */
export const orderStatusError = (status: OrderStatus): DomainError => conflict('orderError', `The order is in ${status} status.`);

export const changeNotRequested = (): DomainError => conflict('change_not_requested', 'Request a change before editing or resubmitting this order.');
export const changePending = (): DomainError => conflict('change_pending', 'The customer is changing this order; wait for the resubmission.');
export const offerNotOpen = (offerId: string): DomainError => conflict('offer_not_open', `Offer ${offerId} is not the open offer of this order.`);
export const companyProfileIncomplete = (): DomainError =>
  new DomainError('company_profile_incomplete', 'forbidden', 'Company information must be completed by an admin before offers can be accepted.');
