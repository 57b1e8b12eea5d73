import type { TestApp } from './test-app.js';

interface Frame {
  readonly id?: string;
  readonly event?: string;
  readonly data?: string;
  /** When the frame arrived (ms since the epoch). */
  readonly at: number;
}

/** A console's view of GET /api/updates: the frames received so far. */
export async function openUpdates(t: TestApp, token: string, lastEventId?: string) {
  const abort = new AbortController();
  const response = await fetch(`${t.baseUrl}/api/updates`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const frames: Frame[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          ended = true;
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            const colon = line.indexOf(': ');
            if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 2);
          }
          frames.push({ ...fields, at: Date.now() });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    frames,
    orders: () =>
      frames.filter((f) => f.event === 'order').map((f) => ({ id: f.id!, at: f.at, ...(JSON.parse(f.data!) as { orderId: string; refId: string }) })),
    lastId: () => frames.at(-1)?.id,
    ended: () => ended,
    close: () => abort.abort(),
  };
}

export async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
