import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { API_TOKEN_PREFIX, apiTokenDecider, apiTokenStreamId, DomainError, foldStream, type ApiTokenRecord, type ApiTokenScope } from '@onsite/domain';
import type { DocumentStore, EventStore } from '@onsite/infrastructure';
import { LOGIN_ATTEMPTS, SlidingWindow, ThrottledError } from '../identity/throttle.js';

export const API_TOKEN_SCOPE = 'onsite:api-token-scope';

/**
 * Marks a route an API token may call, and with which scope (D211); the OpenAPI operation says so as
 * `x-api-token-scope`. A route without it answers 403 `token_scope` to every token.
 */
export const ApiTokenScopeOf = (scope: ApiTokenScope): MethodDecorator =>
  applyDecorators(SetMetadata(API_TOKEN_SCOPE, scope), ApiExtension('x-api-token-scope', scope));

export const tokenScopeRefused = (): DomainError =>
  new DomainError('token_scope', 'forbidden', 'This API token may not call this operation (see x-api-token-scope in the OpenAPI document).');

export const tokenInvalid = (): DomainError => new DomainError('token_invalid', 'unauthenticated', 'This API token is unknown, revoked or expired.');

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A new token: its id names its stream, the secret is 256 random bits; only the secret's SHA-256 is kept. */
export function newApiTokenSecret(id: string): { secret: string; secretHash: string } {
  const part = randomBytes(32).toString('base64url');
  return { secret: `${API_TOKEN_PREFIX}${id}.${part}`, secretHash: sha256(part) };
}

const TOKEN_FORM = new RegExp(`^${API_TOKEN_PREFIX}([0-9a-f-]{36})\\.([A-Za-z0-9_-]{43})$`);

export const isApiTokenForm = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

const USAGE = 'api_token_usage';
/** lastUsedAt is written at most this often per token and process, so a busy ERP does not turn reads into writes. */
const TOUCH_EVERY_MS = 60_000;
/** Failed token checks per client address inside the password-guess window before the address is refused. */
const FAILURES_PER_ADDRESS = 20;
const FAILURE_WINDOW_MS = 15 * 60_000;

interface UsageDoc {
  readonly lastUsedAt: string;
}

/**
 * Resolves an API token (D211): read from the token's own stream on every request, so a revocation takes effect at
 * the next request whatever the read models' lag. Failures count per client address, like password guesses.
 */
export class ApiTokenAuth {
  private readonly failures: SlidingWindow;
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly events: EventStore,
    private readonly documents: DocumentStore,
    private readonly clock: () => Date,
  ) {
    this.failures = new SlidingWindow(documents, LOGIN_ATTEMPTS, clock);
  }

  static async ensure(documents: DocumentStore): Promise<void> {
    await documents.ensureCollection({ name: USAGE });
  }

  /** The live token, or 401 `token_invalid` (429 once the address has failed too often). */
  async resolve(bearer: string, address: string): Promise<ApiTokenRecord> {
    const key = `api-token:${address}`;
    const recent = await this.failures.recent(key, FAILURE_WINDOW_MS);
    const now = this.clock().getTime();
    if (recent.length >= FAILURES_PER_ADDRESS) throw new ThrottledError(Math.max(1, Math.ceil((recent[0]! + FAILURE_WINDOW_MS - now) / 1000)));
    const token = await this.find(bearer, now);
    if (!token) {
      await this.failures.push(key, FAILURE_WINDOW_MS);
      throw tokenInvalid();
    }
    return token;
  }

  private async find(bearer: string, now: number): Promise<ApiTokenRecord | null> {
    const match = TOKEN_FORM.exec(bearer);
    if (!match) return null;
    const [, id, part] = match as unknown as [string, string, string];
    const state = foldStream(apiTokenDecider, await this.events.readStream(apiTokenStreamId(id)));
    const token = state.token;
    if (!token || state.revoked || now >= Date.parse(token.expiresAt)) return null;
    const given = Buffer.from(sha256(part), 'hex');
    const stored = Buffer.from(token.secretHash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored) ? token : null;
  }

  /** Records the use, at most once a minute per token in this process; a lost race only loses a timestamp. */
  async touch(id: string): Promise<void> {
    const now = this.clock().getTime();
    if (now - (this.touched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    this.touched.set(id, now);
    const usage = this.documents.collection<UsageDoc>(USAGE);
    try {
      const stored = await usage.get(id);
      await usage.upsert(id, { lastUsedAt: new Date(now).toISOString() }, (stored?.revision ?? 0) + 1);
    } catch {
      // Another process wrote it at the same moment: its instant is as good.
    }
  }

  static async lastUsed(documents: DocumentStore, ids: readonly string[]): Promise<Map<string, string>> {
    const usage = documents.collection<UsageDoc>(USAGE);
    const found = await Promise.all(ids.map(async (id) => [id, (await usage.get(id))?.data.lastUsedAt] as const));
    return new Map(found.filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string'));
  }
}
