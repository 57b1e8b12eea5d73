import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  AddBillingAddressSchema,
  canSeeCompany,
  canUse,
  CompanyByUidSchema as ByUidSchema,
  CompanyListSchema,
  CompanyTagSchema,
  CreateCompanySchema,
  DeleteBillingAddressSchema,
  FindCompanyTagSchema as FindTagSchema,
  forbidden,
  notFound,
  StaffUpdateCompanySchema,
  UpdateBillingAddressSchema,
  CompanyListPageSchema,
  CompanyViewSchema,
  UpdateCompanySchema,
  type Actor,
  type BillingAddress,
  type CreateCompanyRequest,
} from '@onsite/domain';
import { randomUUID } from 'node:crypto';
import { findCompanyTags, getCompany, getCompanyByUid, listCompanies, type CompanyView, type ListPage } from '@onsite/projections';
import { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { CorrelationId } from '../common/correlation-id.js';
import { IdentityCommands } from '../identity/identity-commands.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** A row of the staff companies list. */
export type CompanyRow = Pick<CompanyView, '_id' | 'uid' | 'name' | 'type' | 'sapNumber' | 'country' | 'tags' | 'createdAt' | 'updatedAt'> & {
  readonly contactPerson: string | null;
};

const notCompany = () => notFound('Unknown company.');

@ApiTags('companies')
@ApiBearerAuth()
@Controller()
export class CompaniesController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: IdentityCommands,
  ) {}

  @Post('admin/company/create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: add a customer company (OEM or EC); it starts incomplete until its admin completes it.' })
  async create(
    @Auth() auth: AuthContext,
    @Body({ schema: CreateCompanySchema }) body: CreateCompanyRequest,
    @CorrelationId() correlationId: string,
  ): Promise<CompanyView> {
    this.staffOnly(auth.actor);
    const companyId = randomUUID();
    await this.commands.company(
      auth.actor,
      companyId,
      {
        type: 'RegisterCompany',
        data: {
          companyId,
          uid: `${body.type}-${companyId.slice(0, 8).toUpperCase()}`,
          name: body.name,
          type: body.type,
          country: body.country,
          completed: false,
          ...(body.sapNumber ? { sapNumber: body.sapNumber } : {}),
        },
      },
      correlationId,
    );
    return this.visible(auth.actor, companyId);
  }

  @ApiResponse({ status: 200, standardSchema: CompanyViewSchema })
  @Post('company/getByUID')
  @HttpCode(200)
  @ApiOperation({ summary: 'A company the caller may see (own company; staff: any).' })
  async byUid(@Auth() auth: AuthContext, @Body({ schema: ByUidSchema }) body: z.infer<typeof ByUidSchema>): Promise<CompanyView> {
    const company = await getCompanyByUid(this.runtime.documentStore, body.uid);
    if (!company || !canSeeCompany(auth.actor, company._id)) throw notCompany();
    return company;
  }

  @Post('company/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Edit the company information and the completed flag (company admins and staff).' })
  async update(
    @Auth() auth: AuthContext,
    @Body({ schema: UpdateCompanySchema }) body: z.infer<typeof UpdateCompanySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<CompanyView> {
    const { companyId, onBehalfOfUserId: _onBehalf, ...changes } = body;
    await this.commands.company(auth.actor, companyId, { type: 'UpdateCompany', changes }, correlationId);
    return this.visible(auth.actor, companyId);
  }

  @Post('admin/company/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: edit a company including SAP number, type and country.' })
  async staffUpdate(
    @Auth() auth: AuthContext,
    @Body({ schema: StaffUpdateCompanySchema }) body: z.infer<typeof StaffUpdateCompanySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<CompanyView> {
    const { companyId, ...changes } = body;
    await this.commands.company(auth.actor, companyId, { type: 'UpdateCompanyAsStaff', changes }, correlationId);
    return this.visible(auth.actor, companyId);
  }

  @Post('company/add-billing-address')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a billing address; the response holds billingAddresses.' })
  async addBillingAddress(
    @Auth() auth: AuthContext,
    @Body({ schema: AddBillingAddressSchema }) body: z.infer<typeof AddBillingAddressSchema>,
    @CorrelationId() correlationId: string,
  ) {
    return this.billing(auth.actor, body.companyId, { type: 'AddBillingAddress', billingAddress: body.billingAddress }, correlationId);
  }

  @Post('company/update-billing-address')
  @HttpCode(200)
  @ApiOperation({ summary: 'Edit a billing address; the response holds billingAddresses.' })
  async updateBillingAddress(
    @Auth() auth: AuthContext,
    @Body({ schema: UpdateBillingAddressSchema }) body: z.infer<typeof UpdateBillingAddressSchema>,
    @CorrelationId() correlationId: string,
  ) {
    return this.billing(auth.actor, body.companyId, { type: 'UpdateBillingAddress', billingAddress: body.billingAddress }, correlationId);
  }

  @Post('company/delete-billing-address')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a billing address; the response holds billingAddresses.' })
  async deleteBillingAddress(
    @Auth() auth: AuthContext,
    @Body({ schema: DeleteBillingAddressSchema }) body: z.infer<typeof DeleteBillingAddressSchema>,
    @CorrelationId() correlationId: string,
  ) {
    return this.billing(auth.actor, body.companyId, { type: 'DeleteBillingAddress', billingAddressId: body.billingAddressId }, correlationId);
  }

  @ApiResponse({ status: 200, standardSchema: CompanyListPageSchema })
  @Post('company/list')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: the companies list (created, updated, id, SAP number, type, name, contact person, tags), paginated.' })
  async list(@Auth() auth: AuthContext, @Body({ schema: CompanyListSchema }) body: z.infer<typeof CompanyListSchema>): Promise<ListPage<CompanyRow>> {
    this.staffOnly(auth.actor);
    const sort = body.sort ? { path: body.sort.field, direction: body.sort.direction } : undefined;
    const page = await listCompanies(
      this.runtime.documentStore,
      auth.actor.countriesFilter ?? [],
      { ...body.filter, ...(body.search ? { search: body.search } : {}) },
      {
        page: body.page,
        pageSize: body.pageSize,
        ...(sort ? { sort } : {}),
      },
    );
    return { ...page, items: page.items.map(rowOf) };
  }

  @Post('company/findTag')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: company tags containing the text.' })
  findTag(@Auth() auth: AuthContext, @Body({ schema: FindTagSchema }) body: z.infer<typeof FindTagSchema>): Promise<string[]> {
    this.staffOnly(auth.actor);
    return findCompanyTags(this.runtime.documentStore, body.tag);
  }

  @Post('company/addTag')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff: tag a company; the response's tags replace the list." })
  async addTag(
    @Auth() auth: AuthContext,
    @Body({ schema: CompanyTagSchema }) body: z.infer<typeof CompanyTagSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<{ tags: readonly string[] }> {
    const company = await this.visible(auth.actor, body.companyId);
    return this.setTags(auth.actor, company._id, [...company.tags, body.tag], correlationId);
  }

  @Post('company/removeTag')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff: remove a company tag; the response's tags replace the list." })
  async removeTag(
    @Auth() auth: AuthContext,
    @Body({ schema: CompanyTagSchema }) body: z.infer<typeof CompanyTagSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<{ tags: readonly string[] }> {
    const company = await this.visible(auth.actor, body.companyId);
    return this.setTags(
      auth.actor,
      company._id,
      company.tags.filter((t) => t !== body.tag),
      correlationId,
    );
  }

  private staffOnly(actor: Actor): void {
    if (actor.onBehalfOf || !canUse('companies', { type: actor.type, role: actor.role })) throw forbidden();
  }

  private async billing(
    actor: Actor,
    companyId: string,
    command: Parameters<IdentityCommands['company']>[2],
    correlationId: string,
  ): Promise<{ billingAddresses: readonly BillingAddress[] }> {
    const result = await this.commands.company(actor, companyId, command, correlationId);
    return { billingAddresses: result.state.status === 'none' ? [] : result.state.billingAddresses };
  }

  private async setTags(actor: Actor, companyId: string, tags: readonly string[], correlationId: string): Promise<{ tags: readonly string[] }> {
    const result = await this.commands.company(actor, companyId, { type: 'SetCompanyTags', tags }, correlationId);
    return { tags: result.state.status === 'none' ? [] : result.state.tags };
  }

  private async visible(actor: Actor, companyId: string): Promise<CompanyView> {
    const company = await getCompany(this.runtime.documentStore, companyId);
    if (!company || !canSeeCompany(actor, companyId)) throw notCompany();
    return company;
  }
}

function rowOf(c: CompanyView): CompanyRow {
  const contact = [c.contactPersonFirstName, c.contactPersonLastName].filter(Boolean).join(' ');
  return {
    _id: c._id,
    uid: c.uid,
    name: c.name,
    type: c.type,
    sapNumber: c.sapNumber,
    country: c.country,
    tags: c.tags,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    contactPerson: contact || null,
  };
}
