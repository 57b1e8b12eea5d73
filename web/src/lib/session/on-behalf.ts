import { useSyncExternalStore } from 'react';
import { queryClient } from '../api/query-client';

/** Where the acted-for customer is kept (also read by public/server-page.js: no early requests for staff, D102). */
export const ON_BEHALF_KEY = 'onsite.onBehalfOf';
const listeners = new Set<() => void>();

/** The customer user a staff member orders for (orderingOnBehalfOf, D18), as the console shows them. */
export interface OnBehalfTarget {
  readonly userId: string;
  readonly name: string;
  readonly companyName?: string;
}

function read(): string | null {
  try {
    return window.localStorage.getItem(ON_BEHALF_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): OnBehalfTarget | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OnBehalfTarget>;
    return typeof value.userId === 'string' && value.userId ? { userId: value.userId, name: String(value.name ?? ''), companyName: value.companyName } : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Staff acting for a customer user: while a target is set, every api call carries `onBehalfOfUserId` (POST
 * body or GET query, docs/api.md), the server answers as that customer (the profile gains `blUser`) and records
 * both users on every event. Kept in the browser so a reload keeps the context; cleared at logout.
 */
export const onBehalfStore = {
  get(): OnBehalfTarget | null {
    return parse(read());
  },
  userId(): string | null {
    return parse(read())?.userId ?? null;
  },
  /** Starts acting for `target`; every cached answer belonged to the staff member's own view and is dropped. */
  start(target: OnBehalfTarget): void {
    window.localStorage.setItem(ON_BEHALF_KEY, JSON.stringify(target));
    void queryClient.cancelQueries();
    queryClient.removeQueries();
    emit();
  },
  stop(): void {
    if (read() === null) return;
    window.localStorage.removeItem(ON_BEHALF_KEY);
    void queryClient.cancelQueries();
    queryClient.removeQueries();
    emit();
  },
  /** Forgets the target without touching the cache (logout clears the cache itself). */
  forget(): void {
    try {
      window.localStorage.removeItem(ON_BEHALF_KEY);
    } catch {
      // nothing stored
    }
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useOnBehalfTarget(): OnBehalfTarget | null {
  const raw = useSyncExternalStore(onBehalfStore.subscribe, read, () => null);
  return parse(raw);
}
