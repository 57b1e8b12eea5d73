import { conflict, DomainError, forbidden, validationError } from '../shared/errors.js';
import type { CommandContext } from '../shared/command.js';
import type { Language } from '../shared/countries.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { isStaff, type Actor } from './actor.js';
import { assignableRoles, canManageUsersOf, canUseStaffTools } from './policy.js';
import type { Role, UserType } from './roles.js';

export const userStreamId = (userId: string): string => `user-${userId}`;

export const USER_STATUSES = ['ACTIVE', 'CREATED', 'INCOMPLETE', 'INVITED', 'DELETED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

export const AGREEMENTS = ['EULA', 'PRIVACY_POLICY'] as const;
export type Agreement = (typeof AGREEMENTS)[number];

export interface NotificationSettings {
  /** At least one e-mail recipient. */
  readonly emails: readonly string[];
  readonly sms: boolean;
  readonly whatsapp: boolean;
}

/** The editable settings of a user. */
export interface UserSettings {
  readonly firstName: string;
  readonly lastName: string;
  readonly title?: string;
  readonly phone?: string;
  readonly role: Role;
  readonly language: Language;
  readonly supervisorOnly?: boolean;
  /** OEM users: the countries they may order for (set by staff). */
  readonly countriesToOrder?: readonly string[];
  /** Staff users: the countries whose orders they see (set by staff; empty: all). */
  readonly countriesFilter?: readonly string[];
  readonly hasKibanaAccess?: boolean;
  readonly dashboardTags?: readonly string[];
  readonly notificationSettings?: NotificationSettings;
}

export interface UserCreatedData extends UserSettings {
  readonly userId: string;
  readonly companyId: string;
  /** Stored in lower case: e-mail addresses identify users case-insensitively. */
  readonly email: string;
  readonly type: UserType;
  readonly country: string;
  readonly status: UserStatus;
  /** Self-registered users must verify their e-mail address before they can log in. */
  readonly selfRegistered?: boolean;
}

/** The password hash itself never enters the event log; this event only records that one was set. */
export interface PasswordSetData {
  readonly userId: string;
  readonly via?: 'invitation' | 'reset' | 'change' | 'staff' | 'registration' | 'seed';
}

export type UserEvent =
  | DomainEvent<'USER_CREATED', UserCreatedData>
  | DomainEvent<'PASSWORD_SET', PasswordSetData>
  | DomainEvent<'USER_UPDATED', { readonly userId: string; readonly changes: Partial<UserSettings> }>
  | DomainEvent<'EMAIL_VERIFIED', { readonly userId: string }>
  | DomainEvent<'USER_INVITED', { readonly userId: string; readonly channels: readonly Channel[] }>
  | DomainEvent<'USER_ACTIVATED', { readonly userId: string }>
  | DomainEvent<'USER_DELETED', { readonly userId: string; readonly archived: boolean; readonly newResponsibleUserId?: string }>
  | DomainEvent<'USER_TAGS_SET', { readonly userId: string; readonly tags: readonly string[] }>
  /** `version`: the legal document's version accepted (D206); absent in events from before versioned documents (counts as 0). */
  | DomainEvent<'AGREEMENT_ACCEPTED', { readonly userId: string; readonly agreement: Agreement; readonly version?: number }>
  | DomainEvent<'CONSENTS_RESET', { readonly userId: string }>
  | DomainEvent<'FORCE_LOGIN_GRANTED', { readonly userId: string; readonly staffUserId: string }>;

export interface ExistingUser {
  readonly status: UserStatus;
  readonly user: UserCreatedData;
  readonly hasPassword: boolean;
  readonly emailVerified: boolean;
  readonly tags: readonly string[];
  readonly agreements: readonly Agreement[];
  /** The version of each accepted agreement's document (D206); 0 or absent: accepted before versioned documents. */
  readonly agreementVersions?: Partial<Record<Agreement, number>>;
}

export type UserState = { readonly status: 'none' } | ExistingUser;

export const initialUserState: UserState = { status: 'none' };

/** What the user's company looks like, read by the api before a delete (rules across aggregates). */
export interface CompanyFacts {
  /** Active admins of the company other than this user. */
  readonly otherActiveAdmins: number;
  /** Users of the company other than this user that are not deleted. */
  readonly otherUsers: number;
  /** This user is the company's responsible person (locations and subsidiaries). */
  readonly isResponsiblePerson: boolean;
}

export type UserCommand =
  | { readonly type: 'CreateUser'; readonly data: UserCreatedData }
  | { readonly type: 'UpdateUser'; readonly changes: Partial<UserSettings> }
  | { readonly type: 'SetPassword'; readonly data: PasswordSetData }
  | { readonly type: 'VerifyEmail' }
  | { readonly type: 'InviteUser'; readonly channels: readonly Channel[]; readonly reinvite: boolean }
  | { readonly type: 'ActivateUser' }
  | { readonly type: 'DeleteUser'; readonly archive: boolean; readonly newResponsibleUserId?: string; readonly facts: CompanyFacts }
  | { readonly type: 'SetTags'; readonly tags: readonly string[] }
  /** `versions`: the current version of each agreement's document, read by the api (D206); absent: none published. */
  | { readonly type: 'AcceptAgreements'; readonly agreements: readonly Agreement[]; readonly versions?: Partial<Record<Agreement, number>> }
  | { readonly type: 'ResetConsents' }
  | { readonly type: 'GrantForceLogin' };

const userNotFound = () => new DomainError('user_not_found', 'not_found', 'Unknown user.');
const userDeleted = () => new DomainError('user_deleted', 'forbidden', 'The user was deleted from the system.');
const field = (path: string, message: string, code = 'invalid') => validationError(message, [{ path, code, message }]);

function existing(state: UserState): ExistingUser {
  if (state.status === 'none') throw userNotFound();
  return state;
}

function live(state: UserState): ExistingUser {
  const s = existing(state);
  if (s.status === 'DELETED') throw userDeleted();
  return s;
}

/** Customers only ever touch users of the company they see; staff anyone. Not found rather than forbidden: no leak. */
function assertVisible(actor: Actor, user: UserCreatedData): void {
  if (!isStaff(actor) && actor.companyId !== user.companyId) throw userNotFound();
}

function assertManages(actor: Actor, user: UserCreatedData): void {
  assertVisible(actor, user);
  if (!canManageUsersOf(actor, user.companyId)) throw forbidden();
}

/** The field and role rules a user's settings must satisfy, given the type and the editing actor. */
export function normalizeSettings(actor: Actor, type: UserType, current: UserSettings | undefined, changes: Partial<UserSettings>): Partial<UserSettings> {
  const staffOnly = (['countriesToOrder', 'countriesFilter', 'hasKibanaAccess', 'dashboardTags'] as const).filter((k) => changes[k] !== undefined);
  if (staffOnly.length > 0 && !canUseStaffTools(actor)) throw forbidden(`Only staff may set ${staffOnly.join(', ')}.`);
  if (changes.countriesToOrder !== undefined && type !== 'OEM') throw field('countriesToOrder', 'countriesToOrder applies to OEM users only.');
  if (changes.countriesFilter !== undefined && type !== 'BL') throw field('countriesFilter', 'countriesFilter applies to staff users only.');
  const merged = { ...current, ...changes };
  const role = merged.role;
  if (role === undefined) throw field('role', 'This field is required.', 'required');
  if (!assignableRoles(type, merged.supervisorOnly).includes(role)) {
    throw field('role', merged.supervisorOnly ? 'The role is locked to SUPERVISOR.' : `Role ${role} is not available for ${type} users.`, 'invalid_role');
  }
  if (role === 'SUPERVISOR' && !merged.phone) throw field('phone', 'A phone number is required for supervisors.', 'required');
  if (merged.notificationSettings && merged.notificationSettings.emails.length === 0) {
    throw field('notificationSettings.emails', 'At least one e-mail recipient is required.', 'required');
  }
  if ((merged.notificationSettings?.sms || merged.notificationSettings?.whatsapp) && !merged.phone) {
    throw field('notificationSettings', 'SMS and WhatsApp need a phone number.', 'phone_required');
  }
  // MANAGEMENT forces dashboard access on; only OEM users have dashboard access (docs/security.md, access rules).
  const touchesDashboard = current === undefined || changes.role !== undefined || changes.hasKibanaAccess !== undefined;
  const hasKibanaAccess = role === 'MANAGEMENT' || (type === 'OEM' && (merged.hasKibanaAccess ?? false));
  return touchesDashboard ? { ...changes, hasKibanaAccess } : changes;
}

function checkChannels(channels: readonly Channel[], user: UserCreatedData): void {
  if (!channels.includes('email')) throw field('communicationChannels', 'E-mail is always a channel.', 'required');
  if (channels.some((c) => c !== 'email') && !user.phone) throw field('communicationChannels', 'SMS and WhatsApp need a phone number.', 'phone_required');
}

export function decideUser(command: UserCommand, state: UserState, ctx: CommandContext): UserEvent[] {
  const { actor } = ctx;
  switch (command.type) {
    case 'CreateUser': {
      if (state.status !== 'none') throw conflict('user_exists', 'This user already exists.');
      const { data } = command;
      // Self-registration: the new admin registers themself.
      const selfRegistering = data.selfRegistered === true && actor.userId === data.userId;
      if (!selfRegistering && !canManageUsersOf(actor, data.companyId)) throw forbidden();
      const settings = normalizeSettings(actor, data.type, undefined, data);
      return [{ type: 'USER_CREATED', data: { ...data, ...settings, email: data.email.trim().toLowerCase() } }];
    }
    case 'UpdateUser': {
      const s = live(state);
      const self = actor.userId === s.user.userId;
      const ownFields = new Set(['firstName', 'lastName', 'title', 'phone', 'language', 'notificationSettings']);
      if (self && Object.keys(command.changes).every((k) => ownFields.has(k))) assertVisible(actor, s.user);
      else assertManages(actor, s.user);
      const changes = normalizeSettings(actor, s.user.type, s.user, command.changes);
      return Object.keys(changes).length === 0 ? [] : [{ type: 'USER_UPDATED', data: { userId: s.user.userId, changes } }];
    }
    case 'SetPassword': {
      const s = live(state);
      const via = command.data.via;
      if (via === 'staff' && !canUseStaffTools(actor)) throw forbidden('Only staff may set the password of another user.');
      if (via === 'invitation' && s.status !== 'INVITED') throw new DomainError('invalid_token', 'validation', 'This invitation was already used.');
      return [{ type: 'PASSWORD_SET', data: command.data }];
    }
    case 'VerifyEmail': {
      const s = live(state);
      if (s.emailVerified) throw new DomainError('invalid_token', 'validation', 'The e-mail address is already verified.');
      return [{ type: 'EMAIL_VERIFIED', data: { userId: s.user.userId } }];
    }
    case 'InviteUser': {
      const s = live(state);
      assertManages(actor, s.user);
      if (s.status === 'ACTIVE') throw conflict('user_active', 'This user is already active.');
      checkChannels(command.channels, s.user);
      if (command.reinvite && command.channels.some((c) => c !== 'email') && !canUseStaffTools(actor)) throw forbidden('Only staff choose re-invite channels.');
      return [{ type: 'USER_INVITED', data: { userId: s.user.userId, channels: command.channels } }];
    }
    case 'ActivateUser': {
      const s = existing(state);
      assertManages(actor, s.user);
      if (s.status === 'ACTIVE') return [];
      return [{ type: 'USER_ACTIVATED', data: { userId: s.user.userId } }];
    }
    case 'DeleteUser': {
      const s = live(state);
      assertManages(actor, s.user);
      const { facts } = command;
      if (command.archive && facts.otherUsers === 0) throw conflict('removeError', 'The company has no other user to hand over to.');
      if (s.user.role === 'ADMIN' && s.status === 'ACTIVE' && facts.otherActiveAdmins === 0) {
        throw new DomainError('last_company_admin', 'forbidden', 'The last active admin cannot be deleted. Invite a new admin first.');
      }
      if (facts.isResponsiblePerson && !command.newResponsibleUserId) {
        throw new DomainError('last_responsible_user', 'forbidden', 'Remove the user as responsible person first.');
      }
      if (command.newResponsibleUserId === s.user.userId) throw field('newResponsiblePerson', 'Choose another user.');
      return [
        {
          type: 'USER_DELETED',
          data: {
            userId: s.user.userId,
            archived: command.archive,
            ...(command.newResponsibleUserId ? { newResponsibleUserId: command.newResponsibleUserId } : {}),
          },
        },
      ];
    }
    case 'SetTags': {
      const s = live(state);
      assertManages(actor, s.user);
      const tags = [...new Set(command.tags.map((t) => t.trim()).filter((t) => t.length > 0))].sort();
      return sameList(tags, s.tags) ? [] : [{ type: 'USER_TAGS_SET', data: { userId: s.user.userId, tags } }];
    }
    case 'AcceptAgreements': {
      const s = live(state);
      if (actor.userId !== s.user.userId && actor.userId !== 'system') throw forbidden('Only the user can accept an agreement.');
      // Accepting again what is accepted records nothing; a newer version of the document is accepted anew.
      const versionOf = (a: Agreement) => command.versions?.[a] ?? 0;
      return [...new Set(command.agreements)]
        .filter((a) => !s.agreements.includes(a) || (s.agreementVersions?.[a] ?? 0) < versionOf(a))
        .map((agreement) => ({
          type: 'AGREEMENT_ACCEPTED' as const,
          data: { userId: s.user.userId, agreement, ...(versionOf(agreement) > 0 ? { version: versionOf(agreement) } : {}) },
        }));
    }
    case 'ResetConsents': {
      const s = live(state);
      assertVisible(actor, s.user);
      if (!canUseStaffTools(actor)) throw forbidden();
      return s.agreements.length === 0 ? [] : [{ type: 'CONSENTS_RESET', data: { userId: s.user.userId } }];
    }
    case 'GrantForceLogin': {
      const s = live(state);
      assertVisible(actor, s.user);
      if (!canUseStaffTools(actor) || actor.onBehalfOf) throw forbidden();
      if (s.user.type === 'BL') throw forbidden('Staff cannot force-login as another staff user.');
      if (s.status !== 'ACTIVE') throw conflict('user_not_active', 'Only active users can be logged in as.');
      return [{ type: 'FORCE_LOGIN_GRANTED', data: { userId: s.user.userId, staffUserId: actor.userId } }];
    }
    default:
      return assertNever(command, 'user command');
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The status a user has after an event (docs/product.md); shared by the decider and the read model. */
export function statusAfter(status: UserStatus, event: UserEvent): UserStatus {
  switch (event.type) {
    case 'USER_CREATED':
      return event.data.status;
    case 'PASSWORD_SET':
      return status === 'INVITED' ? 'ACTIVE' : status;
    case 'EMAIL_VERIFIED':
      return status === 'CREATED' ? 'ACTIVE' : status;
    case 'USER_INVITED':
      return 'INVITED';
    case 'USER_ACTIVATED':
      return 'ACTIVE';
    case 'USER_DELETED':
      return 'DELETED';
    case 'USER_UPDATED':
    case 'USER_TAGS_SET':
    case 'AGREEMENT_ACCEPTED':
    case 'CONSENTS_RESET':
    case 'FORCE_LOGIN_GRANTED':
      return status;
    default:
      return assertNever(event, 'user event');
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'USER_CREATED') {
    const d = event.data;
    return { status: d.status, user: d, hasPassword: false, emailVerified: !d.selfRegistered, tags: [], agreements: [] };
  }
  if (state.status === 'none') return state;
  const next: ExistingUser = { ...state, status: statusAfter(state.status, event) };
  switch (event.type) {
    case 'PASSWORD_SET':
      return { ...next, hasPassword: true };
    case 'USER_UPDATED':
      return { ...next, user: { ...state.user, ...event.data.changes } };
    case 'EMAIL_VERIFIED':
    case 'USER_ACTIVATED':
      return { ...next, emailVerified: true };
    case 'USER_TAGS_SET':
      return { ...next, tags: event.data.tags };
    case 'AGREEMENT_ACCEPTED':
      return {
        ...next,
        agreements: state.agreements.includes(event.data.agreement) ? state.agreements : [...state.agreements, event.data.agreement],
        agreementVersions: { ...state.agreementVersions, [event.data.agreement]: event.data.version ?? 0 },
      };
    case 'CONSENTS_RESET':
      return { ...next, agreements: [], agreementVersions: {} };
    case 'USER_INVITED':
    case 'USER_DELETED':
    case 'FORCE_LOGIN_GRANTED':
      return next;
    default:
      return assertNever(event, 'user event');
  }
}
