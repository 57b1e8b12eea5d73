import { startTransition, useEffect, useState } from 'react';
import { queryClient } from './api/query-client';

/**
 * The moment the first page is on screen with its data: the route's page has been drawn (not the loading skeleton),
 * every query it started has answered, and the browser has drawn and gone idle after that. The shell's parts no page
 * needs to paint (the notification stack, the language and user menus' dropdowns, the dialogs) are fetched from then
 * on: fetched earlier, they shared a slow connection with the page's own code and data and delayed its largest
 * paint (D80). Navigations after the first page find it true.
 */
let ready = false;
let started = false;
const listeners = new Set<() => void>();
/** Not for ever: a query that keeps fetching (or a page that never settles) does not hold the shell's parts back. */
const LONGEST_WAIT_MS = 5_000;

function markReady(): void {
  if (ready) return;
  ready = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

function afterFrameWhenIdle(then: () => void): void {
  window.requestAnimationFrame(() => {
    window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(then, { timeout: 1_000 });
      else window.setTimeout(then, 50);
    });
  });
}

/** Called by the layout once it has committed a route's page: waits for the page's queries, then for a frame. */
export function pageCommitted(): void {
  if (ready || started) return;
  started = true;
  const cap = window.setTimeout(markReady, LONGEST_WAIT_MS);
  const settle = () => {
    if (ready) return;
    if (queryClient.isFetching() > 0) {
      const unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() > 0) return;
        unsubscribe();
        settle();
      });
      return;
    }
    afterFrameWhenIdle(() => {
      // A query the last render started (a deferred list drawn in slices) is waited for too.
      if (queryClient.isFetching() > 0) return settle();
      window.clearTimeout(cap);
      markReady();
    });
  };
  afterFrameWhenIdle(settle);
}

/** Runs `then` once the first page is ready (at once, in a task, if it is). */
export function whenPageReady(then: () => void): void {
  if (ready) window.setTimeout(then);
  else listeners.add(then);
}

/** Calls `listener` once the first page is ready (at once if it is); returns the cancel. */
function subscribe(listener: () => void): () => void {
  if (ready) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False until the first page is ready, then true. The change is drawn as a transition, in slices: the parts it
 * mounts (menus, notification stack, the language field) are one render that a store subscription would run in a
 * single task (D110).
 */
export function usePageReady(): boolean {
  const [isReady, setReady] = useState(ready);
  useEffect(() => (isReady ? undefined : subscribe(() => startTransition(() => setReady(true)))), [isReady]);
  return isReady;
}
