import { conflict } from '../shared/errors.js';
import type { CommandContext } from '../shared/command.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';

/**
 * E-mail uniqueness without a read-then-write race: every account reserves the stream `email-<hash>` (the api
 * hashes the lower-cased address) with expected version 0, so of two concurrent registrations exactly one wins.
 */
export const emailReservationStreamId = (emailHash: string): string => `email-${emailHash}`;

export type EmailReservationEvent = DomainEvent<'EMAIL_RESERVED', { readonly userId: string }>;
export type EmailReservationState = { readonly reservedBy: string | null };
export const initialEmailReservationState: EmailReservationState = { reservedBy: null };
export type EmailReservationCommand = { readonly type: 'ReserveEmail'; readonly userId: string };

export const emailUsed = () => conflict('email_used', 'This e-mail address is already in use. Use another one or contact support.');

export function decideEmailReservation(command: EmailReservationCommand, state: EmailReservationState): EmailReservationEvent[] {
  if (state.reservedBy !== null) throw emailUsed();
  return [{ type: 'EMAIL_RESERVED', data: { userId: command.userId } }];
}

export const evolveEmailReservation = (_: EmailReservationState, event: EmailReservationEvent): EmailReservationState => ({ reservedBy: event.data.userId });

/** A visitor from a country the product does not serve yet leaves a request instead of registering (a lead). */
export const leadStreamId = (leadId: string): string => `lead-${leadId}`;

export interface CountryRequestData {
  readonly leadId: string;
  readonly country: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName: string;
  readonly phone: string;
  readonly servicesOfInterest: readonly string[];
  readonly remarks?: string;
  readonly contactTime?: string;
}

export type LeadEvent = DomainEvent<'COUNTRY_REQUEST_RECEIVED', CountryRequestData>;
export type LeadState = { readonly received: boolean };
export const initialLeadState: LeadState = { received: false };
export type LeadCommand = { readonly type: 'RecordCountryRequest'; readonly data: CountryRequestData };

export function decideLead(command: LeadCommand, state: LeadState, _ctx: CommandContext): LeadEvent[] {
  switch (command.type) {
    case 'RecordCountryRequest':
      if (state.received) throw conflict('lead_exists', 'This request was already recorded.');
      return [{ type: 'COUNTRY_REQUEST_RECEIVED', data: command.data }];
    default:
      return assertNever(command.type, 'lead command');
  }
}

export const evolveLead = (_: LeadState, event: LeadEvent): LeadState => {
  switch (event.type) {
    case 'COUNTRY_REQUEST_RECEIVED':
      return { received: true };
    default:
      return assertNever(event.type, 'lead event');
  }
};
