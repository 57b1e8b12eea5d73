import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { clearSession } from './token-store';

/** `POST /api/log-out`; the local session ends whatever the server answers. */
export async function logOut(): Promise<void> {
  try {
    await apiRequest('/log-out', { handledErrors: 'all', redirectOnUnauthorized: false });
  } catch {
    // Already logged out on the server (or unreachable): the local session still ends below.
  } finally {
    clearSession();
  }
}

export function useLogOut() {
  return useMutation({ mutationFn: logOut });
}
