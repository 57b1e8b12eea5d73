import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { canSeeCompany, canUse, forbidden, notFound, type Actor } from '@onsite/domain';
import {
  CompanyByUidSchema as ByUidSchema,
  CompanyListSchema,
  FindCompanyTagSchema as FindTagSchema,
  CompanyListPageSchema,
  CompanyViewSchema,
} from '@onsite/contracts';
import { findCompanyTags, getCompanyByUid, listCompanies, type CompanyView, type ListPage } from '@onsite/projections';
import { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** A row of the staff companies list. */
export type CompanyRow = Pick<CompanyView, '_id' | 'uid' | 'name' | 'type' | 'sapNumber' | 'country' | 'tags' | 'createdAt' | 'updatedAt'> & {
  readonly contactPerson: string | null;
};

const notCompany = () => notFound('Unknown company.');

/** The companies' reads; their commands are use cases (company-use-cases.ts). */
@ApiTags('companies')
@ApiBearerAuth()
@Controller()
export class CompaniesController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @ApiResponse({ status: 200, standardSchema: CompanyViewSchema })
  @Post('company/getByUID')
  @HttpCode(200)
  @ApiOperation({ summary: 'A company the caller may see (own company; staff: any).' })
  async byUid(@Auth() auth: AuthContext, @Body({ schema: ByUidSchema }) body: z.infer<typeof ByUidSchema>): Promise<CompanyView> {
    const company = await getCompanyByUid(this.runtime.documentStore, body.uid);
    if (!company || !canSeeCompany(auth.actor, company._id)) throw notCompany();
    return company;
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

  private staffOnly(actor: Actor): void {
    if (actor.onBehalfOf || !canUse('companies', { type: actor.type, role: actor.role })) throw forbidden();
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
