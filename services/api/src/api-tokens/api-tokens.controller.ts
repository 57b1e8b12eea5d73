import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { effectiveCompanyId, isStaff, validationError, type Actor } from '@onsite/domain';
import { ApiTokenListSchema, ListApiTokensSchema, type ApiTokenList } from '@onsite/contracts';
import { companyUsers, listApiTokens } from '@onsite/projections';
import type { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { assertManageable, tokenViews } from './api-token-access.js';

/**
 * API tokens of customer companies (D211): a customer administrator manages their company's, staff administrators
 * any company's (api-token-use-cases.ts). The list never holds a secret; the creation answers it once.
 */
@ApiTags('api-tokens')
@ApiBearerAuth()
@Controller('api-tokens')
export class ApiTokensController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

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
      tokens: await tokenViews(store, tokens),
      users: users
        .filter((u) => u.status === 'ACTIVE' && u.type !== 'BL')
        .map((u) => ({ userId: u._id, name: `${u.firstName} ${u.lastName}`.trim(), role: u.role }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  /** The company whose tokens are read: a customer's own (another's is 404), the one staff name. */
  private async companyOf(actor: Actor, named: string | undefined): Promise<string> {
    const own = effectiveCompanyId(actor);
    const companyId = named ?? (isStaff(actor) && !actor.onBehalfOf ? undefined : own);
    if (!companyId) {
      const message = 'Staff name the company.';
      throw validationError(message, [{ path: 'companyId', code: 'required', message }]);
    }
    await assertManageable(this.runtime.documentStore, actor, companyId);
    return companyId;
  }
}
