import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  companyDecider,
  companyStreamId,
  emailReservationDecider,
  emailReservationStreamId,
  emailUsed,
  userDecider,
  userStreamId,
  type Actor,
  type CompanyCommand,
  type CompanyEvent,
  type CompanyState,
  type UserCommand,
  type UserEvent,
  type UserState,
} from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import { CommandRunner, type CommandResult } from '../common/command-runner.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { savePasswordHash } from './credentials.js';
import { hashPassword } from './passwords.js';

export const emailHash = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Runs user and company commands; the handlers stay one call long. */
@Injectable()
export class IdentityCommands {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  user(actor: Actor, userId: string, command: UserCommand, correlationId: string, expectedVersion?: number): Promise<CommandResult<UserState, UserEvent>> {
    return this.runner.run(userDecider, {
      streamId: userStreamId(userId),
      actor,
      command,
      correlationId,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
  }

  company(actor: Actor, companyId: string, command: CompanyCommand, correlationId: string): Promise<CommandResult<CompanyState, CompanyEvent>> {
    return this.runner.run(companyDecider, { streamId: companyStreamId(companyId), actor, command, correlationId });
  }

  /** Reserves an e-mail address for a new user; exactly one of two concurrent reservations wins (email_used). */
  async reserveEmail(actor: Actor, email: string, userId: string, correlationId: string): Promise<void> {
    try {
      await this.runner.run(emailReservationDecider, {
        streamId: emailReservationStreamId(emailHash(email)),
        actor,
        correlationId,
        expectedVersion: 0,
        command: { type: 'ReserveEmail', userId },
      });
    } catch (error) {
      throw error instanceof VersionConflictError ? emailUsed() : error;
    }
  }

  /** Stores the new hash outside the log, then records PASSWORD_SET. */
  async setPassword(
    actor: Actor,
    userId: string,
    password: string,
    via: NonNullable<Extract<UserCommand, { type: 'SetPassword' }>['data']['via']>,
    correlationId: string,
  ) {
    const hash = await hashPassword(password);
    const result = await this.user(actor, userId, { type: 'SetPassword', data: { userId, via } }, correlationId);
    await savePasswordHash(this.runtime.documentStore, userId, hash, this.runtime.clock());
    return result;
  }
}
