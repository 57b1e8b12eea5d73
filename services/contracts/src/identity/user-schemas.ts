import { z } from 'zod';
import { COUNTRY_CODES, LANGUAGES } from '@onsite/domain';
import { ROLES, USER_TYPES } from '@onsite/domain';
import { emailField, phoneField, requiredText, strongPasswordField } from '@onsite/domain';
import { UserProfileSchema } from './profile-schemas.js';
import { CHANNELS, USER_STATUSES } from '@onsite/domain';

/** Requests of user management, shared by the api and the console. */
const id = z.string().trim().min(1, 'This field is required.').max(100);
const tag = z.string().trim().min(1, 'This field is required.').max(60);

/** The editable user settings of the user dialog (user dialog and invite user). */
const UserSettingsSchema = z.object({
  firstName: requiredText(),
  lastName: requiredText(),
  title: z.string().trim().max(60).optional(),
  phone: phoneField.optional(),
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES).optional(),
  supervisorOnly: z.boolean().optional(),
  countriesToOrder: z
    .array(z.enum(COUNTRY_CODES as [string, ...string[]]))
    .max(20)
    .optional(),
  countriesFilter: z
    .array(z.enum(COUNTRY_CODES as [string, ...string[]]))
    .max(20)
    .optional(),
  hasKibanaAccess: z.boolean().optional(),
  dashboardTags: z.array(tag).max(50).optional(),
  notificationSettings: z.object({ emails: z.array(emailField).max(10), sms: z.boolean(), whatsapp: z.boolean() }).optional(),
});

export const CreateUserSchema = UserSettingsSchema.extend({
  email: emailField,
  /** Staff name the company; customers create users of their own company. */
  companyId: id.optional(),
  communicationChannels: z.array(z.enum(CHANNELS)).min(1).max(3).default(['email']),
  onBehalfOfUserId: z.string().optional(),
}).meta({ id: 'CreateUser', description: 'A new user of a company; starts INVITED and receives an invitation link.' });
export type CreateUserRequest = z.infer<typeof CreateUserSchema>;

export const UpdateUserSchema = UserSettingsSchema.partial()
  .extend({
    userId: id,
    version: z.number().int().positive().optional(),
    /** Staff only; the strength rule applies. */
    password: strongPasswordField.optional(),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'UpdateUser' });
export type UpdateUserRequest = z.infer<typeof UpdateUserSchema>;

export const ReinviteSchema = z.object({ userId: id, communicationChannels: z.array(z.enum(CHANNELS)).min(1).max(3) }).meta({ id: 'ReinviteUser' });
export const UserIdSchema = z.object({ id }).meta({ id: 'UserId' });
export const ResetConsentsSchema = z.object({ userId: id }).meta({ id: 'ResetUserConsents' });
export const ArchiveUserSchema = z.object({ id, newResponsiblePerson: id }).meta({ id: 'ArchiveUser' });
export const TagSchema = z.object({ userId: id, tag }).meta({ id: 'UserTag' });
export const TagsSchema = z.object({ userId: id, tags: z.array(tag).max(100) }).meta({ id: 'UserTags' });
export const CompanyUsersSchema = z.object({ companyId: id, onBehalfOfUserId: z.string().optional() }).meta({ id: 'CompanyUsers' });

export const UserListSchema = z
  .object({
    page: z.number().int().min(1).default(1),
    pageSize: z.union([z.literal(10), z.literal(25), z.literal(100)]).default(10),
    filter: z
      .object({
        role: z.enum(ROLES).optional(),
        status: z.enum(USER_STATUSES).optional(),
        companyId: id.optional(),
        countries: z
          .array(z.enum(COUNTRY_CODES as [string, ...string[]]))
          .max(20)
          .optional()
          .describe('Staff: users of these countries.'),
        tag: tag.optional(),
        types: z.array(z.enum(USER_TYPES)).max(3).optional().describe('Only users of these types (staff picking a customer to act for: OEM and EC).'),
      })
      .default({}),
    search: z.string().trim().max(100).optional().describe('Part of the first or last name, the e-mail or the company name.'),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'UserList' });
export type UserListRequest = z.infer<typeof UserListSchema>;

export const UserListPageSchema = z
  .object({ items: z.array(UserProfileSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'UserListPage' });

export const TagListSchema = z.object({ tags: z.array(z.string()) }).meta({ id: 'TagList' });

/** `POST /user/changePassword`: the rules are checked on the server so its codes (wrong_old_password, ...) show. */
export const ChangePasswordSchema = z
  .object({ oldPassword: z.string().max(1024).optional(), newPassword: z.string().max(1024).optional(), confirmPassword: z.string().max(1024).optional() })
  .meta({ id: 'ChangePassword' });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordSchema>;

/** `POST /user/set-password` (invitation) and `/user/password-reset`. */
export const TokenPasswordSchema = z
  .object({ token: z.string().max(100).optional(), password: z.string().max(1024).optional(), confirmPassword: z.string().max(1024).optional() })
  .meta({ id: 'TokenPassword' });
export type TokenPasswordRequest = z.infer<typeof TokenPasswordSchema>;

export const ForceLoginGrantSchema = z.object({ userId: z.string().min(1).max(100) }).meta({ id: 'ForceLoginGrant' });
export const ForceLoginLinkSchema = z.object({ token: z.string(), link: z.string() }).meta({ id: 'ForceLoginLink' });
