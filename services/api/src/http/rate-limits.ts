import { createHash } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { DocumentStore } from '@onsite/infrastructure';
import type { AppRequest } from '../common/request-context.js';
import { SlidingWindow, ThrottledError } from '../identity/throttle.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Whom a limit counts: the client address, the signed-in user, the target the request names (an e-mail, a user). */
type Subject = 'address' | 'user' | 'target';

interface Limit {
  /** The count is kept per combination of these (e.g. target and address: one address asking about one target). */
  readonly per: readonly Subject[];
  readonly max: number;
  readonly windowMs: number;
  /**
   * A per-target limit that holds back only the addresses that have already asked about the target in the window:
   * an address that has not (like the owner's) still gets through, so nobody can lock the owner out (D125).
   */
  readonly sparesNewAddresses?: boolean;
}

interface RatePolicy {
  readonly limits: readonly Limit[];
  /** The target the request names, read from its body before validation (anything but a string counts as none). */
  readonly target?: (body: Record<string, unknown>) => unknown;
}

const lowerCased = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : undefined);

/** What a victim may receive and a bot may try, per target and per address (D125; docs/security.md lists them). */
const MAIL_TO_TARGET: readonly Limit[] = [
  { per: ['address'], max: 10, windowMs: HOUR },
  { per: ['target', 'address'], max: 3, windowMs: HOUR },
  { per: ['target'], max: 5, windowMs: HOUR, sparesNewAddresses: true },
];

/**
 * The request limits of the routes that need no session or send mail, by name (docs/security.md). Every request the
 * limits let through counts, whatever its outcome: each of these costs the server a write or a mail.
 */
export const RATE_LIMITS = {
  registration: { limits: [{ per: ['address'], max: 5, windowMs: HOUR }] },
  countryRequest: { limits: [{ per: ['address'], max: 5, windowMs: HOUR }] },
  passwordReset: { limits: MAIL_TO_TARGET, target: (body) => lowerCased(body.email) },
  resendVerification: { limits: MAIL_TO_TARGET, target: (body) => lowerCased(body.email) },
  contactForm: { limits: [{ per: ['user'], max: 5, windowMs: HOUR }] },
  invitation: {
    limits: [
      { per: ['user'], max: 30, windowMs: HOUR },
      { per: ['target'], max: 3, windowMs: HOUR },
    ],
    target: (body) => lowerCased(body.email) ?? body.userId,
  },
  couponCheck: { limits: [{ per: ['user'], max: 20, windowMs: 15 * MINUTE }] },
  /** First-run setup: guessing the token is hopeless (256 bits), and a caller who keeps trying is slowed down. */
  setup: { limits: [{ per: ['address'], max: 20, windowMs: HOUR }] },
} as const satisfies Record<string, RatePolicy>;
export type RatePolicyName = keyof typeof RATE_LIMITS;

const RATE_LIMIT = 'onsite:rate-limit';
/** Puts a route under a named request limit (RATE_LIMITS), checked by RateLimitGuard after the session. */
export const RateLimit = (name: RatePolicyName): MethodDecorator => SetMetadata(RATE_LIMIT, name);

const RATE_COUNTS = 'rate_limits';
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/** Counts requests per policy and subject in one sliding-window collection; refuses with 429 and Retry-After. */
export class RateLimiter {
  private readonly window: SlidingWindow;
  /** Checks and counts run one at a time in this process, so parallel requests cannot all slip under a limit. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    store: DocumentStore,
    private readonly clock: () => Date,
  ) {
    this.window = new SlidingWindow(store, RATE_COUNTS, clock, 100);
  }

  async ensure(): Promise<void> {
    await this.window.ensure();
  }

  /** Refuses (429) when any limit of the policy is reached for these subjects; otherwise counts the request. */
  take(name: RatePolicyName, subjects: { address: string; user?: string; target?: string }): Promise<void> {
    const run = this.queue.then(() => this.takeNow(name, subjects));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async takeNow(name: RatePolicyName, subjects: { address: string; user?: string; target?: string }): Promise<void> {
    const policy: RatePolicy = RATE_LIMITS[name];
    const now = this.clock().getTime();
    const keyOf = (per: readonly Subject[]) => {
      const parts = per.map((subject) => subjects[subject]);
      return parts.every((part) => part !== undefined) ? `${name}:${per.join('+')}:${digest(parts.join('|'))}` : null;
    };
    const counted: { key: string; windowMs: number }[] = [];
    let until = 0;
    for (const limit of policy.limits) {
      const key = keyOf(limit.per);
      if (!key) continue;
      counted.push({ key, windowMs: limit.windowMs });
      const recent = await this.window.recent(key, limit.windowMs);
      if (recent.length < limit.max) continue;
      if (limit.sparesNewAddresses) {
        const pair = keyOf([...limit.per, 'address']);
        if (pair && (await this.window.recent(pair, limit.windowMs)).length === 0) continue;
      }
      until = Math.max(until, recent[recent.length - limit.max]! + limit.windowMs);
    }
    if (until > now) throw new ThrottledError(Math.ceil((until - now) / 1000), 'Too many requests. Please wait and try again.');
    for (const { key, windowMs } of counted) await this.window.push(key, windowMs);
    // A spared address is remembered on the target, so that it is spared once, not for the rest of the window.
    for (const limit of policy.limits) {
      const pair = limit.sparesNewAddresses ? keyOf([...limit.per, 'address']) : null;
      if (pair && !counted.some((c) => c.key === pair)) await this.window.push(pair, limit.windowMs);
    }
  }
}

/**
 * Applies the @RateLimit of a route, after AuthGuard (so the signed-in user is known) and before the handler: the
 * client address is the one the log-in throttle uses (TRUST_PROXY decides whether a forwarded one counts).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly reflector: Reflector,
    @Inject(RUNTIME) runtime: Runtime,
  ) {
    this.limiter = new RateLimiter(runtime.documentStore, runtime.clock);
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const name = this.reflector.get<RatePolicyName | undefined>(RATE_LIMIT, context.getHandler());
    if (!name) return true;
    const request = context.switchToHttp().getRequest<AppRequest>();
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const policy: RatePolicy = RATE_LIMITS[name];
    const target = policy.target?.(body);
    return this.limiter
      .take(name, {
        address: request.ip,
        ...(request.auth ? { user: request.auth.user._id } : {}),
        ...(typeof target === 'string' && target ? { target } : {}),
      })
      .then(() => true);
  }
}
