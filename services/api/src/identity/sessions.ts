import { createHash, randomBytes } from 'node:crypto';
import type { DocumentStore } from '@onsite/infrastructure';

/**
 * Opaque bearer sessions: 256 random bits handed to the client once; only their SHA-256 is stored,
 * so a leaked table cannot be replayed. A session ends on logout (revoked), after `idleMs` without use,
 * or `maxMs` after it started, whichever comes first.
 */
const SESSIONS = 'sessions';

interface SessionDoc {
  readonly userId: string;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly expiresAt: string;
  readonly revokedAt: string | null;
  /** Force login: the staff user who opened this session as the customer user `userId`. */
  readonly blUserId?: string;
}

export interface Session extends SessionDoc {
  readonly id: string;
  readonly revision: number;
}

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Refresh lastSeenAt at most this often, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 60_000;

export class SessionService {
  constructor(
    private readonly store: DocumentStore,
    private readonly limits: { readonly idleMs: number; readonly maxMs: number },
    private readonly clock: () => Date,
  ) {}

  async ensure(): Promise<void> {
    await this.store.ensureCollection({ name: SESSIONS, indexes: [{ name: 'sessions_user', paths: ['userId'] }] });
  }

  async start(userId: string, options: { readonly blUserId?: string } = {}): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const doc: SessionDoc = {
      userId,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.limits.maxMs).toISOString(),
      revokedAt: null,
      ...(options.blUserId ? { blUserId: options.blUserId } : {}),
    };
    const id = hashToken(token);
    await this.store.collection<SessionDoc>(SESSIONS).upsert(id, doc, 1);
    return { token, session: { ...doc, id, revision: 1 } };
  }

  /** The live session for a token, or null when it is unknown, revoked, idle too long or past its lifetime. */
  /** The live session of a token, or null. `touch: false` checks without counting as activity (live-update streams). */
  async resolve(token: string, options: { readonly touch?: boolean } = {}): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const id = hashToken(token);
    const sessions = this.store.collection<SessionDoc>(SESSIONS);
    const stored = await sessions.get(id);
    if (!stored) return null;
    const s = stored.data;
    const now = this.clock().getTime();
    if (s.revokedAt || now >= Date.parse(s.expiresAt) || now - Date.parse(s.lastSeenAt) >= this.limits.idleMs) return null;
    if (options.touch !== false && now - Date.parse(s.lastSeenAt) >= TOUCH_EVERY_MS) {
      await sessions.patch(id, { lastSeenAt: new Date(now).toISOString() }, stored.revision + 1);
    }
    return { ...s, id, revision: stored.revision };
  }

  async revoke(sessionId: string): Promise<void> {
    const sessions = this.store.collection<SessionDoc>(SESSIONS);
    const stored = await sessions.get(sessionId);
    if (!stored || stored.data.revokedAt) return;
    await sessions.patch(sessionId, { revokedAt: this.clock().toISOString() }, stored.revision + 1);
  }

  /** Ends every live session of a user (password change, archive, delete). */
  async revokeAllOf(userId: string, except?: string): Promise<number> {
    const sessions = this.store.collection<SessionDoc>(SESSIONS);
    const live = await sessions.findDocuments({ filter: { userId, revokedAt: null } });
    let revoked = 0;
    for (const s of live) {
      if (s.id === except) continue;
      if (await sessions.patch(s.id, { revokedAt: this.clock().toISOString() }, s.revision + 1)) revoked++;
    }
    return revoked;
  }
}
