import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { notFound, SETUP_STREAM, setupDecider, type Actor, type ProviderSetup, type SetupAnswer } from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import { COMPANIES, type CompanyView } from '@onsite/projections';
import { CommandRunner } from '../common/command-runner.js';
import { IdentityCommands } from '../identity/identity-commands.js';
import { hashToken } from '../identity/sessions.js';
import { TokenService } from '../identity/tokens.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import { OutboxSender } from '../notifications/outbox.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** Hashes of the setup tokens this store's servers printed (application state, like sessions: never the token). */
const SETUP_TOKENS = 'setup_tokens';

/**
 * First-run setup (docs/operations.md): while the store has no provider company, each server start prints a link
 * with a new random token; any printed token is good until the setup is done. The setup registers the provider
 * company, creates its first administrator (INVITED) and sends the usual invitation, all through the domain's
 * commands; then every token is deleted and the setup route answers 404 for ever.
 */
@Injectable()
export class SetupService {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly commands: IdentityCommands,
    private readonly tokens: TokenService,
    private readonly messenger: LinkMessenger,
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

  /** Sets the provider up; `headless` when `npm run setup` did it (no token, the operator's shell is proof enough). */
  async complete(setup: ProviderSetup, correlationId: string, headless = false): Promise<SetupAnswer> {
    if (!(await this.pending())) throw notFound();
    const companyId = randomUUID();
    const userId = randomUUID();
    const admin: Actor = { userId, type: 'BL', role: 'ADMIN', companyId, country: setup.country };
    try {
      await this.runner.run(setupDecider, {
        streamId: SETUP_STREAM,
        actor: admin,
        correlationId,
        expectedVersion: 0,
        command: { type: 'CompleteSetup', data: { companyId, adminUserId: userId, companyName: setup.companyName, headless } },
      });
    } catch (error) {
      // Another setup won the race: for this one the route is gone.
      throw error instanceof VersionConflictError ? notFound() : error;
    }
    await this.commands.reserveEmail(admin, setup.email, userId, correlationId);
    await this.commands.company(
      admin,
      companyId,
      {
        type: 'RegisterCompany',
        data: {
          companyId,
          uid: `BL-${companyId.slice(0, 8).toUpperCase()}`,
          name: setup.companyName,
          type: 'BL',
          country: setup.country,
          completed: false,
          responsibleUserId: userId,
        },
      },
      correlationId,
    );
    await this.commands.user(
      admin,
      userId,
      {
        type: 'CreateUser',
        data: {
          userId,
          companyId,
          email: setup.email,
          firstName: setup.firstName,
          lastName: setup.lastName,
          type: 'BL',
          role: 'ADMIN',
          country: setup.country,
          language: 'en',
          status: 'INVITED',
          notificationSettings: { emails: [setup.email], sms: false, whatsapp: false },
        },
      },
      correlationId,
    );
    await this.commands.user(admin, userId, { type: 'InviteUser', channels: ['email'], reinvite: false }, correlationId);
    const email = setup.email.trim().toLowerCase();
    await this.messenger.send('invitation', { email, phone: null, language: 'en' }, await this.tokens.issue('invitation', userId, userId));
    const tokens = this.runtime.documentStore.collection(SETUP_TOKENS);
    for (const stored of await tokens.findDocuments()) await tokens.delete(stored.id);
    const answer: SetupAnswer = { companyId, userId, email };
    if (!this.runtime.config.devOutbox) return answer;
    const [invitation] = (await this.outbox.list(email)).filter((message) => message.kind === 'invitation');
    return invitation
      ? {
          ...answer,
          invitation: { to: invitation.to, subject: invitation.subject, text: invitation.text, ...(invitation.link ? { link: invitation.link } : {}) },
        }
      : answer;
  }
}
