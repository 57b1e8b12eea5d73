import type { Principal, Role, UserType } from './roles.js';

/**
 * Who issues a command. When staff act on behalf of a customer user, `onBehalfOf` holds that user and the
 * customer's type and role count for every rule (docs/product.md, who uses it).
 */
export interface Actor {
  readonly userId: string;
  readonly type: UserType;
  readonly role: Role;
  readonly companyId: string;
  readonly country: string;
  /** Staff only: the countries whose orders this staff member sees (empty: all). */
  readonly countriesFilter?: readonly string[];
  readonly onBehalfOf?: ActingFor;
  /** The API token the request came with (D211): the user above is the one whose rights bound it. */
  readonly viaApiToken?: ApiTokenRef;
}

/** An API token as events record it. */
export interface ApiTokenRef {
  readonly id: string;
  readonly name: string;
}

export interface ActingFor {
  readonly userId: string;
  readonly type: UserType;
  readonly role: Role;
  readonly companyId: string;
  readonly country: string;
}

/** The principal whose type and role count for a rule: the acted-for user, else the caller. */
export function effectivePrincipal(actor: Actor): Principal {
  return actor.onBehalfOf ? { type: actor.onBehalfOf.type, role: actor.onBehalfOf.role } : { type: actor.type, role: actor.role };
}

/** The company on whose behalf the command runs. */
export function effectiveCompanyId(actor: Actor): string {
  return actor.onBehalfOf ? actor.onBehalfOf.companyId : actor.companyId;
}

export function effectiveUserId(actor: Actor): string {
  return actor.onBehalfOf ? actor.onBehalfOf.userId : actor.userId;
}

export function isStaff(actor: Actor): boolean {
  return actor.type === 'BL';
}
