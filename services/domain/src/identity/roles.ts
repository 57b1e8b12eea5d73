/** User types and roles (docs/product.md, who uses it). */
export const USER_TYPES = ['BL', 'OEM', 'EC'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** AUDITOR: read-only staff (D15): sees every order of its countries and exports evidence, changes nothing. */
export const ROLES = ['ADMIN', 'PLANNER', 'SALES', 'QUOTATION_ONLY', 'SUPERVISOR', 'MANAGEMENT', 'AUDITOR'] as const;
export type Role = (typeof ROLES)[number];

/** The roles each user type may hold (roles offered when creating or editing users). */
export const ROLES_BY_TYPE: Readonly<Record<UserType, readonly Role[]>> = {
  BL: ['ADMIN', 'PLANNER', 'SALES', 'QUOTATION_ONLY', 'SUPERVISOR', 'AUDITOR'],
  OEM: ['ADMIN', 'PLANNER', 'SALES', 'SUPERVISOR', 'MANAGEMENT'],
  EC: ['ADMIN', 'PLANNER', 'QUOTATION_ONLY', 'SUPERVISOR'],
};

/**
 * A rule maps a user type to its allowed roles. An empty list allows any role of that type;
 * a type missing from the rule is denied (docs/security.md, access rules).
 */
export type AccessRule = Partial<Readonly<Record<UserType, readonly Role[]>>>;

export interface Principal {
  readonly type: UserType;
  readonly role: Role;
}

export function isAllowed(rule: AccessRule, principal: Principal | null | undefined): boolean {
  if (!principal) return false;
  const roles = rule[principal.type];
  if (!roles) return false;
  return roles.length === 0 || roles.includes(principal.role);
}
