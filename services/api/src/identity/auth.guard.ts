import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, forbidden, scopeAllows, type Actor, type ApiTokenScope } from '@onsite/domain';
import { getUserWithCompany, type CompanyView, type UserView, type UserWithCompany } from '@onsite/projections';
import { API_TOKEN_SCOPE, ApiTokenAuth, isApiTokenForm, tokenInvalid, tokenScopeRefused } from '../api-tokens/api-token-auth.js';
import { refuseCommandsToReadOnly } from '../audit/read-only-routes.js';
import type { AppRequest, AuthContext } from '../common/request-context.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { SessionService } from './sessions.js';

const PUBLIC = 'onsite:public';
/** Marks a route that needs no session. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC, true);

const WITHOUT_AGREEMENTS = 'onsite:without-agreements';
/** Marks a route a user may call before accepting the licence and the privacy policy. */
export const AllowWithoutAgreements = (): MethodDecorator => SetMetadata(WITHOUT_AGREEMENTS, true);

const agreementsRequired = () =>
  new DomainError('agreements_required', 'forbidden', 'The licence agreement and the privacy policy must be accepted to keep working.');

const sessionGone = () => new DomainError('session_expired', 'unauthenticated', 'Your session has ended. Please log in again.');

export function actorOf(user: UserView, onBehalfOf?: UserView): Actor {
  return {
    userId: user._id,
    type: user.type,
    role: user.role,
    companyId: user.company._id,
    country: user.country,
    ...(user.type === 'BL' ? { countriesFilter: user.countriesFilter } : {}),
    ...(onBehalfOf
      ? { onBehalfOf: { userId: onBehalfOf._id, type: onBehalfOf.type, role: onBehalfOf.role, companyId: onBehalfOf.company._id, country: onBehalfOf.country } }
      : {}),
  };
}

/** The companies read with the caller and the user acted for, by id. */
function companiesOf(...read: ReadonlyArray<UserWithCompany | null | undefined>): ReadonlyMap<string, CompanyView> {
  const companies = new Map<string, CompanyView>();
  for (const entry of read) if (entry?.company) companies.set(entry.company._id, entry.company);
  return companies;
}

/** What a route asks of its caller, read once per handler from its decorators (they are fixed once the class exists). */
interface RoutePolicy {
  readonly isPublic: boolean;
  readonly withoutAgreements: boolean;
  /** The scope an API token needs for this route; none: no token may call it (D211). */
  readonly tokenScope: ApiTokenScope | undefined;
}

