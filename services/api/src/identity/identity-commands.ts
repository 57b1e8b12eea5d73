import { createHash } from 'node:crypto';
import {
  emailReservationDecider,
  emailReservationStreamId,
  emailUsed,
  userDecider,
  userStreamId,
  type UserCommand,
  type UserEvent,
  type UserState,
} from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import type { CommandResult } from '../common/command-runner.js';
import type { RunStreamCommand } from '../common/command-routes.js';
import type { Runtime } from '../runtime.js';
import { savePasswordHash } from './credentials.js';
import { hashPassword } from './passwords.js';

export const emailHash = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Reserves an e-mail address for a new user; exactly one of two concurrent reservations wins (email_used). */
export async function reserveEmail(run: RunStreamCommand, email: string, userId: string): Promise<void> {
  try {
    await run({
      decider: emailReservationDecider,
      streamId: emailReservationStreamId(emailHash(email)),
      expectedVersion: 0,
      command: { type: 'ReserveEmail', userId },
    });
  } catch (error) {
    throw error instanceof VersionConflictError ? emailUsed() : error;
  }
}

type PasswordVia = NonNullable<Extract<UserCommand, { type: 'SetPassword' }>['data']['via']>;

/** Makes the new hash, records PASSWORD_SET, then stores the hash outside the log. */
export async function setPassword(
  run: RunStreamCommand,
  runtime: Pick<Runtime, 'documentStore' | 'clock'>,
  userId: string,
  password: string,
  via: PasswordVia,
): Promise<CommandResult<UserState, UserEvent>> {
  const hash = await hashPassword(password);
  const result = await run({ decider: userDecider, streamId: userStreamId(userId), command: { type: 'SetPassword', data: { userId, via } } });
  await savePasswordHash(runtime.documentStore, userId, hash, runtime.clock());
  return result;
}
