import { conflict, forbidden } from '../shared/errors.js';
import type { CommandContext } from '../shared/command.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import type { UserType } from './roles.js';

export const companyStreamId = (companyId: string): string => `company-${companyId}`;

export interface CompanyAddress {
  readonly addressLine1: string;
  readonly addressLine2?: string;
  readonly city: string;
  readonly postCode: string;
  readonly state?: string;
}

export interface CompanyRegisteredData {
  readonly companyId: string;
  /** Human-facing id used in console links (company-information/:uid). */
  readonly uid: string;
  readonly name: string;
  readonly type: UserType;
  readonly country: string;
  readonly sapNumber?: string;
  readonly address?: CompanyAddress;
  /** Whether the company profile is complete (needed before offers can be accepted). */
  readonly completed: boolean;
}

export type CompanyEvent = DomainEvent<'COMPANY_REGISTERED', CompanyRegisteredData>;

export type CompanyState = { readonly status: 'none' } | { readonly status: 'registered'; readonly company: CompanyRegisteredData };

export const initialCompanyState: CompanyState = { status: 'none' };

export type CompanyCommand = { readonly type: 'RegisterCompany'; readonly data: CompanyRegisteredData };

export function decideCompany(command: CompanyCommand, state: CompanyState, ctx: CommandContext): CompanyEvent[] {
  switch (command.type) {
    case 'RegisterCompany':
      if (state.status !== 'none') throw conflict('company_exists', 'This company is already registered.');
      // Only the provider's staff register companies directly; self-registration is its own flow.
      if (ctx.actor.type !== 'BL') throw forbidden();
      return [{ type: 'COMPANY_REGISTERED', data: command.data }];
    default:
      return assertNever(command.type, 'company command');
  }
}

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  switch (event.type) {
    case 'COMPANY_REGISTERED':
      return { status: 'registered', company: event.data };
    default:
      return assertNever(event.type, 'company event');
  }
}
