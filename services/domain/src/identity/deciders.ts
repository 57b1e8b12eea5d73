import type { Decider } from '../shared/decider.js';
import { decideCompany, evolveCompany, initialCompanyState, type CompanyCommand, type CompanyEvent, type CompanyState } from './company.js';
import {
  decideEmailReservation,
  decideLead,
  evolveEmailReservation,
  evolveLead,
  initialEmailReservationState,
  initialLeadState,
  type EmailReservationCommand,
  type EmailReservationEvent,
  type EmailReservationState,
  type LeadCommand,
  type LeadEvent,
  type LeadState,
} from './registration.js';
import { decideUser, evolveUser, initialUserState, type UserCommand, type UserEvent, type UserState } from './user.js';

/** The user aggregate (stream `user-<id>`). */
export const userDecider: Decider<UserCommand, UserState, UserEvent> = { initialState: initialUserState, evolve: evolveUser, decide: decideUser };

/** The company aggregate (stream `company-<id>`). */
export const companyDecider: Decider<CompanyCommand, CompanyState, CompanyEvent> = {
  initialState: initialCompanyState,
  evolve: evolveCompany,
  decide: decideCompany,
};

/** One e-mail address's reservation: of two concurrent registrations with one address exactly one wins. */
export const emailReservationDecider: Decider<EmailReservationCommand, EmailReservationState, EmailReservationEvent> = {
  initialState: initialEmailReservationState,
  evolve: evolveEmailReservation,
  decide: decideEmailReservation,
};

/** A visitor's request to serve their country (a sales lead). */
export const leadDecider: Decider<LeadCommand, LeadState, LeadEvent> = { initialState: initialLeadState, evolve: evolveLead, decide: decideLead };
