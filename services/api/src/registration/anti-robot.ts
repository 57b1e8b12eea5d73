import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ANTI_ROBOT_MIN_MS, assertAntiRobotPassed, DomainError } from '@onsite/domain';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import type { AppRequest } from '../common/request-context.js';
import { sameSecret } from '../common/same-secret.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** How long a form may stay open before its challenge expires. */
export const CHALLENGE_LIFETIME_MS = 2 * 60 * 60_000;
const SPENT = 'anti_robot_spent';
const FORMAT = /^v1\.(\d{13})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/** What GET /api/registration/challenge answers: the token, and from when to when it may be sent. */
export interface AntiRobotChallenge {
  readonly challenge: string;
  readonly notBefore: string;
  readonly expiresAt: string;
}

/** A verified challenge: when the server issued it, and how to give it back if the form is refused. */
export interface SpentChallenge {
  readonly issuedAtMs: number;
  release(): Promise<void>;
}

/**
 * The server's proof of time for the public forms (D127): a challenge issued when a form opens, `v1.<issued ms>.
 * <nonce>.<HMAC-SHA256 of the rest with ANTI_ROBOT_SECRET>`. A submission must bring one that the server signed, that
 * is at least 5 s and at most 2 h old, and that was not used before (its nonce is recorded when spent, and given back
 * when the form is refused, so the person can correct it and send it again). Without ANTI_ROBOT_SECRET the key is
 * random per process: several api instances need the same secret.
 */
@Injectable()
export class AntiRobotChallenges {
  private readonly key: Buffer;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
    this.key = runtime.config.antiRobotSecret ? Buffer.from(runtime.config.antiRobotSecret) : randomBytes(32);
  }

  static async ensure(runtime: Pick<Runtime, 'documentStore'>): Promise<void> {
    await runtime.documentStore.ensureCollection({ name: SPENT });
  }

  /** A new challenge, issued now (or, for tests, at another instant of the server's clock). */
  issue(now = this.runtime.clock().getTime()): AntiRobotChallenge {
    const body = `v1.${now}.${randomUUID()}`;
    return {
      challenge: `${body}.${this.mac(body).toString('base64url')}`,
      notBefore: new Date(now + ANTI_ROBOT_MIN_MS).toISOString(),
      expiresAt: new Date(now + CHALLENGE_LIFETIME_MS).toISOString(),
    };
  }

  /**
   * The challenge's issue time once it is verified and recorded as spent; null for a forged, expired or used one
   * (the caller refuses the form either way, with the same answer).
   */
  async spend(challenge: string): Promise<SpentChallenge | null> {
    const match = FORMAT.exec(challenge);
    if (!match) return null;
    const [, issued, nonce, mac] = match;
    if (!sameSecret(mac!, this.mac(`v1.${issued}.${nonce}`).toString('base64url'))) return null;
    const issuedAtMs = Number(issued);
    const age = this.runtime.clock().getTime() - issuedAtMs;
    if (age < 0 || age > CHALLENGE_LIFETIME_MS) return null;
    const spent = this.runtime.documentStore.collection<{ spentAt: string }>(SPENT);
    // Written only when new: of two submissions with one challenge, one gets through.
    if (!(await spent.upsert(nonce!, { spentAt: new Date().toISOString() }, 1))) return null;
    return { issuedAtMs, release: async () => void (await spent.delete(nonce!)) };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}

const ANTI_ROBOT = 'onsite:anti-robot';
/** Marks a public form whose body carries `antiRobot`: checked (with the server's challenge) before the handler runs. */
export const AntiRobotChecked = (): MethodDecorator => SetMetadata(ANTI_ROBOT, true);

/**
 * Checks the anti-robot part of a marked route's body before the handler (400 `anti_spam_failed`), spending its
 * challenge; a request refused afterwards (a validation error, an address in use) gives the challenge back.
 */
@Injectable()
export class AntiRobotInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly challenges: AntiRobotChallenges,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.reflector.get<boolean>(ANTI_ROBOT, context.getHandler())) return next.handle();
    const body = context.switchToHttp().getRequest<AppRequest>().body as
      { antiRobot?: { checked?: unknown; startedAt?: unknown; challenge?: unknown } } | undefined;
    const sent = body?.antiRobot;
    return from(this.challenges.spend(typeof sent?.challenge === 'string' ? sent.challenge : '')).pipe(
      mergeMap((spent) => {
        try {
          assertAntiRobotPassed(
            { checked: sent?.checked !== false, startedAt: typeof sent?.startedAt === 'number' ? sent.startedAt : 0 },
            spent?.issuedAtMs ?? null,
            this.runtime.clock().getTime(),
          );
        } catch (error) {
          return from((spent?.release() ?? Promise.resolve()).then(() => Promise.reject(error)));
        }
        return next
          .handle()
          .pipe(
            catchError((error: unknown) =>
              from((error instanceof DomainError && spent ? spent.release() : Promise.resolve()).then(() => Promise.reject(error))),
            ),
          );
      }),
    );
  }
}
