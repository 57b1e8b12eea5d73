import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ApiTokenListSchema,
  apiTokenDecider,
  apiTokenStreamId,
  ApiTokenViewSchema,
  canManageApiTokens,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  effectiveCompanyId,
  effectiveUserId,
  forbidden,
  isStaff,
  ListApiTokensSchema,
  notFound,
  RevokeApiTokenSchema,
  validationError,
  type Actor,
  type ApiTokenList,
  type ApiTokenView,
  type CreatedApiToken,
} from '@onsite/domain';
import { companyUsers, getApiToken, getCompany, getUser, listApiTokens, userNames, type ApiTokenDocument } from '@onsite/projections';
import type { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { ApiTokenAuth, newApiTokenSecret } from './api-token-auth.js';

const tokenNotFound = () => notFound('There is no such API token.', 'api_token_not_found');
const refusedToManage = () => forbidden('Only administrators of the company manage its API tokens.');

/**
 * API tokens of customer companies (D211): a customer administrator manages their company's, staff administrators
 * any company's. The list never holds a secret; the creation answers it once.
 */
@ApiTags('api-tokens')
@ApiBearerAuth()
@Controller('api-tokens')
export class ApiTokensController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: "Company administrators: the company's API tokens (staff name the company) and the users a new token may act as." })
  @ApiResponse({ status: 200, standardSchema: ApiTokenListSchema })
  async list(@Auth() auth: AuthContext, @Body({ schema: ListApiTokensSchema }) body: z.infer<typeof ListApiTokensSchema>): Promise<ApiTokenList> {
    const companyId = await this.companyOf(auth.actor, body.companyId);
    const store = this.runtime.documentStore;
    const [tokens, users] = await Promise.all([listApiTokens(store, companyId), companyUsers(store, companyId)]);
    return {
      companyId,
      tokens: await this.views(tokens),
      users: users
        .filter((u) => u.status === 'ACTIVE' && u.type !== 'BL')
        .map((u) => ({ userId: u._id, name: `${u.firstName} ${u.lastName}`.trim(), role: u.role }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  @Post('create')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Company administrators: a new API token acting as a user of the company (default: the caller, or the customer staff act for). The secret is in this answer only.',
  })
  @ApiResponse({ status: 200, standardSchema: CreatedApiTokenSchema })
  async create(
    @Auth() auth: AuthContext,
    @Body({ schema: CreateApiTokenSchema }) body: z.infer<typeof CreateApiTokenSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<CreatedApiToken> {
    const { actor } = auth;
    const userId = body.userId ?? (isStaff(actor) && !actor.onBehalfOf ? undefined : effectiveUserId(actor));
    if (!userId) {
      const message = 'Staff name the user a token acts as.';
      throw validationError(message, [{ path: 'userId', code: 'required', message }]);
    }
    const user = await getUser(this.runtime.documentStore, userId);
    // Another company's user does not exist for a customer administrator.
    if (!user || user.status === 'DELETED' || user.type === 'BL' || (!isStaff(actor) && user.company._id !== effectiveCompanyId(actor))) {
      throw notFound('The user to act as does not exist.', 'user_not_found');
    }
    if (actor.onBehalfOf && user.company._id !== actor.onBehalfOf.companyId) throw notFound('The user to act as does not exist.', 'user_not_found');
    await this.manageable(actor, user.company._id);
    const id = randomUUID();
    const { secret, secretHash } = newApiTokenSecret(id);
    await this.runner.run(apiTokenDecider, {
      streamId: apiTokenStreamId(id),
      newStream: true,
      actor,
      correlationId,
      command: {
        type: 'CreateApiToken',
        data: { id, name: body.name, scope: body.scope, expiresAt: body.expiresAt, secretHash },
        facts: { user: { userId: user._id, type: user.type, role: user.role, companyId: user.company._id, active: user.status === 'ACTIVE' } },
      },
    });
    return { token: await this.viewOf(id), secret };
  }

  @Post('revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Company administrators: revoke an API token; its next request is 401. Revoking a revoked token changes nothing.' })
  @ApiResponse({ status: 200, standardSchema: ApiTokenViewSchema })
  async revoke(
    @Auth() auth: AuthContext,
    @Body({ schema: RevokeApiTokenSchema }) body: z.infer<typeof RevokeApiTokenSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<ApiTokenView> {
    if (!/^[0-9a-f-]{36}$/.test(body.id)) throw tokenNotFound();
    const known = await getApiToken(this.runtime.documentStore, body.id);
    if (known && isStaff(auth.actor)) await this.manageable(auth.actor, known.companyId);
    await this.runner.run(apiTokenDecider, { streamId: apiTokenStreamId(body.id), actor: auth.actor, correlationId, command: { type: 'RevokeApiToken' } });
    return this.viewOf(body.id);
  }

  /**
   * A customer company the caller may manage tokens of: another company is 404 for a customer, a company outside a
   * staff member's country filter too (as for companies, docs/security.md); then the rule (403).
   */
  private async manageable(actor: Actor, companyId: string): Promise<void> {
    if (!isStaff(actor) && companyId !== effectiveCompanyId(actor)) throw notFound('Company not found.');
    const company = await getCompany(this.runtime.documentStore, companyId);
    const filter = isStaff(actor) && !actor.onBehalfOf ? (actor.countriesFilter ?? []) : [];
    if (!company || company.type === 'BL' || (filter.length > 0 && !filter.includes(company.country))) throw notFound('Company not found.');
    if (!canManageApiTokens(actor, companyId)) throw refusedToManage();
  }

  /** The company whose tokens are read: a customer's own (another's is 404), the one staff name. */
  private async companyOf(actor: Actor, named: string | undefined): Promise<string> {
    const own = effectiveCompanyId(actor);
    const companyId = named ?? (isStaff(actor) && !actor.onBehalfOf ? undefined : own);
    if (!companyId) {
      const message = 'Staff name the company.';
      throw validationError(message, [{ path: 'companyId', code: 'required', message }]);
    }
    await this.manageable(actor, companyId);
    return companyId;
  }

  private async viewOf(id: string): Promise<ApiTokenView> {
    const doc = await getApiToken(this.runtime.documentStore, id);
    if (!doc) throw tokenNotFound();
    const [view] = await this.views([doc]);
    return view!;
  }

  private async views(docs: readonly ApiTokenDocument[]): Promise<ApiTokenView[]> {
    const store = this.runtime.documentStore;
    const [names, lastUsed] = await Promise.all([
      userNames(
        store,
        docs.flatMap((d) => [
          d.userId,
          d.createdByUserId,
          ...(d.createdOnBehalfOfUserId ? [d.createdOnBehalfOfUserId] : []),
          ...(d.revokedByUserId ? [d.revokedByUserId] : []),
        ]),
      ),
      ApiTokenAuth.lastUsed(
        store,
        docs.map((d) => d.id),
      ),
    ]);
    const who = (userId: string) => ({ userId, name: names.get(userId) ?? null });
    return docs.map((d) => ({
      id: d.id,
      name: d.name,
      companyId: d.companyId,
      scope: d.scope,
      actsAs: { ...who(d.userId), role: d.role },
      createdBy: who(d.createdByUserId),
      ...(d.createdOnBehalfOfUserId ? { createdOnBehalfOf: who(d.createdOnBehalfOfUserId) } : {}),
      createdAt: d.createdAt,
      expiresAt: d.expiresAt,
      lastUsedAt: lastUsed.get(d.id) ?? null,
      revokedAt: d.revokedAt,
      revokedBy: d.revokedByUserId ? who(d.revokedByUserId) : null,
    }));
  }
}
