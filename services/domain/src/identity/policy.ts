import { effectiveCompanyId, isStaff, type Actor } from './actor.js';
import { isAllowed, ROLES_BY_TYPE, type AccessRule, type Principal, type Role, type UserType } from './roles.js';

/** The OEM roles that work with orders (every OEM role but MANAGEMENT). */
export const FOUR_OEM_ROLES: readonly Role[] = ['ADMIN', 'PLANNER', 'SALES', 'SUPERVISOR'];

/**
 * The shell and route rules (docs/security.md) as data. The api enforces them; the console hides what they deny.
 * An empty role list allows every role of the type; a missing type is denied.
 */
export const ACCESS_RULES = {
  serviceLinks: { OEM: FOUR_OEM_ROLES, EC: [] },
  orderHistory: { BL: [] },
  companies: { BL: [] },
  kpi: { BL: [] },
  personalPage: { BL: [] },
  /** Shell: ADMIN of OEM, BL and EC; the route gives BL any role. Auditors (read-only) manage nobody. */
  userManagement: { BL: ROLES_BY_TYPE.BL.filter((role) => role !== 'AUDITOR'), OEM: ['ADMIN'], EC: ['ADMIN'] },
  /** Reading the user list of one's company (route user-management: OEM four roles, BL any, EC ADMIN). */
  userList: { BL: [], OEM: FOUR_OEM_ROLES, EC: ['ADMIN'] },
  companyInformation: { BL: [], OEM: ['ADMIN'], EC: ['ADMIN'] },
  help: { EC: [], OEM: FOUR_OEM_ROLES },
  /** The partner marketplace: customers who order read it; staff manage it (decision D34). */
  partnerOffers: { BL: [], OEM: FOUR_OEM_ROLES, EC: [] },
  contactModal: { OEM: [] },
  dashboard: { OEM: ['MANAGEMENT'] },
  /** The dev outbox (embedded profile): it carries live reset links, so staff administrators only. */
  devOutbox: { BL: ['ADMIN'] },
  /** The provider's content (support contacts): staff administrators change it (docs/security.md). */
  contentManagement: { BL: ['ADMIN'] },
  /** The catalogue's coupons: staff administrators and sales staff change them; every staff member reads them (D204). */
  catalogueManagement: { BL: ['ADMIN', 'SALES'] },
  /** API tokens of a company (D211): its customer administrators, and staff administrators for any company. */
  apiTokens: { BL: ['ADMIN'], OEM: ['ADMIN'], EC: ['ADMIN'] },
  /** Webhooks of a company (D215): its customer administrators, and staff administrators for any company. */
  webhooks: { BL: ['ADMIN'], OEM: ['ADMIN'], EC: ['ADMIN'] },
} as const satisfies Record<string, AccessRule>;

export type Feature = keyof typeof ACCESS_RULES;

export function canUse(feature: Feature, principal: Principal | null | undefined): boolean {
  return isAllowed(ACCESS_RULES[feature], principal);
}

/** The dashboard link: OEM MANAGEMENT, or anyone with the Kibana flag. */
export function canSeeDashboard(user: Principal & { readonly hasKibanaAccess: boolean }): boolean {
  return user.hasKibanaAccess || canUse('dashboard', user);
}

/** The caller's own principal: user and company administration follow who is logged in, not who is acted for. */
const callerOf = (actor: Actor): Principal => ({ type: actor.type, role: actor.role });

/** Staff see every company; customers only their own (the acted-for customer's when staff act on behalf). */
export function canSeeCompany(actor: Actor, companyId: string): boolean {
  return isStaff(actor) || effectiveCompanyId(actor) === companyId;
}

export function canListUsersOf(actor: Actor, companyId: string): boolean {
  return canSeeCompany(actor, companyId) && canUse('userList', isStaff(actor) ? callerOf(actor) : { type: actor.type, role: actor.role });
}

/** Invite, edit, activate, archive and delete users: staff, or an admin of that company. */
export function canManageUsersOf(actor: Actor, companyId: string): boolean {
  return canSeeCompany(actor, companyId) && canUse('userManagement', callerOf(actor)) && mayChangeAnything(callerOf(actor));
}

export function canEditCompany(actor: Actor, companyId: string): boolean {
  return canSeeCompany(actor, companyId) && canUse('companyInformation', callerOf(actor)) && mayChangeAnything(callerOf(actor));
}

/**
 * Staff-only user settings: passwords of others, countriesToOrder (OEM users), countriesFilter (staff users),
 * dashboard access and tags (OEM users), re-invite channels, EULA reset and force login.
 */
export const canUseStaffTools = (actor: Actor): boolean => isStaff(actor) && mayChangeAnything(callerOf(actor));

/** Roles offered when creating or editing a user of `targetType` (MANAGEMENT only for OEM users). */
export function assignableRoles(targetType: UserType, supervisorOnly = false): readonly Role[] {
  return supervisorOnly ? ['SUPERVISOR'] : ROLES_BY_TYPE[targetType];
}

/**
 * Read-only roles (D15): an auditor may see every order of its countries, its history and the audit
 * evidence, and may change nothing. The api refuses every command route to these roles (403 forbidden); the
 * console hides every action from them.
 */
export const READ_ONLY_ROLES: readonly Role[] = ['AUDITOR'];

/** Whether the principal may issue commands at all (false for read-only roles such as AUDITOR). */
export function mayChangeAnything(principal: Principal | null | undefined): boolean {
  return !!principal && !READ_ONLY_ROLES.includes(principal.role);
}

/** The caller's own role counts: an auditor stays read-only whoever it would act for. */
export const isReadOnlyActor = (actor: Actor): boolean => !mayChangeAnything(callerOf(actor));

/** Who may export audit evidence (the tamper-evident event export): staff administrators and auditors. */
export const AUDIT_EXPORT_RULE: AccessRule = { BL: ['ADMIN', 'AUDITOR'] };

export function canExportAuditEvidence(actor: Actor): boolean {
  return !actor.onBehalfOf && isAllowed(AUDIT_EXPORT_RULE, callerOf(actor));
}
