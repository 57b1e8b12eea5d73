import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ChangePasswordSchema, DomainError, emailField, passwordField, TokenPasswordSchema, validationError } from '@onsite/domain';
import { findUserByEmail, getUser } from '@onsite/projections';
import { z } from 'zod';
import type { AppRequest, AuthContext } from '../common/request-context.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { actorOf, Auth, Public } from './auth.guard.js';
import { passwordHashOf } from './credentials.js';
import { CorrelationId } from '../common/correlation-id.js';
import { IdentityCommands } from './identity-commands.js';
import { verifyPassword } from './passwords.js';
import { SessionService } from './sessions.js';
import { LoginThrottle } from './throttle.js';
import { TokenService, type TokenPurpose } from './tokens.js';
import { RateLimit } from '../http/rate-limits.js';

const ForgotPasswordSchema = z.object({ email: z.string().optional() }).meta({ id: 'ForgotPassword' });

type TokenPassword = z.infer<typeof TokenPasswordSchema>;

const codeError = (code: string, message: string) => new DomainError(code, 'validation', message);

/** The error codes for a missing token or password, then the password rules and the confirmation. */
function checkedNewPassword(password: string | undefined, confirmPassword: string | undefined, token?: string | null): string {
  if (token !== null && !token && !password) throw codeError('password_or_token_missed', 'The password and the token are missing.');
  if (token !== null && !token) throw codeError('token_missed', 'The token is missing.');
  if (!password) throw codeError('new_password_missed', 'The new password is missing.');
  const rule = passwordField.safeParse(password);
  if (!rule.success)
    throw validationError('One or more fields contain errors.', [{ path: 'password', code: 'password_rule', message: rule.error.issues[0]?.message ?? '' }]);
  if (confirmPassword !== password)
    throw validationError('One or more fields contain errors.', [{ path: 'confirmPassword', code: 'not_equal', message: 'The passwords must be identical.' }]);
  return password;
}

@ApiTags('session')
@Controller()
export class PasswordController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: IdentityCommands,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly messenger: LinkMessenger,
    private readonly throttle: LoginThrottle,
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

  @Public()
  @Post('user/password-reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reset the password with the token of a reset link; ends every session of the user.' })
  async reset(@Body({ schema: TokenPasswordSchema }) body: TokenPassword, @CorrelationId() correlationId: string): Promise<{ ok: true }> {
    const userId = await this.setWithToken(body, 'password-reset', correlationId);
    await this.sessions.revokeAllOf(userId);
    return { ok: true };
  }

  @Public()
  @Post('user/set-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the first password with the token of an invitation; the user becomes ACTIVE.' })
  async setPassword(@Body({ schema: TokenPasswordSchema }) body: TokenPassword, @CorrelationId() correlationId: string): Promise<{ ok: true }> {
    await this.setWithToken(body, 'invitation', correlationId);
    return { ok: true };
  }

  @Post('user/changePassword')
  @HttpCode(200)
  @ApiOperation({ summary: "Change one's password (old, new, confirmation); ends the user's other sessions." })
  async change(
    @Auth() auth: AuthContext,
    @Body({ schema: ChangePasswordSchema }) body: z.infer<typeof ChangePasswordSchema>,
    @CorrelationId() correlationId: string,
    @Req() request: AppRequest,
  ): Promise<{ ok: true }> {
    const password = checkedNewPassword(body.newPassword, body.confirmPassword, null);
    // Guessing the old password with a stolen session is throttled like guessing at the log-in.
    await this.throttle.check(auth.user.email, request.ip);
    const stored = await passwordHashOf(this.runtime.documentStore, auth.user._id);
    if (!stored || !(await verifyPassword(stored, body.oldPassword ?? ''))) {
      await this.throttle.recordFailure(auth.user.email, request.ip);
      throw codeError('wrong_old_password', 'The old password is wrong.');
    }
    await this.throttle.recordSuccess(auth.user.email, request.ip);
    await this.commands.setPassword(actorOf(auth.user), auth.user._id, password, 'change', correlationId);
    await this.sessions.revokeAllOf(auth.user._id, auth.sessionId);
    return { ok: true };
  }

  private async setWithToken(body: TokenPassword, purpose: TokenPurpose & ('password-reset' | 'invitation'), correlationId: string): Promise<string> {
    const password = checkedNewPassword(body.password, body.confirmPassword, body.token ?? '');
    const { userId } = await this.tokens.consume(purpose, body.token ?? '', purpose === 'invitation' ? 'token_not_found' : 'invalid_token');
    const user = await getUser(this.runtime.documentStore, userId);
    if (!user) throw codeError('token_not_found', 'Ask to be invited again.');
    await this.commands.setPassword(actorOf(user), userId, password, purpose === 'invitation' ? 'invitation' : 'reset', correlationId);
    return userId;
  }
}
