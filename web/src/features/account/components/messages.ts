import { COUNTRY_NOT_SERVED, EMAILS_NOT_EQUAL, PASSWORDS_NOT_EQUAL, PRIVACY_POLICY_REQUIRED } from '@onsite/contracts';
import { fieldError } from '../../../lib/forms/domain-messages';
import { i18nKey } from '../../../lib/i18n/i18n';
import { ApiError, errorMessage, messageOf } from '../../../lib/api/api-client';
import i18n from '../../../lib/i18n/i18n';

/** The registration rules' English messages (shared domain schema) → this screen's keys. */
const KEYS: Record<string, string> = {
  [EMAILS_NOT_EQUAL]: i18nKey('account.validation.emailsNotEqual'),
  [PASSWORDS_NOT_EQUAL]: i18nKey('account.validation.passwordsNotEqual'),
  [PRIVACY_POLICY_REQUIRED]: i18nKey('account.validation.privacyRequired'),
  [COUNTRY_NOT_SERVED]: i18nKey('account.validation.countryNotServed'),
};

/** A field error of the domain schema or the api, in the user's language. */
export function accountFieldError(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KEYS[message];
  return key ? i18n.t(key) : fieldError(message);
}

/** What a failed call says: the error.<code> texts, the anti-spam and throttling messages. */
export function failureMessage(error: unknown): string | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return errorMessage('server_error');
  if (error.code === 'anti_spam_failed') return i18n.t('widgets.antiRobot.failed');
  if (error.status === 429) return errorMessage('too_many_attempts');
  return messageOf(error);
}
