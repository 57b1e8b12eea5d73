import { createHash } from 'node:crypto';
import { DomainError } from '@onsite/domain';
import type { DocumentStore } from '@onsite/infrastructure';

const IDEMPOTENCY_KEYS = 'idempotency_keys';

interface KeyDoc {
  /** SHA-256 of the request the key was first used with (its JSON with sorted keys). */
  readonly digest: string;
}

/** JSON with the keys of every object sorted, so the same request gives the same text however its keys were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestDigest = (request: unknown): string => createHash('sha256').update(canonicalJson(request)).digest('hex');

/**
 * The request each Idempotency-Key was first used with, by the order it created (D131). A retry with the same key
 * and the same request answers the first result; with another request, 422 `idempotency_key_reused`.
 */
export class IdempotencyKeys {
  constructor(private readonly store: DocumentStore) {}

  async ensure(): Promise<void> {
    await this.store.ensureCollection({ name: IDEMPOTENCY_KEYS });
  }

  /** Remembers the request of the order a key created (the first write wins). */
  async remember(orderId: string, digest: string): Promise<void> {
    await this.store.collection<KeyDoc>(IDEMPOTENCY_KEYS).upsert(orderId, { digest }, 1);
  }

  /** Throws 422 when the key's order was created by another request. */
  async assertSameRequest(orderId: string, digest: string): Promise<void> {
    const first = await this.store.collection<KeyDoc>(IDEMPOTENCY_KEYS).get(orderId);
    if (first && first.data.digest !== digest) {
      throw new DomainError('idempotency_key_reused', 'unprocessable', 'This Idempotency-Key was already used for a different request.');
    }
  }
}
