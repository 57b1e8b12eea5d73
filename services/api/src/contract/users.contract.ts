/*
 * The user and company endpoints' answers against the shared schemas the console parses them with (D55).
 * Types only, checked both ways like orders.contract.ts.
 */
import type {
  Assignable,
  CompanyListPageSchema,
  CompanyViewSchema,
  LogInResultSchema,
  SessionProfileSchema,
  UserListPageSchema,
  UserProfileSchema,
} from '@onsite/contracts';
import type { z } from 'zod';
import type { AGREEMENT_USE_CASES } from '../agreements/agreement-use-cases.js';
import type { Envelope } from '../common/envelope.js';
import type { CompaniesController } from '../companies/companies.controller.js';
import type { COMPANY_USE_CASES } from '../companies/company-use-cases.js';
import type { ForceLoginController } from '../identity/force-login.controller.js';
import type { SessionController } from '../identity/session.controller.js';
import type { UsersController } from '../users/users.controller.js';
import type { USER_USE_CASES } from '../users/user-use-cases.js';

/** What reaches the console as `data`: the result itself, or what an envelope carries. */
type Unwrapped<R> = R extends Envelope<infer T> ? T : R;
type Data<F extends (...args: never[]) => unknown> = Unwrapped<Awaited<ReturnType<F>>>;
/** What a use case answers. */
type Answer<U extends { answer: (...args: never[]) => unknown }> = Data<U['answer']>;
type Users = typeof USER_USE_CASES;
type Companies = typeof COMPANY_USE_CASES;
type In<Schema extends z.ZodType> = z.input<Schema>;
type Out<Schema extends z.ZodType> = z.output<Schema>;

/** Every answer that is one user: user management's commands, agreements accepted. */
type UserSent =
  | Answer<Users['createUser']>
  | Answer<Users['inviteUser']>
  | Answer<Users['updateUser']>
  | Answer<Users['reinviteUser']>
  | Answer<Users['activateUser']>
  | Answer<Users['archiveUser']>
  | Answer<Users['deleteUser']>
  | Answer<Users['resetUserConsents']>
  | Answer<(typeof AGREEMENT_USE_CASES)['acceptUserLicence']>
  | Answer<(typeof AGREEMENT_USE_CASES)['acceptPrivacyPolicy']>
  | Data<UsersController['companyUsers']>[number];
export type UserContract = [Assignable<UserSent, In<typeof UserProfileSchema>>, Assignable<Out<typeof UserProfileSchema>, UserSent>];

type UserListSent = Data<UsersController['list']>;
export type UserListContract = [Assignable<UserListSent, In<typeof UserListPageSchema>>, Assignable<Out<typeof UserListPageSchema>, UserListSent>];

type SessionSent = Data<SessionController['getProfile']>;
export type SessionContract = [Assignable<SessionSent, In<typeof SessionProfileSchema>>, Assignable<Out<typeof SessionProfileSchema>, SessionSent>];

type LogInSent = Data<SessionController['logIn']> | Data<ForceLoginController['logIn']>;
export type LogInContract = [Assignable<LogInSent, In<typeof LogInResultSchema>>, Assignable<Out<typeof LogInResultSchema>, LogInSent>];

type CompanySent =
  Answer<Companies['createCompany']> | Data<CompaniesController['byUid']> | Answer<Companies['updateCompany']> | Answer<Companies['staffUpdateCompany']>;
export type CompanyContract = [Assignable<CompanySent, In<typeof CompanyViewSchema>>, Assignable<Out<typeof CompanyViewSchema>, CompanySent>];

type CompanyListSent = Data<CompaniesController['list']>;
export type CompanyListContract = [
  Assignable<CompanyListSent, In<typeof CompanyListPageSchema>>,
  Assignable<Out<typeof CompanyListPageSchema>, CompanyListSent>,
];
