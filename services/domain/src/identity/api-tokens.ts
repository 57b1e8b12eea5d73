import { z } from 'zod';
import type { CommandContext } from '../shared/command.js';
import type { Decider } from '../shared/decider.js';
import { forbidden, notFound, validationError } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { effectiveCompanyId, isStaff, type Actor } from './actor.js';
import { canUse, mayChangeAnything } from './policy.js';
import type { Role, UserType } from './roles.js';

/**
 * API tokens of a customer company (D211): a named secret a customer's own system (an ERP) sends as
 * `Authorization: Bearer <token>` to read its company's orders and, with the write scope, to place quote requests and
 * answer offers. One stream per token; the secret itself is never stored, only its SHA-256.
 */
export const apiTokenStreamId = (id: string): string => `api-token-${id}`;

/** What a token may call: `orders:read` reads the company's orders; `orders:write` also places and answers them. */
export const API_TOKEN_SCOPES = ['orders:read', 'orders:write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token shows what it is at a glance (a secret scanner can find it): `onsite_tok_<id>.<secret>`. */
export const API_TOKEN_PREFIX = 'onsite_tok_';

/** The longest a token may live. */
export const API_TOKEN_MAX_DAYS = 366;

/** Whether a route of this scope may be called with a token of that scope (write includes read). */
export function scopeAllows(granted: ApiTokenScope, needed: ApiTokenScope): boolean {
  return granted === needed || granted === 'orders:write';
}

export const CreateApiTokenSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'Enter a name.' }).max(80, { error: 'A name has at most 80 characters.' }),
    scope: z.enum(API_TOKEN_SCOPES, { error: 'Choose orders:read or orders:write.' }),
    /** ISO 8601 instant; after now and at most API_TOKEN_MAX_DAYS ahead. */
    expiresAt: z.iso.datetime({ offset: true, error: 'Enter the expiry as an ISO 8601 instant.' }),
    /** The customer user whose rights bound the token; default the caller (or the customer staff act for). */
    userId: z.string().trim().min(1).max(100).optional(),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'CreateApiToken', description: 'A new API token: its name, scope, expiry and the user whose rights it never exceeds.' });
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenSchema>;

export const RevokeApiTokenSchema = z.object({ id: z.string().trim().min(1).max(100), onBehalfOfUserId: z.string().optional() }).meta({ id: 'RevokeApiToken' });

export interface ApiTokenRecord {
  readonly id: string;
  readonly name: string;
  readonly companyId: string;
  readonly scope: ApiTokenScope;
  readonly expiresAt: string;
  /** The user whose rights bound the token, with that user's type and role when it was made. */
  readonly userId: string;
  readonly userType: UserType;
  readonly role: Role;
  /** SHA-256 (hex) of the secret part; the secret is shown once and never kept. */
  readonly secretHash: string;
}

export type ApiTokenEvent = DomainEvent<'API_TOKEN_CREATED', { readonly token: ApiTokenRecord }> | DomainEvent<'API_TOKEN_REVOKED', { readonly id: string }>;

export interface ApiTokenState {
  readonly token: ApiTokenRecord | null;
  readonly revoked: boolean;
}

/** The user a new token acts as, as the api read it. */
export interface ApiTokenUserFact {
  readonly userId: string;
  readonly type: UserType;
  readonly role: Role;
  readonly companyId: string;
  readonly active: boolean;
}

export type ApiTokenCommand =
  | {
      readonly type: 'CreateApiToken';
      readonly data: { readonly id: string; readonly name: string; readonly scope: ApiTokenScope; readonly expiresAt: string; readonly secretHash: string };
      readonly facts: { readonly user: ApiTokenUserFact };
    }
  | { readonly type: 'RevokeApiToken' };

/**
 * Who manages the tokens of a company: its customer administrators, and staff administrators for any company. Like
 * user administration, the logged-in user's own rights count (staff stay staff when acting for a customer).
 */
export function canManageApiTokens(actor: Actor, companyId: string): boolean {
  const caller = { type: actor.type, role: actor.role };
  if (actor.viaApiToken || !canUse('apiTokens', caller) || !mayChangeAnything(caller)) return false;
  return isStaff(actor) || effectiveCompanyId(actor) === companyId;
}

export const initialApiTokenState: ApiTokenState = { token: null, revoked: false };

function assertExpiry(expiresAt: string, now: string): void {
  const at = Date.parse(expiresAt);
  const from = Date.parse(now);
  if (!(at > from) || at - from > API_TOKEN_MAX_DAYS * 86_400_000) {
    const message = `The expiry must be in the future and at most ${API_TOKEN_MAX_DAYS} days ahead.`;
    throw validationError(message, [{ path: 'expiresAt', code: 'expiry_out_of_range', message }]);
  }
}

export const apiTokenDecider: Decider<ApiTokenCommand, ApiTokenState, ApiTokenEvent> = {
  initialState: initialApiTokenState,
  // Another company's token does not exist for a customer administrator.
  canSee: (state, actor) => !state.token || isStaff(actor) || effectiveCompanyId(actor) === state.token.companyId,
  decide(command, state, ctx: CommandContext) {
    switch (command.type) {
      case 'CreateApiToken': {
        const { user } = command.facts;
        if (!canManageApiTokens(ctx.actor, user.companyId)) throw forbidden('Only administrators of the company manage its API tokens.');
        if (state.token) throw validationError('This token exists already.');
        if (user.type === 'BL' || !user.active) throw notFound('The user to act as does not exist.', 'user_not_found');
        assertExpiry(command.data.expiresAt, ctx.now);
        const token: ApiTokenRecord = {
          id: command.data.id,
          name: command.data.name,
          companyId: user.companyId,
          scope: command.data.scope,
          expiresAt: new Date(command.data.expiresAt).toISOString(),
          userId: user.userId,
          userType: user.type,
          role: user.role,
          secretHash: command.data.secretHash,
        };
        return [{ type: 'API_TOKEN_CREATED', data: { token } }];
      }
      case 'RevokeApiToken': {
        if (!state.token) throw notFound('There is no such API token.', 'api_token_not_found');
        if (!canManageApiTokens(ctx.actor, state.token.companyId)) throw forbidden('Only administrators of the company manage its API tokens.');
        if (state.revoked) return [];
        return [{ type: 'API_TOKEN_REVOKED', data: { id: state.token.id } }];
      }
      default:
        return assertNever(command, 'api token command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'API_TOKEN_CREATED':
        return { ...state, token: event.data.token };
      case 'API_TOKEN_REVOKED':
        return { ...state, revoked: true };
      default:
        return assertNever(event, 'api token event');
    }
  },
};
