import { randomUUID } from 'node:crypto';
import {
  DomainError,
  effectiveCompanyId,
  forbidden,
  isStaff,
  languageOf,
  notFound,
  companyDecider,
  companyStreamId,
  userDecider,
  userStreamId,
  type CompanyFacts,
  type UserState,
} from '@onsite/domain';
import { companyUsers, getCompany, getUser, type UserView } from '@onsite/projections';
import { useCasesOf, type UseCaseFacts } from '../common/command-routes.js';
import { reserveEmail, setPassword } from '../identity/identity-commands.js';
import { profileOf, type Profile } from '../identity/profile.js';
import { SessionService } from '../identity/sessions.js';
import { TokenService } from '../identity/tokens.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import type { Runtime } from '../runtime.js';
import type { z } from 'zod';
import {
  ArchiveUserSchema,
  CreateUserSchema,
  ReinviteSchema,
  ResetConsentsSchema,
  TagListSchema,
  TagSchema,
  TagsSchema,
  UpdateUserSchema,
  UserIdSchema,
  UserProfileSchema,
  type CreateUserRequest,
} from '@onsite/contracts';

const userNotFound = () => new DomainError('user_not_found', 'not_found', 'Unknown user.');

/** The user when the caller may see them; otherwise user_not_found, so other tenants' ids do not leak. */
async function visibleUser({ actor, runtime }: Pick<UseCaseFacts, 'actor' | 'runtime'>, userId: string): Promise<Profile & Pick<UserView, 'tags'>> {
  const user = await getUser(runtime.documentStore, userId);
  if (!user || (!isStaff(actor) && user.company._id !== effectiveCompanyId(actor))) throw userNotFound();
  if (isStaff(actor) && !actor.onBehalfOf && actor.countriesFilter?.length && !actor.countriesFilter.includes(user.country) && user.type !== 'BL')
    throw userNotFound();
  return profileOf(user);
}

/** What the decider needs to know of the user's company before the user leaves it. */
async function companyFacts(runtime: Runtime, user: Profile): Promise<CompanyFacts> {
  const others = (await companyUsers(runtime.documentStore, user.company._id)).filter((u) => u._id !== user._id);
  const company = await getCompany(runtime.documentStore, user.company._id);
  return {
    otherActiveAdmins: others.filter((u) => u.role === 'ADMIN' && u.status === 'ACTIVE').length,
    otherUsers: others.length,
    isResponsiblePerson: company?.responsibleUserId === user._id,
  };
}

/** Sends the invitation link on the chosen channels. */
async function sendInvitation(facts: UseCaseFacts, userId: string, channels: CreateUserRequest['communicationChannels']): Promise<void> {
  const user = await visibleUser(facts, userId);
  await facts.service(LinkMessenger).send('invitation', user, await facts.service(TokenService).issue('invitation', userId, facts.actor.userId), channels);
}

const tagsOf = (state: UserState): readonly string[] => (state.status === 'none' ? [] : state.tags);

/** The user's stream, with the user as the caller may see them (read once, for the command and the answer). */
const visibleTarget = async (userId: string, facts: UseCaseFacts) => {
  const user = await visibleUser(facts, userId);
  return { streamId: userStreamId(user._id), user };
};

const user = useCasesOf(userDecider);

/**
 * A new user (INVITED) in the caller's company, or for staff in the company they name: the e-mail address is reserved
 * first (one of two concurrent invitations of an address wins), then the user is created and invited, and the link sent.
 */
const invitation = (route: string, summary: string) =>
  user({
    route,
    summary,
    rateLimit: 'invitation',
    schema: CreateUserSchema,
    response: UserProfileSchema,
    async target(request, { actor, runtime }) {
      const staff = isStaff(actor) && !actor.onBehalfOf;
      // A customer admin invites into their own company; another company's id is refused, never quietly replaced.
      if (!staff && request.companyId !== undefined && request.companyId !== effectiveCompanyId(actor))
        throw forbidden('You may only invite users to your own company.');
      const companyId = staff ? request.companyId : effectiveCompanyId(actor);
      const company = companyId ? await getCompany(runtime.documentStore, companyId) : null;
      if (!company) throw notFound('Unknown company.');
      const userId = randomUUID();
      return { streamId: userStreamId(userId), userId, company };
    },
    before: (request, { target, run }) => reserveEmail(run, request.email, target.userId),
    command(request, { target: { userId, company } }) {
      const { companyId: _company, communicationChannels: _channels, email, onBehalfOfUserId: _onBehalf, ...settings } = request;
      return {
        type: 'CreateUser',
        data: {
          ...settings,
          userId,
          companyId: company._id,
          email,
          type: company.type,
          country: company.country,
          status: 'INVITED',
          language: settings.language ?? (company.type === 'BL' ? 'en' : languageOf(company.country)),
        },
      };
    },
    async after(request, facts) {
      const { target, run } = facts;
      await run({ decider: userDecider, streamId: target.streamId, command: { type: 'InviteUser', channels: request.communicationChannels, reinvite: false } });
      await sendInvitation(facts, target.userId, request.communicationChannels);
    },
    answer: (_request, facts) => visibleUser(facts, facts.target.userId),
  });

/** The tags of a user, changed from the list as the read model holds it; the answer's tags replace the list. */
const tagChange = <R extends { userId: string }>(
  route: string,
  summary: string,
  schema: z.ZodType<R>,
  next: (tags: readonly string[], request: R) => string[],
) =>
  user({
    route,
    summary,
    schema,
    response: TagListSchema,
    target: (request, facts) => visibleTarget(request.userId, facts),
    command: (request, { target }) => ({ type: 'SetTags', tags: next(target.user.tags, request) }),
    answer: (_request, { result }) => ({ tags: tagsOf(result.state) }),
  });

