import { conflict, DomainError, forbidden, notFound } from '../shared/errors.js';
import type { CommandContext } from '../shared/command.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { isStaff } from './actor.js';
import { canEditCompany } from './policy.js';
import type { UserType } from './roles.js';
import type { BillingAddressInput } from './rules.js';

export const companyStreamId = (companyId: string): string => `company-${companyId}`;

export interface CompanyAddress {
  readonly addressLine1: string;
  readonly addressLine2?: string;
  readonly city: string;
  readonly postCode: string;
  readonly state?: string;
}

/** The company information an admin edits. */
export interface CompanyDetails {
  readonly name?: string;
  readonly registrationNumber?: string;
  readonly contactPersonFirstName?: string;
  readonly contactPersonLastName?: string;
  readonly contactPersonEmail?: string;
  readonly contactPersonDepartment?: string;
  readonly address?: CompanyAddress;
  readonly companyPhone?: string;
  readonly accountingPhone?: string;
  readonly invoiceEmail?: string;
  /** The GST number when the country is India. */
  readonly taxNumber?: string;
}

export interface CompanyRegisteredData extends CompanyDetails {
  readonly companyId: string;
  /** Human-facing id used in console links (company-information/:uid). */
  readonly uid: string;
  readonly name: string;
  readonly type: UserType;
  readonly country: string;
  readonly sapNumber?: string;
  /** Whether the company profile is complete (needed before offers can be accepted). */
  readonly completed: boolean;
  /** Registered by its first admin through the public registration form. */
  readonly selfRegistered?: boolean;
  /** The user responsible for the company's locations and subsidiaries. */
  readonly responsibleUserId?: string;
}

export type BillingAddress = BillingAddressInput & { readonly _id: string };

/** Staff-only company fields (admin/company/update). */
export interface StaffCompanyChanges {
  readonly sapNumber?: string;
  readonly type?: UserType;
  readonly country?: string;
}

export type CompanyEvent =
  | DomainEvent<'COMPANY_REGISTERED', CompanyRegisteredData>
  | DomainEvent<'COMPANY_UPDATED', { readonly companyId: string; readonly changes: CompanyDetails & StaffCompanyChanges & { readonly completed?: boolean } }>
  | DomainEvent<'BILLING_ADDRESS_ADDED', { readonly companyId: string; readonly billingAddress: BillingAddress }>
  | DomainEvent<'BILLING_ADDRESS_UPDATED', { readonly companyId: string; readonly billingAddress: BillingAddress }>
  | DomainEvent<'BILLING_ADDRESS_DELETED', { readonly companyId: string; readonly billingAddressId: string }>
  | DomainEvent<'COMPANY_TAGS_SET', { readonly companyId: string; readonly tags: readonly string[] }>
  | DomainEvent<'RESPONSIBLE_PERSON_CHANGED', { readonly companyId: string; readonly userId: string }>;

export interface RegisteredCompany {
  readonly status: 'registered';
  readonly company: CompanyRegisteredData;
  readonly billingAddresses: readonly BillingAddress[];
  readonly tags: readonly string[];
}

export type CompanyState = { readonly status: 'none' } | RegisteredCompany;

export const initialCompanyState: CompanyState = { status: 'none' };

export type CompanyCommand =
  | { readonly type: 'RegisterCompany'; readonly data: CompanyRegisteredData }
  | { readonly type: 'UpdateCompany'; readonly changes: CompanyDetails & { readonly completed?: boolean } }
  | { readonly type: 'UpdateCompanyAsStaff'; readonly changes: CompanyDetails & StaffCompanyChanges & { readonly completed?: boolean } }
  | { readonly type: 'AddBillingAddress'; readonly billingAddress: BillingAddressInput }
  | { readonly type: 'UpdateBillingAddress'; readonly billingAddress: BillingAddress }
  | { readonly type: 'DeleteBillingAddress'; readonly billingAddressId: string }
  | { readonly type: 'SetCompanyTags'; readonly tags: readonly string[] }
  /** One tag of the company renamed (staff); where the new name is already a tag the two become one. */
  | { readonly type: 'RenameCompanyTag'; readonly from: string; readonly to: string }
  | { readonly type: 'ChangeResponsiblePerson'; readonly userId: string };

function editable(state: CompanyState, ctx: CommandContext): RegisteredCompany {
  if (state.status === 'none') throw notFound('Unknown company.');
  if (!isStaff(ctx.actor) && ctx.actor.companyId !== state.company.companyId) throw notFound('Unknown company.');
  if (!canEditCompany(ctx.actor, state.company.companyId)) throw forbidden();
  return state;
}

