import { DomainError, passwordField, userDecider, userStreamId, validationError, type Actor } from '@onsite/domain';
import { ChangePasswordSchema, ForceLoginGrantSchema, ForceLoginLinkSchema, OkAnswerSchema, TokenPasswordSchema } from '@onsite/contracts';
import { getUser } from '@onsite/projections';
import type { z } from 'zod';
import { useCasesOf, type UseCaseFacts } from '../common/command-routes.js';
import { actorOf } from './auth.guard.js';
import { passwordHashOf, savePasswordHash } from './credentials.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { SessionService } from './sessions.js';
import { LoginThrottle } from './throttle.js';
import { TokenService } from './tokens.js';

type TokenPassword = z.infer<typeof TokenPasswordSchema>;

const codeError = (code: string, message: string) => new DomainError(code, 'validation', message);

/** The error codes for a missing token or password, then the password rules and the confirmation. */
export function checkedNewPassword(password: string | undefined, confirmPassword: string | undefined, token?: string | null): string {
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

/**
 * The holder of a link's token, who sets the password as themself: the new password is checked first, then the link
 * is spent (once: a second use is refused with `missing`), then its user is found.
 */
async function linkHolder(
  request: TokenPassword,
  purpose: 'invitation' | 'password-reset',
  missing: 'token_not_found' | 'invalid_token',
  { runtime, service }: Omit<UseCaseFacts, 'actor'>,
): Promise<Actor> {
  checkedNewPassword(request.password, request.confirmPassword, request.token ?? '');
  const { userId } = await service(TokenService).consume(purpose, request.token ?? '', missing);
  const holder = await getUser(runtime.documentStore, userId);
  if (!holder) throw codeError('token_not_found', 'Ask to be invited again.');
  return actorOf(holder);
}

/** The user's stream, and the new password's hash made before anything is written (D1: hashes are not events). */
const hashedTarget = async (password: string | undefined, { actor }: UseCaseFacts) => ({
  streamId: userStreamId(actor.userId),
  hash: await hashPassword(password ?? ''),
});

const user = useCasesOf(userDecider);

/** Setting, resetting and changing a password, and staff's force-login link: commands on the user's stream. */
export const PASSWORD_USE_CASES = {
  setFirstPassword: user({
    route: 'user/set-password',
    summary: 'Set the first password with the token of an invitation; the user becomes ACTIVE.',
    public: true,
    schema: TokenPasswordSchema,
    response: OkAnswerSchema,
    actor: (request, facts) => linkHolder(request, 'invitation', 'token_not_found', facts),
    target: (request, facts) => hashedTarget(request.password, facts),
    command: (_request, { actor }) => ({ type: 'SetPassword', data: { userId: actor.userId, via: 'invitation' } }),
    async after(_request, { actor, runtime, target }) {
      await savePasswordHash(runtime.documentStore, actor.userId, target.hash, runtime.clock());
    },
    answer: () => ({ ok: true as const }),
  }),
  resetPassword: user({
    route: 'user/password-reset',
    summary: 'Reset the password with the token of a reset link; ends every session of the user.',
    public: true,
    schema: TokenPasswordSchema,
    response: OkAnswerSchema,
    actor: (request, facts) => linkHolder(request, 'password-reset', 'invalid_token', facts),
    target: (request, facts) => hashedTarget(request.password, facts),
    command: (_request, { actor }) => ({ type: 'SetPassword', data: { userId: actor.userId, via: 'reset' } }),
    async after(_request, { actor, runtime, target, service }) {
      await savePasswordHash(runtime.documentStore, actor.userId, target.hash, runtime.clock());
      await service(SessionService).revokeAllOf(actor.userId);
    },
    answer: () => ({ ok: true as const }),
  }),
  /** Guessing the old password with a stolen session is throttled like guessing at the log-in. */
  changePassword: user({
    route: 'user/changePassword',
    summary: "Change one's password (old, new, confirmation); ends the user's other sessions.",
    schema: ChangePasswordSchema,
    response: OkAnswerSchema,
    async allow(request, { auth, runtime, clientIp, service }) {
      checkedNewPassword(request.newPassword, request.confirmPassword, null);
      const [email, ip] = [auth!.user.email, clientIp ?? ''];
      const throttle = service(LoginThrottle);
      await throttle.check(email, ip);
      const stored = await passwordHashOf(runtime.documentStore, auth!.user._id);
      if (!stored || !(await verifyPassword(stored, request.oldPassword ?? ''))) {
        await throttle.recordFailure(email, ip);
        throw codeError('wrong_old_password', 'The old password is wrong.');
      }
      await throttle.recordSuccess(email, ip);
    },
    actor: (_request, { auth }) => actorOf(auth!.user),
    target: (request, facts) => hashedTarget(request.newPassword, facts),
    command: (_request, { actor }) => ({ type: 'SetPassword', data: { userId: actor.userId, via: 'change' } }),
    async after(_request, { actor, auth, runtime, target, service }) {
      await savePasswordHash(runtime.documentStore, actor.userId, target.hash, runtime.clock());
      await service(SessionService).revokeAllOf(actor.userId, auth!.sessionId);
    },
    answer: () => ({ ok: true as const }),
  }),
  /** Recorded on the customer user's stream; the single-use token (2 min) is issued once the grant is recorded. */
  grantForceLogin: user({
    route: 'admin/force/login',
    summary: 'Staff: a single-use login token (2 min) and the copyable login link for a customer user.',
    schema: ForceLoginGrantSchema,
    response: ForceLoginLinkSchema,
    target: (request) => ({ streamId: userStreamId(request.userId) }),
    command: () => ({ type: 'GrantForceLogin' }),
    async answer(request, { auth, runtime, service }) {
      const token = await service(TokenService).issue('force-login', request.userId, auth!.user._id);
      return { token, link: `${runtime.config.publicUrl}/en/force/log-in?token=${token}` };
    },
  }),
};