/** The users' commands: invitations, edits, activation, archiving and deletion, consents, tags (docs/product.md). */
export const USER_USE_CASES = {
  createUser: invitation('user/create', 'Create a user (status INVITED) and send the invitation on the chosen channels; returns the user.'),
  inviteUser: invitation('admin/user/invite', 'Invite a user by e-mail, SMS or WhatsApp (the latter two need a phone); returns the user.'),
  updateUser: user({
    route: 'user/update',
    summary: 'Edit a user; staff-only fields (countries, dashboard, password) are refused to customers.',
    schema: UpdateUserSchema,
    response: UserProfileSchema,
    target: (request) => ({ streamId: userStreamId(request.userId), expectedVersion: request.version }),
    command(request) {
      const { userId: _user, version: _version, password: _password, onBehalfOfUserId: _onBehalf, ...changes } = request;
      return { type: 'UpdateUser', changes };
    },
    // A new password (staff only; the decider refused the edit otherwise) ends the user's sessions.
    async after(request, { run, runtime, service }) {
      if (!request.password) return;
      const result = await setPassword(run, runtime, request.userId, request.password, 'staff');
      await service(SessionService).revokeAllOf(request.userId);
      return result;
    },
    answer: async (request, facts) => ({ ...(await visibleUser(facts, request.userId)), version: facts.result.version }),
  }),
  reinviteUser: user({
    route: 'admin/user/reinvite',
    summary: 'Send the invitation again; SMS and WhatsApp are chosen by staff and need a phone.',
    rateLimit: 'invitation',
    schema: ReinviteSchema,
    response: UserProfileSchema,
    target: (request) => ({ streamId: userStreamId(request.userId) }),
    command: (request) => ({ type: 'InviteUser', channels: request.communicationChannels, reinvite: true }),
    after: (request, facts) => sendInvitation(facts, request.userId, request.communicationChannels),
    answer: (request, facts) => visibleUser(facts, request.userId),
  }),
  activateUser: user({
    route: 'admin/user/activate',
    summary: 'Activate a user (also re-activates a deleted one).',
    schema: UserIdSchema,
    response: UserProfileSchema,
    target: (request) => ({ streamId: userStreamId(request.id) }),
    command: () => ({ type: 'ActivateUser' }),
    answer: (request, facts) => visibleUser(facts, request.id),
  }),
  archiveUser: user({
    route: 'admin/user/archive',
    summary: "Archive a user, handing their responsibilities to newResponsiblePerson; ends the user's sessions.",
    schema: ArchiveUserSchema,
    response: UserProfileSchema,
    async target(request, facts) {
      const { streamId, user: archived } = await visibleTarget(request.id, facts);
      const successor = await getUser(facts.runtime.documentStore, request.newResponsiblePerson);
      if (!successor || successor.company._id !== archived.company._id || successor.status === 'DELETED') {
        throw new DomainError('validation_error', 'validation', 'The new responsible person must be another user of the company.', [
          { path: 'newResponsiblePerson', code: 'invalid', message: 'Choose another user of the company.' },
        ]);
      }
      return { streamId, user: archived, successorId: successor._id, facts: await companyFacts(facts.runtime, archived) };
    },
    command: (_request, { target }) => ({ type: 'DeleteUser', archive: true, newResponsibleUserId: target.successorId, facts: target.facts }),
    async after(_request, { target, run, service }) {
      if (target.facts.isResponsiblePerson)
        await run({
          decider: companyDecider,
          streamId: companyStreamId(target.user.company._id),
          command: { type: 'ChangeResponsiblePerson', userId: target.successorId },
        });
      await service(SessionService).revokeAllOf(target.user._id);
    },
    answer: (_request, facts) => visibleUser(facts, facts.target.user._id),
  }),
  deleteUser: user({
    route: 'admin/user/delete',
    summary: "Delete a user (not the last active admin, not a responsible person); ends the user's sessions.",
    schema: UserIdSchema,
    response: UserProfileSchema,
    async target(request, facts) {
      const target = await visibleTarget(request.id, facts);
      return { ...target, facts: await companyFacts(facts.runtime, target.user) };
    },
    command: (_request, { target }) => ({ type: 'DeleteUser', archive: false, facts: target.facts }),
    async after(_request, { target, service }) {
      await service(SessionService).revokeAllOf(target.user._id);
    },
    answer: (_request, facts) => visibleUser(facts, facts.target.user._id),
  }),
  resetUserConsents: user({
    route: 'resetUserConsents',
    summary: 'Staff: reset the EULA and privacy consents; the user must accept them again.',
    schema: ResetConsentsSchema,
    response: UserProfileSchema,
    target: (request) => ({ streamId: userStreamId(request.userId) }),
    command: () => ({ type: 'ResetConsents' }),
    answer: (request, facts) => visibleUser(facts, request.userId),
  }),
  addUserTag: tagChange('user/addTag', "Add a tag; the response's tags replace the list.", TagSchema, (tags, request) => [...tags, request.tag]),
  removeUserTag: tagChange('user/removeTag', "Remove a tag; the response's tags replace the list.", TagSchema, (tags, request) =>
    tags.filter((t) => t !== request.tag),
  ),
  removeUserTags: tagChange('user/removeTags', "Remove several tags; the response's tags replace the list.", TagsSchema, (tags, request) =>
    tags.filter((t) => !request.tags.includes(t)),
  ),
};
