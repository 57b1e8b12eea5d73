import { ROLES, USER_TYPES } from '@onsite/domain';
import { z } from 'zod';

/** The signed-in user as `POST /api/user/getProfile` and `POST /api/log-in` return it. */
const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  country: z.string(),
  language: z.string().nullish(),
  company: z.object({ _id: z.string(), uid: z.string().nullish(), name: z.string() }).nullish(),
  status: z.string().nullish(),
  phone: z.string().nullish(),
  hasKibanaAccess: z.boolean().nullish(),
  countriesToOrder: z.array(z.string()).nullish(),
  /** Staff: the countries they look after (empty: every country). */
  countriesFilter: z.array(z.string()).nullish(),
  /** Missing means accepted (older sessions and staff acting on behalf). */
  acceptUserLicence: z.boolean().nullish(),
  privacyPolicyAccepted: z.boolean().nullish(),
});
export type SessionUser = z.infer<typeof userSchema>;

/** The profile; `blUser` is the staff member while they act on behalf of this customer user. */
export const profileSchema = userSchema.extend({ blUser: userSchema.nullish() });
export type Profile = z.infer<typeof profileSchema>;
