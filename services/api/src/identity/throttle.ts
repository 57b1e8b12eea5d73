import { createHash } from 'node:crypto';
import { DomainError } from '@onsite/domain';
import type { DocumentStore } from '@onsite/infrastructure';

/**
 * Password-guess throttling (docs/security.md). Failures count per (account, address) pair, per address and per
 * account inside a sliding window. An address that keeps failing on an account waits longer and longer; an
 * address spraying many accounts is refused for the window; an account attacked from many addresses makes every
 * address that failed on it wait. The owner, from an address that has not failed, is never held up by others.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Failures of one account from one address that cost nothing. */
  freePerPair: 3,
  /** Then each attempt waits 1 s after the last failure, doubling with every further failure, up to this. */
  maxDelayMs: 15 * 60_000,
  /** Failures from one address across accounts before the address is refused for the window. */
  perAddress: 20,
  /** Failures of one account from every address before each address that failed on it waits too. */
  perAccount: 10,
} as const;
export const LOGIN_ATTEMPTS = 'login_attempts';

interface AttemptsDoc {
  /** Instants (ms) of the failures inside the window. */
  readonly failures: readonly number[];
}

/** 429 `too_many_attempts`, with the seconds to wait (the Retry-After header). */
export class ThrottledError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please wait and try again.',
  ) {
    super('too_many_attempts', 'throttled', message);
  }
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const accountKey = (email: string) => `account:${hash(email.trim().toLowerCase())}`;
const addressKey = (ip: string) => `address:${ip}`;
const pairKey = (email: string, ip: string) => `pair:${hash(`${email.trim().toLowerCase()}|${ip}`)}`;
const backoff = (excess: number) => Math.min(1000 * 2 ** excess, LOGIN_LIMITS.maxDelayMs);

/**
 * Instants inside a sliding window, per key, in a document collection: the one mechanism behind every request limit
 * (the password-guess throttle below, and the per-route limits of rate-limits.ts). Keeps the latest `keep` instants.
 */
export class SlidingWindow {
  constructor(
    private readonly store: DocumentStore,
    private readonly collection: string,
    private readonly clock: () => Date,
    private readonly keep = 50,
  ) {}

  async ensure(): Promise<void> {
    await this.store.ensureCollection({ name: this.collection });
  }

  /** The instants (ms, oldest first) of `key` inside the last `windowMs`. */
  async recent(key: string, windowMs: number): Promise<readonly number[]> {
    const since = this.clock().getTime() - windowMs;
    return ((await this.store.collection<AttemptsDoc>(this.collection).get(key))?.data.failures ?? []).filter((t) => t > since);
  }

  /** Records now under `key`, dropping the instants older than `windowMs`. */
  async push(key: string, windowMs: number): Promise<void> {
    const attempts = this.store.collection<AttemptsDoc>(this.collection);
    const stored = await attempts.get(key);
    const failures = [...(await this.recent(key, windowMs)), this.clock().getTime()].slice(-this.keep);
    await attempts.upsert(key, { failures }, (stored?.revision ?? 0) + 1);
  }

  async clear(key: string): Promise<void> {
    await this.store.collection<AttemptsDoc>(this.collection).delete(key);
  }
}

/** Counts failed password checks (log-in, change password) in a document collection with a sliding window. */
export class LoginThrottle {
  private readonly window: SlidingWindow;

  constructor(
    store: DocumentStore,
    private readonly clock: () => Date,
  ) {
    this.window = new SlidingWindow(store, LOGIN_ATTEMPTS, clock);
  }

  async ensure(): Promise<void> {
    await this.window.ensure();
  }

  /** Refuses with 429 (and how long to wait) while this address may not try this account's password. */
  async check(email: string, ip: string): Promise<void> {
    const now = this.clock().getTime();
    const [pair, address, account] = await Promise.all([this.recent(pairKey(email, ip)), this.recent(addressKey(ip)), this.recent(accountKey(email))]);
    let until = 0;
    if (address.length >= LOGIN_LIMITS.perAddress) until = address[0]! + LOGIN_LIMITS.windowMs;
    if (pair.length >= LOGIN_LIMITS.freePerPair) until = Math.max(until, pair.at(-1)! + backoff(pair.length - LOGIN_LIMITS.freePerPair));
    if (pair.length > 0 && account.length >= LOGIN_LIMITS.perAccount) {
      until = Math.max(until, account.at(-1)! + backoff(account.length - LOGIN_LIMITS.perAccount));
    }
    if (until > now) throw new ThrottledError(Math.ceil((until - now) / 1000));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.window.push(pairKey(email, ip), LOGIN_LIMITS.windowMs);
    await this.window.push(addressKey(ip), LOGIN_LIMITS.windowMs);
    await this.window.push(accountKey(email), LOGIN_LIMITS.windowMs);
  }

  /** A right password clears its address's failures on the account (not the address's or the account's totals). */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.window.clear(pairKey(email, ip));
  }

  private recent(key: string): Promise<readonly number[]> {
    return this.window.recent(key, LOGIN_LIMITS.windowMs);
  }
}
