import { conflict, forbidden, validationError } from '../shared/errors.js';
import type { CommandContext } from '../shared/command.js';
import type { Language } from '../shared/countries.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { isRoleOfType, type Role, type UserType } from './roles.js';

export const userStreamId = (userId: string): string => `user-${userId}`;

export const USER_STATUSES = ['ACTIVE', 'CREATED', 'INCOMPLETE', 'INVITED', 'DELETED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface UserCreatedData {
  readonly userId: string;
  readonly companyId: string;
  /** Stored in lower case: e-mail addresses identify users case-insensitively. */
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly title?: string;
  readonly phone?: string;
  readonly type: UserType;
  readonly role: Role;
  readonly country: string;
  readonly language: Language;
  readonly status: UserStatus;
}

/** The password hash itself never enters the event log; this event only records that one was set. */
export interface PasswordSetData {
  readonly userId: string;
}

export type UserEvent = DomainEvent<'USER_CREATED', UserCreatedData> | DomainEvent<'PASSWORD_SET', PasswordSetData>;

export type UserState =
  | { readonly status: 'none' }
  | { readonly status: UserStatus; readonly user: UserCreatedData; readonly hasPassword: boolean };

export const initialUserState: UserState = { status: 'none' };

export type UserCommand =
  | { readonly type: 'CreateUser'; readonly data: UserCreatedData }
  | { readonly type: 'SetPassword'; readonly data: PasswordSetData };

export function decideUser(command: UserCommand, state: UserState, ctx: CommandContext): UserEvent[] {
  switch (command.type) {
    case 'CreateUser': {
      if (state.status !== 'none') throw conflict('user_exists', 'This user already exists.');
      const { data } = command;
      if (!isRoleOfType(data.type, data.role)) {
        throw validationError(`Role ${data.role} is not available for ${data.type} users.`, [
          { path: 'role', code: 'invalid_role', message: `Role ${data.role} is not available for ${data.type} users.` },
        ]);
      }
      if (ctx.actor.type !== 'BL' && ctx.actor.companyId !== data.companyId) throw forbidden();
      return [{ type: 'USER_CREATED', data: { ...data, email: data.email.trim().toLowerCase() } }];
    }
    case 'SetPassword':
      if (state.status === 'none') throw conflict('user_not_found', 'Unknown user.');
      if (state.status === 'DELETED') throw conflict('user_deleted', 'The user was deleted.');
      return [{ type: 'PASSWORD_SET', data: command.data }];
    default:
      return assertNever(command, 'user command');
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'USER_CREATED':
      return { status: event.data.status, user: event.data, hasPassword: false };
    case 'PASSWORD_SET':
      return state.status === 'none' ? state : { ...state, hasPassword: true };
    default:
      return assertNever(event, 'user event');
  }
}
