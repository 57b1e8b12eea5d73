import type { NotificationKind } from '../lib/notify';

export interface VerificationNotice {
  kind: NotificationKind;
  /** Translation key. */
  message: string;
  /** An expired link sends a signed-out user to login. */
  toLogin: boolean;
}

/**
 * The e-mail verification link's query: `verify=true` (verified), else `message` says why not:
 * `expired` (expired or already verified), `token_not_found`, a token error (`invalid_token`, a warning),
 * anything else 'not verified'. `verify=1` with a token is the api's own link, handled by the login page.
 */
export function verificationNotice(query: URLSearchParams): VerificationNotice | null {
  const verify = query.get('verify');
  if (verify === null) return null;
  // The api's link (`/:lang/login?verify=1&token=…`): the login page spends the token and says how it went.
  if (verify === '1' && query.get('token')) return null;
  if (verify === 'true' || verify === 'success') return { kind: 'success', message: 'verification.verified', toLogin: false };
  const message = query.get('message') ?? '';
  if (message === 'expired') return { kind: 'warning', message: 'verification.expired', toLogin: true };
  if (message === 'token_not_found') return { kind: 'warning', message: 'verification.tokenNotFound', toLogin: false };
  if (message === 'invalid_token' || query.get('token') === '') return { kind: 'warning', message: 'verification.tokenError', toLogin: false };
  return { kind: 'error', message: 'verification.notVerified', toLogin: false };
}
