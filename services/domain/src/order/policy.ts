import { effectiveCompanyId, effectivePrincipal, isStaff, type Actor } from '../identity/actor.js';
import { isAllowed, type AccessRule } from '../identity/roles.js';
import { CUSTOMER_VISIBLE_STATUSES, type OrderStatus } from './statuses.js';
import type { CreationType } from './types.js';

/*
 * Order role rules (docs/product.md, who uses it), shared by the decider, the api and the console.
 * Customer rules use the effective principal: when staff act on behalf of a customer user, that user's
 * type and role count. Staff rules use the real caller: staff stay staff while acting on behalf.
 */

/** Who works with orders at all: the service links rule (OEM four roles, any EC role). */
export const ORDER_WORK_RULE: AccessRule = { OEM: ['ADMIN', 'PLANNER', 'SALES', 'SUPERVISOR'], EC: [] };
/** Who may order a service or accept an offer; the other roles are 'sales' roles. */
export const ORDERING_RULE: AccessRule = { OEM: ['ADMIN', 'PLANNER'], EC: ['ADMIN', 'PLANNER'] };
/** Who sees the supervisors section of the job page, besides staff. */
export const SUPERVISOR_SECTION_RULE: AccessRule = { OEM: [] };

/** Creates drafts, requests quotes, changes, cancels or rejects quote requests, gives feedback. */
export function canRequestQuote(actor: Actor): boolean {
  return isAllowed(ORDER_WORK_RULE, effectivePrincipal(actor));
}

/** Submits direct orders, and changes, cancels or rejects orders already submitted. */
export function canOrder(actor: Actor): boolean {
  return isAllowed(ORDERING_RULE, effectivePrincipal(actor));
}

export function canAcceptOffer(actor: Actor): boolean {
  return isAllowed(ORDERING_RULE, effectivePrincipal(actor));
}

/** EC users may only request quotes. */
export function canCreateDirectOrder(actor: Actor): boolean {
  return effectivePrincipal(actor).type !== 'EC' && canOrder(actor);
}

/** An EC draft is always a quote request, whatever was asked for. */
export function creationTypeFor(actor: Actor, requested: CreationType): CreationType {
  return effectivePrincipal(actor).type === 'EC' ? 'QUOTE_REQUEST' : requested;
}

/** Why the Accept button is disabled, if it is: the console shows it as a tooltip. */
export type AcceptOfferBlocker = 'role_restriction' | 'company_profile_incomplete';

export function acceptOfferBlocker(actor: Actor, companyProfileCompleted: boolean): AcceptOfferBlocker | null {
  if (!canAcceptOffer(actor)) return 'role_restriction';
  return companyProfileCompleted ? null : 'company_profile_incomplete';
}

/** Staff-only order actions: offers, decline, close, reopen, delete, jobs, owner, financial info, supervisors. */
export function canActAsProvider(actor: Actor): boolean {
  return isStaff(actor);
}

/** Internal comments and financial information. */
export function canSeeInternal(actor: Actor): boolean {
  return isStaff(actor);
}

export function canSeeSupervisors(actor: Actor): boolean {
  return isAllowed(SUPERVISOR_SECTION_RULE, effectivePrincipal(actor)) || isStaff(actor);
}

/**
 * Whether the actor may know that this order exists, for commands as for reads: staff see the orders of the
 * countries in their filter (all without one); customers, and staff acting on behalf of one, see their
 * company's orders except those still in preparation or deleted. An order the actor may not see is 404,
 * whatever else is wrong with the request.
 */
export function canSeeOrder(actor: Actor, order: { readonly status: OrderStatus; readonly companyId: string; readonly country: string }): boolean {
  if (isStaff(actor) && !actor.onBehalfOf) {
    const countries = actor.countriesFilter ?? [];
    return countries.length === 0 || countries.includes(order.country);
  }
  return effectiveCompanyId(actor) === order.companyId && CUSTOMER_VISIBLE_STATUSES.includes(order.status);
}

/** The country an order counts for (staff country filters): its service location's, else its customer's. */
export function orderCountryOf(order: {
  readonly content: { readonly location?: { readonly country?: string } | null };
  readonly customer: { readonly country: string };
}): string {
  return order.content.location?.country ?? order.customer.country;
}
