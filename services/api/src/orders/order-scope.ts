import type { Actor } from '@onsite/domain';
import type { OrderScope } from '@onsite/projections';

/** Customers see their company's orders (the acted-for customer's, when staff act on behalf); staff their countries. */
export function orderScopeOf(actor: Actor): OrderScope {
  if (actor.onBehalfOf) return { kind: 'company', companyId: actor.onBehalfOf.companyId };
  if (actor.type === 'BL') return { kind: 'staff', countries: actor.countriesFilter ?? [] };
  return { kind: 'company', companyId: actor.companyId };
}

/** Every order: for the server's own look-ups (audit, live updates), never to answer a caller. */
export const EVERY_ORDER: OrderScope = { kind: 'staff', countries: [] };
