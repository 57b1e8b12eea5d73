import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainError, forbidden, ForceLoginGrantSchema } from '@onsite/domain';
import { getUser } from '@onsite/projections';
import { z } from 'zod';
import { Envelope } from '../common/envelope.js';
import type { AuthContext } from '../common/request-context.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { Auth, Public } from './auth.guard.js';
import { CorrelationId } from '../common/correlation-id.js';
import { IdentityCommands } from './identity-commands.js';
import { profileOf, type Profile } from './profile.js';
import { SessionService } from './sessions.js';
import { TokenService } from './tokens.js';

const ForceLoginSchema = z.object({ token: z.string().max(100).optional() }).meta({ id: 'ForceLogin' });

/** Staff log in as a customer user through a single-use, two-minute token; the session records the staff user. */
@ApiTags('session')
@Controller()
export class ForceLoginController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: IdentityCommands,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
  ) {}

  @Post('admin/force/login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: a single-use login token (2 min) and the copyable login link for a customer user.' })
  async grant(
    @Auth() auth: AuthContext,
    @Body({ schema: ForceLoginGrantSchema }) body: z.infer<typeof ForceLoginGrantSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<{ token: string; link: string }> {
    await this.commands.user(auth.actor, body.userId, { type: 'GrantForceLogin' }, correlationId);
    const token = await this.tokens.issue('force-login', body.userId, auth.user._id);
    return { token, link: `${this.runtime.config.publicUrl}/en/force/log-in?token=${token}` };
  }

  @Public()
  @Post('force/log-in')
  @HttpCode(200)
  @ApiOperation({ summary: 'Spend a force-login token: a session as the customer user, with blUser (the staff member) recorded.' })
  async logIn(@Body({ schema: ForceLoginSchema }) body: z.infer<typeof ForceLoginSchema>): Promise<Envelope<{ profile: Profile; blUser: Profile }>> {
    if (!body.token) throw new DomainError('token_missed', 'validation', 'The token is missing.');
    const { userId, issuedBy } = await this.tokens.consume('force-login', body.token);
    const store = this.runtime.documentStore;
    const [user, staff] = [await getUser(store, userId), await getUser(store, issuedBy)];
    if (!user || user.status !== 'ACTIVE' || !staff || staff.type !== 'BL' || staff.status !== 'ACTIVE') throw forbidden();
    const { token } = await this.sessions.start(userId, { blUserId: staff._id });
    return new Envelope({ profile: profileOf(user), blUser: profileOf(staff) }, { token });
  }
}
