import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { notFound, SETUP_STREAM } from '@onsite/domain';
import { type SetupAnswer } from '@onsite/contracts';
import { COMPANIES, type CompanyView } from '@onsite/projections';
import { hashToken } from '../identity/sessions.js';
import { OutboxSender } from '../notifications/outbox.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** Hashes of the setup tokens this store's servers printed (application state, like sessions: never the token). */
const SETUP_TOKENS = 'setup_tokens';

/**
 * First-run setup (docs/operations.md): while the store has no provider company, each server start prints a link
 * with a new random token; any printed token is good until the setup is done. The setup itself is a use case
 * (setup-use-cases.ts); once it is done every token is deleted and the setup route answers 404 for ever.
 */
@Injectable()
export class SetupService {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly outbox: OutboxSender,
  ) {}

  static async ensure(runtime: Pick<Runtime, 'documentStore'>): Promise<void> {
    await runtime.documentStore.ensureCollection({ name: SETUP_TOKENS, indexes: [] });
  }

  /** Whether setup is still to be done: never done, and no provider company (the demo seed makes one). */
  async pending(): Promise<boolean> {
    if ((await this.runtime.eventStore.readStream(SETUP_STREAM)).length > 0) return false;
    const providers = await this.runtime.documentStore.collection<CompanyView>(COMPANIES).find({ filter: { type: 'BL' }, limit: 1 });
    return providers.length === 0;
  }

  /** A new one-time token (only its hash is kept), or null when there is nothing to set up. */
  async issueToken(): Promise<string | null> {
    await this.runtime.projections.catchUp();
    if (!(await this.pending())) return null;
    const token = randomBytes(32).toString('base64url');
    await this.runtime.documentStore
      .collection<{ issuedAt: string }>(SETUP_TOKENS)
      .upsert(hashToken(token), { issuedAt: this.runtime.clock().toISOString() }, 1);
    return token;
  }

  link(token: string): string {
    return `${this.runtime.config.publicUrl}/en/setup?token=${token}`;
  }

  /** 404 unless setup is pending and the token is one a server printed: to anyone else the route does not exist. */
  async assertOpen(token: unknown): Promise<void> {
    const known =
      typeof token === 'string' &&
      /^[A-Za-z0-9_-]{43}$/.test(token) &&
      (await this.runtime.documentStore.collection(SETUP_TOKENS).get(hashToken(token))) !== null;
    if (!known || !(await this.pending())) throw notFound();
  }

  /** Every printed token is spent once the setup is done. */
  async forgetTokens(): Promise<void> {
    const tokens = this.runtime.documentStore.collection(SETUP_TOKENS);
    for (const stored of await tokens.findDocuments()) await tokens.delete(stored.id);
  }

  /** The setup's answer; with the dev outbox, the invitation as it was sent (no mail transport to read it from). */
  async answer(answer: SetupAnswer): Promise<SetupAnswer> {
    if (!this.runtime.config.devOutbox) return answer;
    const [invitation] = (await this.outbox.list(answer.email)).filter((message) => message.kind === 'invitation');
    return invitation
      ? {
          ...answer,
          invitation: { to: invitation.to, subject: invitation.subject, text: invitation.text, ...(invitation.link ? { link: invitation.link } : {}) },
        }
      : answer;
  }
}
