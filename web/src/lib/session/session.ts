import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import type { EarlyRequestSpec } from '../api/early-requests';
import type { Profile } from './profile-schema';
import { useToken } from './token-store';

export type { Profile, SessionUser } from './profile-schema';

export const profileKeys = {
  all: ['profile'] as const,
  current: () => [...profileKeys.all, 'current'] as const,
};

/**
 * The schema (and zod) load with the first request, not with the first page: the login page needs neither. The request
 * is sent at once, while the schema's chunk loads beside it (not one after the other: on a slow network that was a
 * round trip more before every signed-in page).
 */
/** The profile's request: also one of the requests the server's 'my service orders' sends early (D102). */
export const PROFILE_REQUEST = { path: '/user/getProfile', body: {} } as const satisfies EarlyRequestSpec;

export async function fetchProfile(options: { signal?: AbortSignal; redirectOnUnauthorized?: boolean } = {}): Promise<Profile> {
  const schema = import('./profile-schema').then((module) => module.profileSchema);
  // Awaited by apiRequest once the answer is there; a failed request must not leave it rejected unobserved.
  schema.catch(() => undefined);
  return apiRequest(PROFILE_REQUEST.path, { body: PROFILE_REQUEST.body, schema, ...options });
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
