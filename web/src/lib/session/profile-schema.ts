import { SessionProfileSchema, type SessionProfile, type UserProfile } from '@onsite/contracts';

/**
 * The signed-in user as `POST /api/user/getProfile` answers (the shared contract; `blUser` is the staff member
 * while they act for this customer user). Kept in its own module, imported lazily, so zod stays off the first page.
 */
export const profileSchema = SessionProfileSchema;
export type SessionUser = UserProfile;
export type Profile = SessionProfile;
