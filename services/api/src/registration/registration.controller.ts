import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CountryRequestSchema,
  emailUsed,
  languageOf,
  leadDecider,
  leadStreamId,
  RegistrationSchema,
  ResendVerificationSchema,
  VerifyEmailSchema,
  type Actor,
} from '@onsite/domain';
import { currentLegalVersions, findUserByEmail, getUser } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { actorOf, Public } from '../identity/auth.guard.js';
import { CorrelationId } from '../common/correlation-id.js';
import { IdentityCommands } from '../identity/identity-commands.js';
import { TokenService } from '../identity/tokens.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { RateLimit } from '../http/rate-limits.js';
import { AntiRobotChallenges, AntiRobotChecked, type AntiRobotChallenge } from './anti-robot.js';

type Registration = z.infer<typeof RegistrationSchema>;
const TokenSchema = VerifyEmailSchema;
const EmailSchema = ResendVerificationSchema;

@ApiTags('registration')
@Controller('registration')
export class RegistrationController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: IdentityCommands,
    private readonly runner: CommandRunner,
    private readonly tokens: TokenService,
    private readonly messenger: LinkMessenger,
    private readonly challenges: AntiRobotChallenges,
  ) {}

  @Public()
  @RateLimit('registration')
  @AntiRobotChecked()
  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Register a company with its first admin; sends the e-mail verification link. 409 email_used, 400 anti_spam_failed.' })
  async register(
    @Body({ schema: RegistrationSchema }) body: Registration,
    @CorrelationId() correlationId: string,
  ): Promise<{ userId: string; status: 'CREATED' }> {
    if (await findUserByEmail(this.runtime.documentStore, body.email)) throw emailUsed();
    const userId = randomUUID();
    const companyId = randomUUID();
    const self: Actor = { userId, type: 'EC', role: 'ADMIN', companyId, country: body.country };
    await this.commands.reserveEmail(self, body.email, userId, correlationId);
    await this.commands.company(
      self,
      companyId,
      {
        type: 'RegisterCompany',
        data: {
          companyId,
          uid: `EC-${companyId.slice(0, 8).toUpperCase()}`,
          name: body.companyName,
          type: 'EC',
          country: body.country,
          completed: false,
          selfRegistered: true,
          responsibleUserId: userId,
        },
      },
      correlationId,
    );
    await this.commands.user(
      self,
      userId,
      {
        type: 'CreateUser',
        data: {
          userId,
          companyId,
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone,
          type: 'EC',
          role: 'ADMIN',
          country: body.country,
          language: languageOf(body.country),
          status: 'CREATED',
          selfRegistered: true,
          notificationSettings: { emails: [body.email], sms: false, whatsapp: false },
        },
      },
      correlationId,
    );
    await this.commands.setPassword(self, userId, body.password, 'registration', correlationId);
    const versions = await currentLegalVersions(this.runtime.documentStore);
    await this.commands.user(self, userId, { type: 'AcceptAgreements', agreements: ['PRIVACY_POLICY'], versions }, correlationId);
    await this.sendVerification(userId);
    return { userId, status: 'CREATED' };
  }

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
  @Post('verify-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Spend an e-mail verification token; the user becomes ACTIVE and can log in.' })
  async verify(@Body({ schema: TokenSchema }) body: z.infer<typeof TokenSchema>, @CorrelationId() correlationId: string): Promise<{ verified: true }> {
    const { userId } = await this.tokens.consume('verify-email', body.token ?? '', 'token_not_found');
    const user = await getUser(this.runtime.documentStore, userId);
    if (!user) throw new Error(`verification token of unknown user ${userId}`);
    await this.commands.user(actorOf(user), userId, { type: 'VerifyEmail' }, correlationId);
    return { verified: true };
  }

  @Public()
  @RateLimit('resendVerification')
  @Post('resend-verification')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a new verification link; answers the same whether the address exists or not.' })
  async resend(@Body({ schema: EmailSchema }) body: z.infer<typeof EmailSchema>): Promise<{ sent: true }> {
    const user = await findUserByEmail(this.runtime.documentStore, body.email);
    if (user && !user.emailVerified && user.status !== 'DELETED') await this.sendVerification(user._id);
    return { sent: true };
  }

  @Public()
  @RateLimit('countryRequest')
  @AntiRobotChecked()
  @Post('country-request')
  @HttpCode(200)
  @ApiOperation({ summary: 'A visitor from an unlisted country asks to be contacted (recorded as a lead).' })
  async countryRequest(
    @Body({ schema: CountryRequestSchema }) body: z.infer<typeof CountryRequestSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<{ leadId: string }> {
    const leadId = randomUUID();
    const { antiRobot: _antiRobot, ...data } = body;
    const visitor: Actor = { userId: 'anonymous', type: 'EC', role: 'ADMIN', companyId: '', country: body.country };
    await this.runner.run(leadDecider, {
      streamId: leadStreamId(leadId),
      actor: visitor,
      correlationId,
      expectedVersion: 0,
      command: { type: 'RecordCountryRequest', data: { leadId, ...data } },
    });
    return { leadId };
  }

  private async sendVerification(userId: string): Promise<void> {
    const user = await getUser(this.runtime.documentStore, userId);
    if (user) await this.messenger.send('verify-email', user, await this.tokens.issue('verify-email', userId, userId));
  }
}
