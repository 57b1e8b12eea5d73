import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ResendVerificationSchema } from '@onsite/contracts';
import { findUserByEmail } from '@onsite/projections';
import type { z } from 'zod';
import { Public } from '../identity/auth.guard.js';
import { TokenService } from '../identity/tokens.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { RateLimit } from '../http/rate-limits.js';
import { AntiRobotChallenges, type AntiRobotChallenge } from './anti-robot.js';
import { sendVerification } from './verification.js';

const EmailSchema = ResendVerificationSchema;

/** What the public forms fetch and the mail they ask for again; their commands are use cases (registration-use-cases.ts). */
@ApiTags('registration')
@Controller('registration')
export class RegistrationController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly tokens: TokenService,
    private readonly messenger: LinkMessenger,
    private readonly challenges: AntiRobotChallenges,
  ) {}

  @Public()
  @Get('challenge')
  @ApiOperation({
    summary:
      'An anti-robot challenge for the registration and country-request forms: fetched when the form opens, sent back as antiRobot.challenge no sooner than notBefore.',
  })
  challenge(): AntiRobotChallenge {
    return this.challenges.issue();
  }

  @Public()
  @RateLimit('resendVerification')
  @Post('resend-verification')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a new verification link; answers the same whether the address exists or not.' })
  async resend(@Body({ schema: EmailSchema }) body: z.infer<typeof EmailSchema>): Promise<{ sent: true }> {
    const user = await findUserByEmail(this.runtime.documentStore, body.email);
    if (user && !user.emailVerified && user.status !== 'DELETED') await sendVerification(this.runtime.documentStore, this.tokens, this.messenger, user._id);
    return { sent: true };
  }
}
