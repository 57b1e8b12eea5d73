import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import type { Profile } from './profile-schema';
import { useToken } from './token-store';

export type { Profile, SessionUser } from './profile-schema';

export const profileKeys = {
  all: ['profile'] as const,
  current: () => [...profileKeys.all, 'current'] as const,
};

/** The schema (and zod) load with the first request, not with the first page: the login page needs neither. */
export async function fetchProfile(options: { signal?: AbortSignal; redirectOnUnauthorized?: boolean } = {}): Promise<Profile> {
  const { profileSchema } = await import('./profile-schema');
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
