import { ACCESS_RULES, canSeeDashboard, FOUR_OEM_ROLES, isAllowed, mayChangeAnything, ORDER_WORK_RULE, type AccessRule, type Principal } from '@onsite/domain';

export { isAllowed };

/**
 * Who may open what. The shell rules (menu, contact link) are the domain's `ACCESS_RULES` (docs/security.md), shared
 * with the api; the route rules (docs/product.md, screens) are added here as data. An empty role list means any role.
 */
export const ACCESS = {
  ...ACCESS_RULES,
  /** '' / home, contact, my-service-orders: OEM four roles, EC any (the domain's order-work rule). */
  orderWork: ORDER_WORK_RULE,
  myServiceOrders: ORDER_WORK_RULE,
  /** After submitting: OEM four roles, EC any, and staff acting for a customer (decision D20). */
  orderConfirmation: { OEM: FOUR_OEM_ROLES, EC: [], BL: [] },
  orderDetail: { BL: [], OEM: [], EC: [] },
  /** Service portfolio: BL users are sent away. */
  servicePortfolio: { OEM: FOUR_OEM_ROLES, EC: [] },
  /** service-order / service-quote: OEM four roles; BL only while ordering on behalf of a customer. */
  serviceOrder: { OEM: FOUR_OEM_ROLES, BL: [] },
  imprint: { OEM: [], BL: [], EC: [] },
  /** The route user-management: OEM four roles, BL any, EC ADMIN. */
  userManagementRoute: ACCESS_RULES.userList,
  orderForm: { BL: [], EC: [] },
  orderPreparation: { BL: [] },
  anyUser: { BL: [], OEM: [], EC: [] },
  /** The coupons of the back office: every staff member reads them; catalogueManagement changes them (D204). */
  coupons: { BL: [] },
  /** The catalogue of the back office: every staff member reads it; catalogueManagement changes it (D208). */
  catalogueAdmin: { BL: [] },
  /** The help questions of the back office: every staff member reads them; contentManagement changes them (D205). */
  helpContent: { BL: [] },
  /** The legal documents of the back office: every staff member reads them; contentManagement publishes (D206). */
  legalDocuments: { BL: [] },
  /** Menu entries that differ from the route rules. */
  companyInformationMenu: { OEM: ['ADMIN'], EC: ['ADMIN'] },
  servicePortfolioMenu: { OEM: FOUR_OEM_ROLES },
  /** The 'get a quote' link of the primary navigation. */
  getQuoteNav: { EC: [] },
} satisfies Record<string, AccessRule>;

export type AccessName = keyof typeof ACCESS;

/** What a guard or menu check needs of the signed-in user. */
export interface AccessSubject extends Principal {
  readonly hasKibanaAccess?: boolean | null;
}

export function can(rule: AccessRule, principal: Principal | null | undefined): boolean {
  return isAllowed(rule, principal);
}

/** The dashboard (route and menu): OEM MANAGEMENT or the Kibana flag. */
export function canOpenDashboard(subject: AccessSubject | null | undefined): boolean {
  return Boolean(subject) && canSeeDashboard({ type: subject!.type, role: subject!.role, hasKibanaAccess: subject!.hasKibanaAccess === true });
}

/** A route check: a rule, or a predicate for the flag-based ones (dashboard). */
export type RouteAccess = AccessRule | ((subject: AccessSubject) => boolean);

export function mayOpen(access: RouteAccess, subject: AccessSubject): boolean {
  return typeof access === 'function' ? access(subject) : isAllowed(access, subject);
}

/** What a check of the person signed in needs: their own principal, and the staff member behind it when acting for a customer. */
export interface SignedIn extends Principal {
  readonly blUser?: Principal | null;
}

/**
 * Whether the person signed in may change anything (every action, form and dialog that writes): false for a read-only
 * role such as the auditor, whoever they would act for — the caller's own role counts, as on the server.
 */
export function mayChange(subject: SignedIn | null | undefined): boolean {
  if (!subject) return false;
  return mayChangeAnything(subject.blUser ?? subject);
}

/** Staff signed in as themselves, not acting on behalf of a customer. */
export function isStaffAsSelf(subject: SignedIn | null | undefined): boolean {
  return Boolean(subject) && subject!.type === 'BL' && !subject!.blUser;
}

/** Where a user lands when a page is not for them (docs/product.md, screens). */
export type DefaultPage = 'companies' | 'dashboard' | 'servicePortfolio';

export function defaultPageOf(subject: Principal): DefaultPage {
  if (subject.type === 'BL') return 'companies';
  if (subject.type === 'OEM' && subject.role === 'MANAGEMENT') return 'dashboard';
  return 'servicePortfolio';
}
