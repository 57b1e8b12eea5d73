import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { canListUsersOf, effectiveCompanyId, forbidden, isStaff, notFound } from '@onsite/domain';
import { companyUsers, listUsers, type ListPage } from '@onsite/projections';
import type { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { profileOf, type Profile } from '../identity/profile.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { CompanyUsersSchema, UserListPageSchema, UserListSchema, type UserListRequest } from '@onsite/contracts';

/** The users' lists; their commands are use cases (user-use-cases.ts). */
@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @ApiResponse({ status: 200, standardSchema: UserListPageSchema })
  @Post('user/list')
  @HttpCode(200)
  @ApiOperation({ summary: 'Users the caller may see (own company; staff: the staff country filter), filtered by role, status, company.' })
  async list(@Auth() auth: AuthContext, @Body({ schema: UserListSchema }) body: UserListRequest): Promise<ListPage<Profile>> {
    const actor = auth.actor;
    const staff = isStaff(actor) && !actor.onBehalfOf;
    if (!canListUsersOf(actor, effectiveCompanyId(actor))) throw forbidden();
    const scope = staff
      ? { kind: 'staff' as const, countries: actor.countriesFilter ?? [] }
      : { kind: 'company' as const, companyId: effectiveCompanyId(actor) };
    const page = await listUsers(this.runtime.documentStore, scope, { ...body.filter, ...(body.search ? { search: body.search } : {}) }, body);
    return { ...page, items: page.items.map(profileOf) };
  }

  @Post('company/getUsers')
  @HttpCode(200)
  @ApiOperation({ summary: 'The users of a company the caller may see (not deleted).' })
  async companyUsers(@Auth() auth: AuthContext, @Body({ schema: CompanyUsersSchema }) body: z.infer<typeof CompanyUsersSchema>): Promise<Profile[]> {
    if (!isStaff(auth.actor) && effectiveCompanyId(auth.actor) !== body.companyId) throw notFound('Unknown company.');
    if (!canListUsersOf(auth.actor, body.companyId)) throw forbidden();
    return (await companyUsers(this.runtime.documentStore, body.companyId)).map(profileOf);
  }
}
