import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainError, forbidden } from '@onsite/domain';
import { ForceLoginSchema } from '@onsite/contracts';
import { getUser } from '@onsite/projections';
import { z } from 'zod';
import { Envelope } from '../common/envelope.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { Public } from './auth.guard.js';
import { profileOf, type Profile } from './profile.js';
import { SessionService } from './sessions.js';
import { TokenService } from './tokens.js';

/**
 * Staff log in as a customer user through a single-use, two-minute token (granted by `admin/force/login`,
 * password-use-cases.ts); the session records the staff user.
 */
@ApiTags('session')
@Controller()
export class ForceLoginController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
  ) {}

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
