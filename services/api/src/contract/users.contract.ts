/*
 * The user and company endpoints' answers against the shared schemas the console parses them with (D55).
 * Types only, checked both ways like orders.contract.ts.
 */
import type {
  Assignable,
  BillingAddressesSchema,
  CompanyListPageSchema,
  CompanyViewSchema,
  LogInResultSchema,
  SessionProfileSchema,
  TagListSchema,
  UserListPageSchema,
  UserProfileSchema,
} from '@onsite/domain';
import type { z } from 'zod';
import type { AgreementsController } from '../agreements/agreements.controller.js';
import type { Envelope } from '../common/envelope.js';
import type { CompaniesController } from '../companies/companies.controller.js';
import type { ForceLoginController } from '../identity/force-login.controller.js';
import type { SessionController } from '../identity/session.controller.js';
import type { UsersController } from '../users/users.controller.js';

/** What reaches the console as `data`: the result itself, or what an envelope carries. */
type Data<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>> extends Envelope<infer T> ? T : Awaited<ReturnType<F>>;
type In<Schema extends z.ZodType> = z.input<Schema>;
type Out<Schema extends z.ZodType> = z.output<Schema>;

/** Every answer that is one user: user management's commands, agreements accepted. */
type UserSent =
  | Data<UsersController['create']>
  | Data<UsersController['update']>
  | Data<UsersController['reinvite']>
  | Data<UsersController['activate']>
  | Data<UsersController['archive']>
  | Data<UsersController['remove']>
  | Data<UsersController['resetConsents']>
  | Data<AgreementsController['acceptLicence']>
  | Data<AgreementsController['acceptPrivacyPolicy']>
  | Data<UsersController['companyUsers']>[number];
export type UserContract = [Assignable<UserSent, In<typeof UserProfileSchema>>, Assignable<Out<typeof UserProfileSchema>, UserSent>];

type UserListSent = Data<UsersController['list']>;
export type UserListContract = [Assignable<UserListSent, In<typeof UserListPageSchema>>, Assignable<Out<typeof UserListPageSchema>, UserListSent>];

type SessionSent = Data<SessionController['getProfile']>;
export type SessionContract = [Assignable<SessionSent, In<typeof SessionProfileSchema>>, Assignable<Out<typeof SessionProfileSchema>, SessionSent>];

type LogInSent = Data<SessionController['logIn']> | Data<ForceLoginController['logIn']>;
export type LogInContract = [Assignable<LogInSent, In<typeof LogInResultSchema>>, Assignable<Out<typeof LogInResultSchema>, LogInSent>];

type CompanySent =
  Data<CompaniesController['create']> | Data<CompaniesController['byUid']> | Data<CompaniesController['update']> | Data<CompaniesController['staffUpdate']>;
export type CompanyContract = [Assignable<CompanySent, In<typeof CompanyViewSchema>>, Assignable<Out<typeof CompanyViewSchema>, CompanySent>];

type CompanyListSent = Data<CompaniesController['list']>;
export type CompanyListContract = [
  Assignable<CompanyListSent, In<typeof CompanyListPageSchema>>,
  Assignable<Out<typeof CompanyListPageSchema>, CompanyListSent>,
];

type BillingSent =
  Data<CompaniesController['addBillingAddress']> | Data<CompaniesController['updateBillingAddress']> | Data<CompaniesController['deleteBillingAddress']>;
export type BillingAddressesContract = [
  Assignable<BillingSent, In<typeof BillingAddressesSchema>>,
  Assignable<Out<typeof BillingAddressesSchema>, BillingSent>,
];

type TagsSent = Data<CompaniesController['addTag']> | Data<CompaniesController['removeTag']>;
export type CompanyTagsContract = [Assignable<TagsSent, In<typeof TagListSchema>>, Assignable<Out<typeof TagListSchema>, TagsSent>];