/**
 * Every route needs a live session unless marked @Public(). The guard resolves the bearer token, loads the
 * user, and — when staff send `onBehalfOfUserId` — the customer user they act for. The session and the user are
 * read on every request (revocation, a deactivated user and the agreements take effect at once); only the route's
 * decorators are read once per handler, and a public route is let through without a promise (D84).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  /** Per controller class, then per handler: a handler inherited by two controllers may differ by class decorator. */
  private readonly policies = new WeakMap<object, WeakMap<object, RoutePolicy>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {
    this.apiTokens = new ApiTokenAuth(runtime.eventStore, runtime.documentStore, runtime.clock);
  }

  private readonly apiTokens: ApiTokenAuth;

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const policy = this.policyOf(context);
    return policy.isPublic ? true : this.requireSession(context, policy);
  }

  private policyOf(context: ExecutionContext): RoutePolicy {
    const handler = context.getHandler();
    const controller = context.getClass();
    let ofClass = this.policies.get(controller);
    if (!ofClass) this.policies.set(controller, (ofClass = new WeakMap()));
    let policy = ofClass.get(handler);
    if (!policy) {
      policy = {
        isPublic: this.reflector.getAllAndOverride<boolean>(PUBLIC, [handler, controller]) === true,
        withoutAgreements: this.reflector.get<boolean>(WITHOUT_AGREEMENTS, handler) === true,
        tokenScope: this.reflector.getAllAndOverride<ApiTokenScope | undefined>(API_TOKEN_SCOPE, [handler, controller]),
      };
      ofClass.set(handler, policy);
    }
    return policy;
  }

  private async requireSession(context: ExecutionContext, policy: RoutePolicy): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AppRequest>();
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw sessionGone();
    if (isApiTokenForm(token)) return this.requireApiToken(request, token, policy);
    const session = await this.sessions.resolve(token);
    if (!session) throw sessionGone();
    const store = this.runtime.documentStore;
    // A forced session (staff logged in as a customer) is staff acting on behalf of that customer.
    const [caller, forced] = session.blUserId
      ? [await getUserWithCompany(store, session.blUserId), await getUserWithCompany(store, session.userId)]
      : [await getUserWithCompany(store, session.userId), undefined];
    const user = caller?.user;
    const forcedFor = forced?.user;
    if (!user || user.status !== 'ACTIVE' || (session.blUserId && (!forcedFor || forcedFor.status !== 'ACTIVE'))) {
      await this.sessions.revoke(session.id);
      throw sessionGone();
    }
    if (!policy.withoutAgreements && !(user.acceptUserLicence && user.privacyPolicyAccepted)) throw agreementsRequired();
    const actingFor = forced ?? (await this.actingFor(request, user));
    const onBehalfOf = actingFor?.user;
    request.auth = {
      sessionId: session.id,
      user,
      onBehalfOf,
      actor: actorOf(user, onBehalfOf),
      companies: companiesOf(caller, actingFor),
    } satisfies AuthContext;
    // Auditors (read-only roles) may call queries only: every command route is refused here, before its handler.
    refuseCommandsToReadOnly(request.auth.actor, request.method, request.routeOptions?.url ?? request.url.split('?')[0]!);
    return true;
  }

  /**
   * An API token (D211) acts as the user it was made with, in that user's company, never wider than that user's role
   * when it was made and its own scope: a route that names no scope, or a wider one, is 403 `token_scope`. The token
   * is read from its stream on every request (a revocation counts at once); the user must still be active with the
   * same role and company, or the token no longer works (401).
   */
  private async requireApiToken(request: AppRequest, bearer: string, policy: RoutePolicy): Promise<boolean> {
    const token = await this.apiTokens.resolve(bearer, request.ip);
    const found = await getUserWithCompany(this.runtime.documentStore, token.userId);
    const user = found?.user;
    if (!user || user.status !== 'ACTIVE' || user.role !== token.role || user.type !== token.userType || user.company._id !== token.companyId) {
      throw tokenInvalid();
    }
    if (!policy.tokenScope || !scopeAllows(token.scope, policy.tokenScope)) throw tokenScopeRefused();
    const body = request.body as { onBehalfOfUserId?: unknown } | undefined;
    const query = request.query as { onBehalfOfUserId?: unknown } | undefined;
    if (body?.onBehalfOfUserId || query?.onBehalfOfUserId) throw tokenScopeRefused();
    if (!policy.withoutAgreements && !(user.acceptUserLicence && user.privacyPolicyAccepted)) throw agreementsRequired();
    await this.apiTokens.touch(token.id);
    request.auth = {
      sessionId: `api-token:${token.id}`,
      user,
      actor: { ...actorOf(user), viaApiToken: { id: token.id, name: token.name } },
      companies: companiesOf(found),
      apiToken: { id: token.id, name: token.name, scope: token.scope },
    } satisfies AuthContext;
    refuseCommandsToReadOnly(request.auth.actor, request.method, request.routeOptions?.url ?? request.url.split('?')[0]!);
    return true;
  }

  private async actingFor(request: AppRequest, user: UserView): Promise<UserWithCompany | undefined> {
    const fromBody = (request.body as { onBehalfOfUserId?: unknown } | undefined)?.onBehalfOfUserId;
    const fromQuery = (request.query as { onBehalfOfUserId?: unknown } | undefined)?.onBehalfOfUserId;
    const id = fromBody ?? fromQuery;
    if (id === undefined || id === null || id === '') return undefined;
    if (user.type !== 'BL') throw forbidden('Only staff may act on behalf of another user.');
    const found = typeof id === 'string' ? await getUserWithCompany(this.runtime.documentStore, id) : null;
    const target = found?.user ?? null;
    // Staff limited to some countries may act only for customers of those countries; others do not exist for them.
    const outsideFilter = target !== null && user.countriesFilter.length > 0 && !user.countriesFilter.includes(target.country);
    if (!found || !target || target.type === 'BL' || target.status === 'DELETED' || outsideFilter) {
      throw new DomainError('user_not_found', 'not_found', 'The user to act for does not exist.');
    }
    return found;
  }
}

/** The authenticated caller of the current request. */
export const Auth = createParamDecorator((_: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<AppRequest>().auth;
  if (!auth) throw sessionGone();
  return auth;
});
