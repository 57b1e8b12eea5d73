import { randomUUID } from 'node:crypto';
import { canSeeCompany, canUse, companyDecider, companyStreamId, forbidden, notFound, type Actor, type CompanyState } from '@onsite/domain';
import {
  AddBillingAddressSchema,
  BillingAddressesSchema,
  CompanyViewSchema,
  TagListSchema,
  CompanyTagSchema,
  CreateCompanySchema,
  DeleteBillingAddressSchema,
  RenameCompanyTagSchema,
  StaffUpdateCompanySchema,
  UpdateBillingAddressSchema,
  UpdateCompanySchema,
} from '@onsite/contracts';
import { getCompany, type CompanyView } from '@onsite/projections';
import { useCasesOf, type UseCaseFacts } from '../common/command-routes.js';

const staffOnly = (_request: unknown, { actor }: { actor: Actor }): void => {
  if (actor.onBehalfOf || !canUse('companies', { type: actor.type, role: actor.role })) throw forbidden();
};

/** The company when the caller may see it; otherwise not found, so other tenants' ids do not leak. */
async function visibleCompany({ actor, runtime }: UseCaseFacts, companyId: string): Promise<CompanyView> {
  const company = await getCompany(runtime.documentStore, companyId);
  if (!company || !canSeeCompany(actor, companyId)) throw notFound('Unknown company.');
  return company;
}

/** The company's stream, with the company as the caller may see it (its tags as the read model holds them). */
const visibleTarget = async (companyId: string, facts: UseCaseFacts) => {
  const company = await visibleCompany(facts, companyId);
  return { streamId: companyStreamId(company._id), company };
};

const billingAddresses = (state: CompanyState) => ({ billingAddresses: state.status === 'none' ? [] : state.billingAddresses });
const tags = (state: CompanyState) => ({ tags: state.status === 'none' ? [] : state.tags });

const company = useCasesOf(companyDecider);

/** The companies' commands: staff add and edit them, company admins their own details and billing addresses. */
export const COMPANY_USE_CASES = {
  createCompany: company({
    route: 'admin/company/create',
    summary: 'Staff: add a customer company (OEM or EC); it starts incomplete until its admin completes it.',
    schema: CreateCompanySchema,
    response: CompanyViewSchema,
    allow: staffOnly,
    target: () => {
      const companyId = randomUUID();
      return { streamId: companyStreamId(companyId), companyId };
    },
    command: (request, { target: { companyId } }) => ({
      type: 'RegisterCompany',
      data: {
        companyId,
        uid: `${request.type}-${companyId.slice(0, 8).toUpperCase()}`,
        name: request.name,
        type: request.type,
        country: request.country,
        completed: false,
        ...(request.sapNumber ? { sapNumber: request.sapNumber } : {}),
      },
    }),
    answer: (_request, facts) => visibleCompany(facts, facts.target.companyId),
  }),
  updateCompany: company({
    route: 'company/update',
    summary: 'Edit the company information and the completed flag (company admins and staff).',
    schema: UpdateCompanySchema,
    response: CompanyViewSchema,
    target: (request) => ({ streamId: companyStreamId(request.companyId) }),
    command(request) {
      const { companyId: _company, onBehalfOfUserId: _onBehalf, ...changes } = request;
      return { type: 'UpdateCompany', changes };
    },
    answer: (request, facts) => visibleCompany(facts, request.companyId),
  }),
  staffUpdateCompany: company({
    route: 'admin/company/update',
    summary: 'Staff: edit a company including SAP number, type and country.',
    schema: StaffUpdateCompanySchema,
    response: CompanyViewSchema,
    target: (request) => ({ streamId: companyStreamId(request.companyId) }),
    command(request) {
      const { companyId: _company, ...changes } = request;
      return { type: 'UpdateCompanyAsStaff', changes };
    },
    answer: (request, facts) => visibleCompany(facts, request.companyId),
  }),
  addBillingAddress: company({
    route: 'company/add-billing-address',
    summary: 'Add a billing address; the response holds billingAddresses.',
    schema: AddBillingAddressSchema,
    response: BillingAddressesSchema,
    target: (request) => ({ streamId: companyStreamId(request.companyId) }),
    command: (request) => ({ type: 'AddBillingAddress', billingAddress: request.billingAddress }),
    answer: (_request, { result }) => billingAddresses(result.state),
  }),
  updateBillingAddress: company({
    route: 'company/update-billing-address',
    summary: 'Edit a billing address; the response holds billingAddresses.',
    schema: UpdateBillingAddressSchema,
    response: BillingAddressesSchema,
    target: (request) => ({ streamId: companyStreamId(request.companyId) }),
    command: (request) => ({ type: 'UpdateBillingAddress', billingAddress: request.billingAddress }),
    answer: (_request, { result }) => billingAddresses(result.state),
  }),
  deleteBillingAddress: company({
    route: 'company/delete-billing-address',
    summary: 'Delete a billing address; the response holds billingAddresses.',
    schema: DeleteBillingAddressSchema,
    response: BillingAddressesSchema,
    target: (request) => ({ streamId: companyStreamId(request.companyId) }),
    command: (request) => ({ type: 'DeleteBillingAddress', billingAddressId: request.billingAddressId }),
    answer: (_request, { result }) => billingAddresses(result.state),
  }),
  addCompanyTag: company({
    route: 'company/addTag',
    summary: "Staff: tag a company; the response's tags replace the list.",
    schema: CompanyTagSchema,
    response: TagListSchema,
    target: (request, facts) => visibleTarget(request.companyId, facts),
    command: (request, { target }) => ({ type: 'SetCompanyTags', tags: [...target.company.tags, request.tag] }),
    answer: (_request, { result }) => tags(result.state),
  }),
  removeCompanyTag: company({
    route: 'company/removeTag',
    summary: "Staff: remove a company tag; the response's tags replace the list.",
    schema: CompanyTagSchema,
    response: TagListSchema,
    target: (request, facts) => visibleTarget(request.companyId, facts),
    command: (request, { target }) => ({ type: 'SetCompanyTags', tags: target.company.tags.filter((t) => t !== request.tag) }),
    answer: (_request, { result }) => tags(result.state),
  }),
  renameCompanyTag: company({
    route: 'company/renameTag',
    summary: "Staff: rename a tag of a company (404 tag_not_found when it has no such tag); the response's tags replace the list.",
    schema: RenameCompanyTagSchema,
    response: TagListSchema,
    target: (request) => ({ streamId: companyStreamId(request.companyId) }),
    command: (request) => ({ type: 'RenameCompanyTag', from: request.from, to: request.to }),
    answer: (_request, { result }) => tags(result.state),
  }),
};