/** Tags as the company keeps them: trimmed, none empty, each once, sorted. */
const tagList = (tags: readonly string[]): string[] => [...new Set(tags.map((t) => t.trim()).filter((t) => t.length > 0))].sort();

const addressNotFound = () => new DomainError('not_found', 'not_found', 'Unknown billing address.');

export function decideCompany(command: CompanyCommand, state: CompanyState, ctx: CommandContext): CompanyEvent[] {
  switch (command.type) {
    case 'RegisterCompany': {
      if (state.status !== 'none') throw conflict('company_exists', 'This company is already registered.');
      // Staff register companies directly; the public registration registers its own company with its first admin.
      const selfRegistering = command.data.selfRegistered === true && ctx.actor.companyId === command.data.companyId;
      if (!isStaff(ctx.actor) && !selfRegistering) throw forbidden();
      return [{ type: 'COMPANY_REGISTERED', data: command.data }];
    }
    case 'UpdateCompany':
    case 'UpdateCompanyAsStaff': {
      const s = editable(state, ctx);
      if (command.type === 'UpdateCompanyAsStaff' && !isStaff(ctx.actor)) throw forbidden();
      return [{ type: 'COMPANY_UPDATED', data: { companyId: s.company.companyId, changes: command.changes } }];
    }
    case 'AddBillingAddress': {
      const s = editable(state, ctx);
      return [{ type: 'BILLING_ADDRESS_ADDED', data: { companyId: s.company.companyId, billingAddress: { ...command.billingAddress, _id: ctx.newId() } } }];
    }
    case 'UpdateBillingAddress': {
      const s = editable(state, ctx);
      if (!s.billingAddresses.some((a) => a._id === command.billingAddress._id)) throw addressNotFound();
      return [{ type: 'BILLING_ADDRESS_UPDATED', data: { companyId: s.company.companyId, billingAddress: command.billingAddress } }];
    }
    case 'DeleteBillingAddress': {
      const s = editable(state, ctx);
      if (!s.billingAddresses.some((a) => a._id === command.billingAddressId)) throw addressNotFound();
      return [{ type: 'BILLING_ADDRESS_DELETED', data: { companyId: s.company.companyId, billingAddressId: command.billingAddressId } }];
    }
    case 'SetCompanyTags': {
      const s = editable(state, ctx);
      if (!isStaff(ctx.actor)) throw forbidden();
      return [{ type: 'COMPANY_TAGS_SET', data: { companyId: s.company.companyId, tags: tagList(command.tags) } }];
    }
    case 'RenameCompanyTag': {
      const s = editable(state, ctx);
      if (!isStaff(ctx.actor)) throw forbidden();
      const from = command.from.trim();
      if (!s.tags.includes(from)) throw new DomainError('tag_not_found', 'not_found', 'The company has no such tag.');
      if (from === command.to.trim()) return [];
      return [{ type: 'COMPANY_TAGS_SET', data: { companyId: s.company.companyId, tags: tagList(s.tags.map((t) => (t === from ? command.to : t))) } }];
    }
    case 'ChangeResponsiblePerson': {
      const s = editable(state, ctx);
      return s.company.responsibleUserId === command.userId
        ? []
        : [{ type: 'RESPONSIBLE_PERSON_CHANGED', data: { companyId: s.company.companyId, userId: command.userId } }];
    }
    default:
      return assertNever(command, 'company command');
  }
}

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  if (event.type === 'COMPANY_REGISTERED') return { status: 'registered', company: event.data, billingAddresses: [], tags: [] };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'COMPANY_UPDATED':
      return { ...state, company: { ...state.company, ...event.data.changes } };
    case 'BILLING_ADDRESS_ADDED':
      return { ...state, billingAddresses: [...state.billingAddresses, event.data.billingAddress] };
    case 'BILLING_ADDRESS_UPDATED':
      return { ...state, billingAddresses: state.billingAddresses.map((a) => (a._id === event.data.billingAddress._id ? event.data.billingAddress : a)) };
    case 'BILLING_ADDRESS_DELETED':
      return { ...state, billingAddresses: state.billingAddresses.filter((a) => a._id !== event.data.billingAddressId) };
    case 'COMPANY_TAGS_SET':
      return { ...state, tags: event.data.tags };
    case 'RESPONSIBLE_PERSON_CHANGED':
      return { ...state, company: { ...state.company, responsibleUserId: event.data.userId } };
    default:
      return assertNever(event, 'company event');
  }
}
