import { randomBytes } from 'node:crypto';
import { DomainError } from '@onsite/domain';
import type { DocumentStore } from '@onsite/infrastructure';
import { hashToken } from './sessions.js';

/**
 * Single-use, expiring link tokens (e-mail verification, invitation, password reset, force login). Like sessions,
 * only the SHA-256 of the 256-bit token is stored; a token is spent atomically by a revision-guarded patch.
 */
const AUTH_TOKENS = 'auth_tokens';

export type TokenPurpose = 'verify-email' | 'invitation' | 'password-reset' | 'force-login';

/** Lifetimes: long enough to read an e-mail, short for the staff force login. */
export const TOKEN_TTL_MS: Readonly<Record<TokenPurpose, number>> = {
  'verify-email': 72 * 3_600_000,
  invitation: 7 * 24 * 3_600_000,
  'password-reset': 3_600_000,
  'force-login': 2 * 60_000,
};

interface TokenDoc {
  readonly purpose: TokenPurpose;
  readonly userId: string;
  readonly issuedBy: string;
  readonly expiresAt: string;
  readonly usedAt: string | null;
}

export class TokenService {
  constructor(
    private readonly store: DocumentStore,
    private readonly clock: () => Date,
  ) {}

  async ensure(): Promise<void> {
    await this.store.ensureCollection({ name: AUTH_TOKENS, indexes: [{ name: 'auth_tokens_user', paths: ['userId'] }] });
  }

  async issue(purpose: TokenPurpose, userId: string, issuedBy: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock().getTime() + TOKEN_TTL_MS[purpose]).toISOString();
    await this.store.collection<TokenDoc>(AUTH_TOKENS).upsert(hashToken(token), { purpose, userId, issuedBy, expiresAt, usedAt: null }, 1);
    return token;
  }

  /**
   * Spends a token and returns its user. Unknown: `unknown` code (token_not_found for invitations, invalid_token
   * otherwise); used: invalid_token; expired: invalid_or_expired_token.
   */
  async consume(
    purpose: TokenPurpose,
    token: string,
    unknown: 'token_not_found' | 'invalid_token' = 'invalid_token',
  ): Promise<{ userId: string; issuedBy: string }> {
    const tokens = this.store.collection<TokenDoc>(AUTH_TOKENS);
    const id = hashToken(token);
    const stored = /^[A-Za-z0-9_-]{43}$/.test(token) ? await tokens.get(id) : null;
    if (!stored || stored.data.purpose !== purpose) throw new DomainError(unknown, 'validation', 'This link is invalid.');
    if (stored.data.usedAt) throw new DomainError('invalid_token', 'validation', 'This link was already used.');
    const now = this.clock();
    if (now.getTime() >= Date.parse(stored.data.expiresAt)) throw new DomainError('invalid_or_expired_token', 'validation', 'This link has expired.');
    // The revision guard makes two concurrent uses of one token spend it once.
    if (!(await tokens.patch(id, { usedAt: now.toISOString() }, stored.revision + 1))) {
      throw new DomainError('invalid_token', 'validation', 'This link was already used.');
    }
    return { userId: stored.data.userId, issuedBy: stored.data.issuedBy };
  }
}
