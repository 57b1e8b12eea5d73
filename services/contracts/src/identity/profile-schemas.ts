import { z } from 'zod';
import type { Language } from '@onsite/domain';
import { ROLES, USER_TYPES } from '@onsite/domain';
import { USER_STATUSES } from '@onsite/domain';

/**
 * The domain's LANGUAGES, spelled out: importing them would tie the session schema's lazy chunk to the countries
 * module of the first page, which then splits off into a chunk of its own. The users contract
 * (services/api/src/contract/users.contract.ts) fails the build unless this and `Language` are the same.
 */
const uiLanguage = z.enum(['en', 'de', 'pt'] as const satisfies readonly Language[]);

/**
 * A user as the api answers: user management, my profile and the session (the directory's user view; the password
 * hash and whether one is set never leave the server). services/api/src/contract/users.contract.ts holds the api to it.
 */
export const UserProfileSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    title: z.string().nullable(),
    phone: z.string().nullable(),
    type: z.enum(USER_TYPES),
    role: z.enum(ROLES),
    country: z.string(),
    language: uiLanguage,
    status: z.enum(USER_STATUSES),
    company: z.object({ _id: z.string(), uid: z.string(), name: z.string(), completed: z.boolean() }),
    tags: z.array(z.string()),
    countriesToOrder: z.array(z.string()),
    countriesFilter: z.array(z.string()).describe('Staff: the countries they look after (empty: every country).'),
    hasKibanaAccess: z.boolean(),
    dashboardTags: z.array(z.string()),
    notificationSettings: z.object({ emails: z.array(z.string()), sms: z.boolean(), whatsapp: z.boolean() }),
    supervisorOnly: z.boolean(),
    acceptUserLicence: z.boolean(),
    privacyPolicyAccepted: z.boolean(),
    emailVerified: z.boolean(),
    registeredAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int().optional().describe('After an update: the version of the user stream.'),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** `POST /user/getProfile`: the caller; while staff act for a customer user, that user with the staff member as `blUser`. */
export const SessionProfileSchema = UserProfileSchema.extend({ blUser: UserProfileSchema.optional() }).meta({ id: 'SessionProfile' });
export type SessionProfile = z.infer<typeof SessionProfileSchema>;

/** `POST /log-in` (the session token travels beside `data`) and `POST /force-login` (with the staff member as `blUser`). */
export const LogInResultSchema = z.object({ profile: UserProfileSchema, blUser: UserProfileSchema.optional() }).meta({ id: 'LogInResult' });
export type LogInResult = z.infer<typeof LogInResultSchema>;
