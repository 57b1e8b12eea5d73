import { isAllowed, ORDER_WORK_RULE, type AccessRule, type Principal } from '@onsite/domain';

export { isAllowed };

/** Who may open what (spec sections 2.1 and 6): an empty role list means any role of that type. */
export const ACCESS = {
  /** Customers who work with orders (the domain's rule) and every staff member. */
  myServiceOrders: { ...ORDER_WORK_RULE, BL: [] },
  orderDetail: { BL: [], OEM: [], EC: [] },
  /** The one-page 'get your quote' checkout. */
  orderForm: { BL: [], EC: [] },
  /** The 'get a quote' link of the primary navigation. */
  getQuoteNav: { EC: [] },
} satisfies Record<string, AccessRule>;

export function can(rule: AccessRule, principal: Principal | null | undefined): boolean {
  return isAllowed(rule, principal);
}
