import { useSyncExternalStore } from 'react';
import { onBehalfStore } from './on-behalf';
import { queryClient } from '../api/query-client';

/** Also read by public/server-page.js (D85, D101), which cannot import it: the build checks they agree. */
export const TOKEN_KEY = 'onsite.token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The bearer token of the current session, kept in localStorage so a reload keeps the user signed in. */
export const tokenStore = {
  get: read,
  set(token: string): void {
    window.localStorage.setItem(TOKEN_KEY, token);
    emit();
  },
  clear(): void {
    window.localStorage.removeItem(TOKEN_KEY);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * The console never hydrates, so the server snapshot only serves the build's renders (src/server-pages/render.tsx):
 * with no `localStorage` there, signed out; the empty states are drawn with one lent (D103).
 */
export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, read, read);
}

/** Forgets the token and every cached server answer (they belong to the user who just left). */
export function clearSession(): void {
  tokenStore.clear();
  onBehalfStore.forget();
  void queryClient.cancelQueries();
  queryClient.removeQueries();
}
