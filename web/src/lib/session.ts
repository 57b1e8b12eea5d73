import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROLES, USER_TYPES } from '@onsite/domain';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { useToken } from './token-store';

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

export const profileKeys = {
  all: ['profile'] as const,
  current: () => [...profileKeys.all, 'current'] as const,
};

export function fetchProfile(options: { signal?: AbortSignal; redirectOnUnauthorized?: boolean } = {}): Promise<Profile> {
  return apiRequest('/user/getProfile', { body: {}, schema: profileSchema, ...options });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.current(),
    queryFn: ({ signal }) => fetchProfile({ signal }),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user, or undefined while signed out (or while the profile loads). */
export function useProfile(): Profile | undefined {
  const token = useToken();
  const { data } = useQuery({ ...profileQueryOptions(), enabled: token !== null });
  return token === null ? undefined : data;
}
