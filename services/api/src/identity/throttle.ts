import { createHash } from 'node:crypto';
import { DomainError } from '@onsite/domain';
import type { DocumentStore } from '@onsite/infrastructure';

/** Failed log-ins per sliding window (docs/security.md). */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;
export const LOGIN_ATTEMPTS = 'login_attempts';

interface AttemptsDoc {
  /** Instants (ms) of the failures inside the window. */
  readonly failures: readonly number[];
}

const tooMany = () => new DomainError('too_many_attempts', 'throttled', 'Too many attempts. Please wait and try again.');
const accountKey = (email: string) => `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
const addressKey = (ip: string) => `address:${ip}`;

/** Counts failed log-ins per account and per client address in a document collection with a sliding window. */
export class LoginThrottle {
  constructor(
    private readonly store: DocumentStore,
    private readonly clock: () => Date,
  ) {}

  async ensure(): Promise<void> {
    await this.store.ensureCollection({ name: LOGIN_ATTEMPTS });
  }

  /** Refuses with 429 while either counter is at its limit. */
  async check(email: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([this.recent(accountKey(email)), this.recent(addressKey(ip))]);
    if (account.length >= LOGIN_LIMITS.perAccount || address.length >= LOGIN_LIMITS.perAddress) throw tooMany();
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.push(accountKey(email));
    await this.push(addressKey(ip));
  }

  /** A successful log-in clears the account's counter (not the address's: one address may try many accounts). */
  async recordSuccess(email: string): Promise<void> {
    await this.store.collection<AttemptsDoc>(LOGIN_ATTEMPTS).delete(accountKey(email));
  }

  private async recent(key: string): Promise<readonly number[]> {
    const since = this.clock().getTime() - LOGIN_LIMITS.windowMs;
    return ((await this.store.collection<AttemptsDoc>(LOGIN_ATTEMPTS).get(key))?.data.failures ?? []).filter((t) => t > since);
  }

  private async push(key: string): Promise<void> {
    const attempts = this.store.collection<AttemptsDoc>(LOGIN_ATTEMPTS);
    const stored = await attempts.get(key);
    const failures = [...(await this.recent(key)), this.clock().getTime()].slice(-LOGIN_LIMITS.perAddress);
    await attempts.upsert(key, { failures }, (stored?.revision ?? 0) + 1);
  }
}
