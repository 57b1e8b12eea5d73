import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainError, emailField } from '@onsite/domain';
import { ForgotPasswordSchema } from '@onsite/contracts';
import { findUserByEmail } from '@onsite/projections';
import { z } from 'zod';
import { RateLimit } from '../http/rate-limits.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { Public } from './auth.guard.js';
import { TokenService } from './tokens.js';

const codeError = (code: string, message: string) => new DomainError(code, 'validation', message);

/** Forgot password: a mail, no command (the commands on a password are in password-use-cases.ts). */
@ApiTags('session')
@Controller()
export class PasswordController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly tokens: TokenService,
    private readonly messenger: LinkMessenger,
  ) {}

  @Public()
  @RateLimit('passwordReset')
  @Post('password/reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Forgot password: e-mails a single-use reset link (1 h). Answers the same whether the address exists or not.' })
  async forgot(@Body({ schema: ForgotPasswordSchema }) body: z.infer<typeof ForgotPasswordSchema>): Promise<{ sent: true }> {
    if (!body.email?.trim()) throw codeError('email_required', 'email must be entered');
    const email = emailField.safeParse(body.email);
    const user = email.success ? await findUserByEmail(this.runtime.documentStore, email.data) : null;
    if (user && user.status !== 'DELETED') {
      await this.messenger.send('password-reset', user, await this.tokens.issue('password-reset', user._id, user._id));
    }
    return { sent: true };
  }
}
