import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  canListUsersOf,
  DomainError,
  UserListPageSchema,
  effectiveCompanyId,
  forbidden,
  isStaff,
  languageOf,
  notFound,
  type Actor,
  type CompanyFacts,
} from '@onsite/domain';
import { companyUsers, getCompany, getUser, listUsers, type ListPage, type UserView } from '@onsite/projections';
import type { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { CorrelationId } from '../common/correlation-id.js';
import { IdentityCommands } from '../identity/identity-commands.js';
import { profileOf, type Profile } from '../identity/profile.js';
import { SessionService } from '../identity/sessions.js';
import { TokenService } from '../identity/tokens.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import {
  ArchiveUserSchema,
  CompanyUsersSchema,
  CreateUserSchema,
  ReinviteSchema,
  ResetConsentsSchema,
  TagSchema,
  TagsSchema,
  UpdateUserSchema,
  UserIdSchema,
  UserListSchema,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserListRequest,
} from './user-schemas.js';
import { RateLimit } from '../http/rate-limits.js';

const userNotFound = () => new DomainError('user_not_found', 'not_found', 'Unknown user.');

@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: IdentityCommands,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly messenger: LinkMessenger,
  ) {}

  @RateLimit('invitation')
  @Post('user/create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a user (status INVITED) and send the invitation on the chosen channels; returns the user.' })
  create(@Auth() auth: AuthContext, @Body({ schema: CreateUserSchema }) body: CreateUserRequest, @CorrelationId() correlationId: string): Promise<Profile> {
    return this.invite(auth.actor, body, correlationId);
  }

  @RateLimit('invitation')
  @Post('admin/user/invite')
  @HttpCode(200)
  @ApiOperation({ summary: 'Invite a user by e-mail, SMS or WhatsApp (the latter two need a phone); returns the user.' })
  inviteRoute(
    @Auth() auth: AuthContext,
    @Body({ schema: CreateUserSchema }) body: CreateUserRequest,
    @CorrelationId() correlationId: string,
  ): Promise<Profile> {
    return this.invite(auth.actor, body, correlationId);
  }

  @Post('user/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Edit a user; staff-only fields (countries, dashboard, password) are refused to customers.' })
  async update(
    @Auth() auth: AuthContext,
    @Body({ schema: UpdateUserSchema }) body: UpdateUserRequest,
    @CorrelationId() correlationId: string,
  ): Promise<Profile & { version: number }> {
    const { userId, version, password, onBehalfOfUserId: _onBehalf, ...changes } = body;
    const result = await this.commands.user(auth.actor, userId, { type: 'UpdateUser', changes }, correlationId, version);
    const final = password ? await this.commands.setPassword(auth.actor, userId, password, 'staff', correlationId) : result;
    if (password) await this.sessions.revokeAllOf(userId);
    return { ...(await this.visibleUser(auth.actor, userId)), version: final.version };
  }

  @RateLimit('invitation')
  @Post('admin/user/reinvite')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send the invitation again; SMS and WhatsApp are chosen by staff and need a phone.' })
  async reinvite(
    @Auth() auth: AuthContext,
    @Body({ schema: ReinviteSchema }) body: z.infer<typeof ReinviteSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<Profile> {
    await this.commands.user(auth.actor, body.userId, { type: 'InviteUser', channels: body.communicationChannels, reinvite: true }, correlationId);
    return this.sendInvitation(auth.actor, body.userId, body.communicationChannels);
  }

  @Post('admin/user/activate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Activate a user (also re-activates a deleted one).' })
  async activate(
    @Auth() auth: AuthContext,
    @Body({ schema: UserIdSchema }) body: z.infer<typeof UserIdSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<Profile> {
    await this.commands.user(auth.actor, body.id, { type: 'ActivateUser' }, correlationId);
    return this.visibleUser(auth.actor, body.id);
  }

  @Post('admin/user/archive')
  @HttpCode(200)
  @ApiOperation({ summary: "Archive a user, handing their responsibilities to newResponsiblePerson; ends the user's sessions." })
  async archive(
    @Auth() auth: AuthContext,
    @Body({ schema: ArchiveUserSchema }) body: z.infer<typeof ArchiveUserSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<Profile> {
    const user = await this.visibleUser(auth.actor, body.id);
    const successor = await getUser(this.runtime.documentStore, body.newResponsiblePerson);
    if (!successor || successor.company._id !== user.company._id || successor.status === 'DELETED') {
      throw new DomainError('validation_error', 'validation', 'The new responsible person must be another user of the company.', [
        { path: 'newResponsiblePerson', code: 'invalid', message: 'Choose another user of the company.' },
      ]);
    }
    const facts = await this.companyFacts(user);
    await this.commands.user(auth.actor, user._id, { type: 'DeleteUser', archive: true, newResponsibleUserId: successor._id, facts }, correlationId);
    if (facts.isResponsiblePerson)
      await this.commands.company(auth.actor, user.company._id, { type: 'ChangeResponsiblePerson', userId: successor._id }, correlationId);
    await this.sessions.revokeAllOf(user._id);
    return this.visibleUser(auth.actor, user._id);
  }

  @Post('admin/user/delete')
  @HttpCode(200)
  @ApiOperation({ summary: "Delete a user (not the last active admin, not a responsible person); ends the user's sessions." })
  async remove(
    @Auth() auth: AuthContext,
    @Body({ schema: UserIdSchema }) body: z.infer<typeof UserIdSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<Profile> {
    const user = await this.visibleUser(auth.actor, body.id);
    await this.commands.user(auth.actor, user._id, { type: 'DeleteUser', archive: false, facts: await this.companyFacts(user) }, correlationId);
    await this.sessions.revokeAllOf(user._id);
    return this.visibleUser(auth.actor, user._id);
  }

  @Post('resetUserConsents')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: reset the EULA and privacy consents; the user must accept them again.' })
  async resetConsents(
    @Auth() auth: AuthContext,
    @Body({ schema: ResetConsentsSchema }) body: z.infer<typeof ResetConsentsSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<Profile> {
    await this.commands.user(auth.actor, body.userId, { type: 'ResetConsents' }, correlationId);
    return this.visibleUser(auth.actor, body.userId);
  }

  @Post('user/addTag')
  @HttpCode(200)
  @ApiOperation({ summary: "Add a tag; the response's tags replace the list." })
  async addTag(
    @Auth() auth: AuthContext,
    @Body({ schema: TagSchema }) body: z.infer<typeof TagSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<{ tags: readonly string[] }> {
    const user = await this.visibleUser(auth.actor, body.userId);
    return this.setTags(auth.actor, user._id, [...user.tags, body.tag], correlationId);
  }

  @Post('user/removeTag')
  @HttpCode(200)
  @ApiOperation({ summary: "Remove a tag; the response's tags replace the list." })
  async removeTag(
    @Auth() auth: AuthContext,
    @Body({ schema: TagSchema }) body: z.infer<typeof TagSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<{ tags: readonly string[] }> {
    const user = await this.visibleUser(auth.actor, body.userId);
    return this.setTags(
      auth.actor,
      user._id,
      user.tags.filter((t) => t !== body.tag),
      correlationId,
    );
  }

  @Post('user/removeTags')
  @HttpCode(200)
  @ApiOperation({ summary: "Remove several tags; the response's tags replace the list." })
  async removeTags(
    @Auth() auth: AuthContext,
    @Body({ schema: TagsSchema }) body: z.infer<typeof TagsSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<{ tags: readonly string[] }> {
    const user = await this.visibleUser(auth.actor, body.userId);
    return this.setTags(
      auth.actor,
      user._id,
      user.tags.filter((t) => !body.tags.includes(t)),
      correlationId,
    );
  }

  @ApiResponse({ status: 200, standardSchema: UserListPageSchema })
  @Post('user/list')
  @HttpCode(200)
  @ApiOperation({ summary: 'Users the caller may see (own company; staff: the staff country filter), filtered by role, status, company.' })
  async list(@Auth() auth: AuthContext, @Body({ schema: UserListSchema }) body: UserListRequest): Promise<ListPage<Profile>> {
    const actor = auth.actor;
    const staff = isStaff(actor) && !actor.onBehalfOf;
    if (!canListUsersOf(actor, effectiveCompanyId(actor))) throw forbidden();
    const scope = staff
      ? { kind: 'staff' as const, countries: actor.countriesFilter ?? [] }
      : { kind: 'company' as const, companyId: effectiveCompanyId(actor) };
    const page = await listUsers(this.runtime.documentStore, scope, { ...body.filter, ...(body.search ? { search: body.search } : {}) }, body);
    return { ...page, items: page.items.map(profileOf) };
  }

  @Post('company/getUsers')
  @HttpCode(200)
  @ApiOperation({ summary: 'The users of a company the caller may see (not deleted).' })
  async companyUsers(@Auth() auth: AuthContext, @Body({ schema: CompanyUsersSchema }) body: z.infer<typeof CompanyUsersSchema>): Promise<Profile[]> {
    if (!isStaff(auth.actor) && effectiveCompanyId(auth.actor) !== body.companyId) throw notFound('Unknown company.');
    if (!canListUsersOf(auth.actor, body.companyId)) throw forbidden();
    return (await companyUsers(this.runtime.documentStore, body.companyId)).map(profileOf);
  }

  private async invite(actor: Actor, body: CreateUserRequest, correlationId: string): Promise<Profile> {
    const { companyId: requested, communicationChannels, email, onBehalfOfUserId: _onBehalf, ...settings } = body;
    const staff = isStaff(actor) && !actor.onBehalfOf;
    // A customer admin invites into their own company; another company's id is refused, never quietly replaced.
    if (!staff && requested !== undefined && requested !== effectiveCompanyId(actor)) throw forbidden('You may only invite users to your own company.');
    const companyId = staff ? requested : effectiveCompanyId(actor);
    const company = companyId ? await getCompany(this.runtime.documentStore, companyId) : null;
    if (!company) throw notFound('Unknown company.');
    const userId = randomUUID();
    await this.commands.reserveEmail(actor, email, userId, correlationId);
    await this.commands.user(
      actor,
      userId,
      {
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
      },
      correlationId,
    );
    await this.commands.user(actor, userId, { type: 'InviteUser', channels: communicationChannels, reinvite: false }, correlationId);
    return this.sendInvitation(actor, userId, communicationChannels);
  }

  private async sendInvitation(actor: Actor, userId: string, channels: CreateUserRequest['communicationChannels']): Promise<Profile> {
    const user = await this.visibleUser(actor, userId);
    await this.messenger.send('invitation', user, await this.tokens.issue('invitation', userId, actor.userId), channels);
    return user;
  }

  private async setTags(actor: Actor, userId: string, tags: readonly string[], correlationId: string): Promise<{ tags: readonly string[] }> {
    const result = await this.commands.user(actor, userId, { type: 'SetTags', tags }, correlationId);
    return { tags: result.state.status === 'none' ? [] : result.state.tags };
  }

  /** The user when the caller may see them; otherwise user_not_found, so other tenants' ids do not leak. */
  private async visibleUser(actor: Actor, userId: string): Promise<Profile & Pick<UserView, 'tags'>> {
    const user = await getUser(this.runtime.documentStore, userId);
    if (!user || (!isStaff(actor) && user.company._id !== effectiveCompanyId(actor))) throw userNotFound();
    if (isStaff(actor) && !actor.onBehalfOf && actor.countriesFilter?.length && !actor.countriesFilter.includes(user.country) && user.type !== 'BL')
      throw userNotFound();
    return profileOf(user);
  }

  private async companyFacts(user: Profile): Promise<CompanyFacts> {
    const others = (await companyUsers(this.runtime.documentStore, user.company._id)).filter((u) => u._id !== user._id);
    const company = await getCompany(this.runtime.documentStore, user.company._id);
    return {
      otherActiveAdmins: others.filter((u) => u.role === 'ADMIN' && u.status === 'ACTIVE').length,
      otherUsers: others.length,
      isResponsiblePerson: company?.responsibleUserId === user._id,
    };
  }
}
