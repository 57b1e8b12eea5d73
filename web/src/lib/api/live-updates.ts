import type { OrderUpdateNotice } from '@onsite/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from './api-client';
import { orderKeyOf, orderQueryKeys } from '../orders/order-keys';

/** One SSE frame: the fields we use. */
interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

/** Splits a text/event-stream body into frames (blank-line separated `field: value` lines). */
export function parseFrames(buffer: string): { frames: Frame[]; rest: string } {
  const frames: Frame[] = [];
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const frame: Frame = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id' || field === 'event' || field === 'data') frame[field] = value;
    }
    frames.push(frame);
  }
  return { frames, rest };
}

/** Refreshes what changed orders show: their detail, and every list, count and work queue (once per burst). */
function refresher(queryClient: QueryClient) {
  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (refId: string) => {
    changed.add(refId);
    timer ??= setTimeout(() => {
      const refIds = new Set(changed);
      changed.clear();
      timer = undefined;
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => {
          const key = orderKeyOf(queryKey);
          return key !== null && (key.detailOf === null || refIds.has(key.detailOf));
        },
      });
    }, 150);
  };
}

/**
 * Keeps the signed-in console current without polling: reads GET /api/updates (server-sent events, sent with the
 * bearer token, which EventSource cannot send) and refreshes the orders it names. After a network drop it
 * reconnects with Last-Event-ID, so nothing in between is missed (a console that never got a first frame reads its
 * orders again instead); a 401 stops it (the session is over).
 */
export function useLiveUpdates(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || typeof fetch !== 'function' || typeof TextDecoder === 'undefined') return;
    const abort = new AbortController();
    const refresh = refresher(queryClient);
    let lastEventId: string | undefined;
    let failures = 0;
    let triedBefore = false;

    const run = async () => {
      while (!abort.signal.aborted) {
        try {
          const response = await fetch(`${API_BASE}/updates`, {
            headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
            signal: abort.signal,
            credentials: 'same-origin',
          });
          if (response.status === 401 || response.status === 403) return;
          // A position the server cannot resume from (400): start afresh, and read every order on screen again.
          if (response.status === 400 && lastEventId) lastEventId = undefined;
          if (!response.ok || !response.body) throw new Error(`updates: ${response.status}`);
          failures = 0;
          // Connected at last without a position to resume from (every earlier attempt failed before its first
          // frame): what changed meanwhile cannot be replayed, so every order on screen is read again.
          if (triedBefore && !lastEventId) void queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const parsed = parseFrames(buffer + decoder.decode(value, { stream: true }));
            buffer = parsed.rest;
            for (const frame of parsed.frames) {
              if (frame.id) lastEventId = frame.id;
              if (frame.event === 'order' && frame.data) {
                const { refId } = JSON.parse(frame.data) as Partial<OrderUpdateNotice>;
                if (refId) refresh(refId);
              }
            }
          }
        } catch {
          if (abort.signal.aborted) return;
        }
        // Dropped or refused: try again, a little later each time (at most every 15 s).
        triedBefore = true;
        failures++;
        await new Promise((resolve) => setTimeout(resolve, Math.min(15_000, 500 * 2 ** Math.min(failures, 5))));
      }
    };
    void run();
    return () => abort.abort();
  }, [token, queryClient]);
}
