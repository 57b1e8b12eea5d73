import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '@onsite/domain';
import { SessionProfileSchema, LogInSchema } from '@onsite/contracts';
import { findUserByEmail } from '@onsite/projections';
import { z } from 'zod';
import { Envelope } from '../common/envelope.js';
import type { AppRequest, AuthContext } from '../common/request-context.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { AllowWithoutAgreements, Auth, Public } from './auth.guard.js';
import { passwordHashOf } from './credentials.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { profileOf, sessionProfile, type Profile, type SessionProfile } from './profile.js';
import { SessionService } from './sessions.js';
import { LoginThrottle } from './throttle.js';

const invalidCredentials = () => new DomainError('invalid_credentials', 'validation', 'The user name or password is incorrect.');

@ApiTags('session')
@Controller()
export class SessionController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Public()
  @Post('log-in')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in with e-mail and password; returns the profile and a bearer token. 429 too_many_attempts when throttled.' })
  async logIn(@Body({ schema: LogInSchema }) body: z.infer<typeof LogInSchema>, @Req() request: AppRequest): Promise<Envelope<{ profile: Profile }>> {
    await this.throttle.check(body.email, request.ip);
    const store = this.runtime.documentStore;
    const user = await findUserByEmail(store, body.email);
    const stored = user ? await passwordHashOf(store, user._id) : null;
    // Verify even for unknown e-mails, so response time does not tell which addresses exist.
    const valid = await verifyPassword(stored ?? (await decoyHash()), body.password);
    if (!user || !stored || !valid) {
      await this.throttle.recordFailure(body.email, request.ip);
      throw invalidCredentials();
    }
    if (user.status === 'DELETED') throw new DomainError('user_deleted', 'forbidden', 'The user was deleted from the system.');
    if (!user.emailVerified) throw new DomainError('email_not_verified', 'forbidden', 'Please verify your e-mail address first.');
    if (user.status !== 'ACTIVE') throw invalidCredentials();
    await this.throttle.recordSuccess(body.email, request.ip);
    const { token } = await this.sessions.start(user._id);
    return new Envelope({ profile: profileOf(user) }, { token });
  }

  @AllowWithoutAgreements()
  @Post('log-out')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the current session; its token stops working at once.' })
  async logOut(@Auth() auth: AuthContext): Promise<{ ok: true }> {
    await this.sessions.revoke(auth.sessionId);
    return { ok: true };
  }

  @AllowWithoutAgreements()
  @ApiResponse({ status: 200, standardSchema: SessionProfileSchema })
  @Post('user/getProfile')
  @HttpCode(200)
  @ApiOperation({ summary: "The caller's profile; when staff act on behalf, the customer's profile with blUser." })
  getProfile(@Auth() auth: AuthContext): SessionProfile {
    return sessionProfile(auth);
  }
}
