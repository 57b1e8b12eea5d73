import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  billingAddressField, canSeeCompany, canUse, COUNTRY_CODES, emailField, forbidden, notFound, phoneField, USER_TYPES,
  type Actor, type BillingAddress,
} from '@onsite/domain';
import { findCompanyTags, getCompany, getCompanyByUid, listCompanies, type CompanyView, type ListPage } from '@onsite/projections';
import { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { CorrelationId } from '../common/correlation-id.js';
import { IdentityCommands } from '../identity/identity-commands.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const id = z.string().trim().min(1, 'This field is required.').max(100);
const tag = z.string().trim().min(1, 'This field is required.').max(60);
const text = (max = 200) => z.string().trim().max(max).optional();

const CompanyDetailsSchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(200).optional(),
  registrationNumber: text(60),
  contactPersonFirstName: text(),
  contactPersonLastName: text(),
  contactPersonEmail: emailField.optional(),
  contactPersonDepartment: text(),
  address: z.object({ addressLine1: z.string().trim().min(1).max(200), addressLine2: text(), city: z.string().trim().min(1).max(100), postCode: z.string().trim().min(1).max(40), state: text(100) }).optional(),
  companyPhone: phoneField.optional(),
  accountingPhone: phoneField.optional(),
  invoiceEmail: emailField.optional(),
  taxNumber: text(60),
  completed: z.boolean().optional(),
});
const UpdateCompanySchema = CompanyDetailsSchema.extend({ companyId: id, onBehalfOfUserId: z.string().optional() }).meta({ id: 'UpdateCompany' });
const StaffUpdateCompanySchema = CompanyDetailsSchema.extend({
  companyId: id, sapNumber: text(40), type: z.enum(USER_TYPES).optional(), country: z.enum(COUNTRY_CODES as [string, ...string[]]).optional(),
}).meta({ id: 'StaffUpdateCompany' });
const AddBillingAddressSchema = z.object({ companyId: id, billingAddress: billingAddressField, onBehalfOfUserId: z.string().optional() }).meta({ id: 'AddBillingAddress' });
const UpdateBillingAddressSchema = z.object({ companyId: id, billingAddress: billingAddressField.and(z.object({ _id: id })), onBehalfOfUserId: z.string().optional() }).meta({ id: 'UpdateBillingAddress' });
const DeleteBillingAddressSchema = z.object({ companyId: id, billingAddressId: id, onBehalfOfUserId: z.string().optional() }).meta({ id: 'DeleteBillingAddress' });
const ByUidSchema = z.object({ uid: id, onBehalfOfUserId: z.string().optional() }).meta({ id: 'CompanyByUid' });
const CompanyTagSchema = z.object({ companyId: id, tag }).meta({ id: 'CompanyTag' });
const FindTagSchema = z.object({ tag: z.string().trim().max(60) }).meta({ id: 'FindCompanyTag' });
const CompanyListSchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.union([z.literal(10), z.literal(25), z.literal(100)]).default(10),
  sort: z.object({ field: z.enum(['createdAt', 'updatedAt', 'name', 'sapNumber', 'type']), direction: z.enum(['asc', 'desc']) }).optional(),
  filter: z.object({ type: z.enum(USER_TYPES).optional(), tag: tag.optional() }).default({}),
  search: z.string().trim().max(100).optional(),
}).meta({ id: 'CompanyList' });

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
  async update(@Auth() auth: AuthContext, @Body({ schema: UpdateCompanySchema }) body: z.infer<typeof UpdateCompanySchema>, @CorrelationId() correlationId: string): Promise<CompanyView> {
    const { companyId, onBehalfOfUserId: _onBehalf, ...changes } = body;
    await this.commands.company(auth.actor, companyId, { type: 'UpdateCompany', changes }, correlationId);
    return this.visible(auth.actor, companyId);
  }

  @Post('admin/company/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: edit a company including SAP number, type and country.' })
  async staffUpdate(@Auth() auth: AuthContext, @Body({ schema: StaffUpdateCompanySchema }) body: z.infer<typeof StaffUpdateCompanySchema>, @CorrelationId() correlationId: string): Promise<CompanyView> {
    const { companyId, ...changes } = body;
    await this.commands.company(auth.actor, companyId, { type: 'UpdateCompanyAsStaff', changes }, correlationId);
    return this.visible(auth.actor, companyId);
  }

  @Post('company/add-billing-address')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a billing address; the response holds billingAddresses.' })
  async addBillingAddress(@Auth() auth: AuthContext, @Body({ schema: AddBillingAddressSchema }) body: z.infer<typeof AddBillingAddressSchema>, @CorrelationId() correlationId: string) {
    return this.billing(auth.actor, body.companyId, { type: 'AddBillingAddress', billingAddress: body.billingAddress }, correlationId);
  }

  @Post('company/update-billing-address')
  @HttpCode(200)
  @ApiOperation({ summary: 'Edit a billing address; the response holds billingAddresses.' })
  async updateBillingAddress(@Auth() auth: AuthContext, @Body({ schema: UpdateBillingAddressSchema }) body: z.infer<typeof UpdateBillingAddressSchema>, @CorrelationId() correlationId: string) {
    return this.billing(auth.actor, body.companyId, { type: 'UpdateBillingAddress', billingAddress: body.billingAddress }, correlationId);
  }

  @Post('company/delete-billing-address')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a billing address; the response holds billingAddresses.' })
  async deleteBillingAddress(@Auth() auth: AuthContext, @Body({ schema: DeleteBillingAddressSchema }) body: z.infer<typeof DeleteBillingAddressSchema>, @CorrelationId() correlationId: string) {
    return this.billing(auth.actor, body.companyId, { type: 'DeleteBillingAddress', billingAddressId: body.billingAddressId }, correlationId);
  }

  @Post('company/list')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: the companies list (created, updated, id, SAP number, type, name, contact person, tags), paginated.' })
  async list(@Auth() auth: AuthContext, @Body({ schema: CompanyListSchema }) body: z.infer<typeof CompanyListSchema>): Promise<ListPage<CompanyRow>> {
    this.staffOnly(auth.actor);
    const sort = body.sort ? { path: body.sort.field, direction: body.sort.direction } : undefined;
    const page = await listCompanies(this.runtime.documentStore, auth.actor.countriesFilter ?? [], { ...body.filter, ...(body.search ? { search: body.search } : {}) }, {
      page: body.page, pageSize: body.pageSize, ...(sort ? { sort } : {}),
    });
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
  async addTag(@Auth() auth: AuthContext, @Body({ schema: CompanyTagSchema }) body: z.infer<typeof CompanyTagSchema>, @CorrelationId() correlationId: string): Promise<{ tags: readonly string[] }> {
    const company = await this.visible(auth.actor, body.companyId);
    return this.setTags(auth.actor, company._id, [...company.tags, body.tag], correlationId);
  }

  @Post('company/removeTag')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff: remove a company tag; the response's tags replace the list." })
  async removeTag(@Auth() auth: AuthContext, @Body({ schema: CompanyTagSchema }) body: z.infer<typeof CompanyTagSchema>, @CorrelationId() correlationId: string): Promise<{ tags: readonly string[] }> {
    const company = await this.visible(auth.actor, body.companyId);
    return this.setTags(auth.actor, company._id, company.tags.filter((t) => t !== body.tag), correlationId);
  }

  private staffOnly(actor: Actor): void {
    if (actor.onBehalfOf || !canUse('companies', { type: actor.type, role: actor.role })) throw forbidden();
  }

  private async billing(actor: Actor, companyId: string, command: Parameters<IdentityCommands['company']>[2], correlationId: string): Promise<{ billingAddresses: readonly BillingAddress[] }> {
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
    _id: c._id, uid: c.uid, name: c.name, type: c.type, sapNumber: c.sapNumber, country: c.country, tags: c.tags,
    createdAt: c.createdAt, updatedAt: c.updatedAt, contactPerson: contact || null,
  };
}

