import { createHash } from 'node:crypto';

/**
 * A UUID-shaped id derived from a key (SHA-256 of `namespace:key`), so the same request or seed entry always
 * maps to the same stream: a retry finds the stream it created instead of creating a second one.
 */
export function stableUuid(namespace: string, key: string): string {
  const h = createHash('sha256').update(`${namespace}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
