import { GSTIN_MESSAGE, REQUIRED } from '@onsite/domain';
import { i18nKey } from '../i18n/i18n';
import { translateFieldError } from './forms';

/**
 * The shared domain schemas (the field rules) speak English; their messages become the console's keys here,
 * so a field error reads in the user's language.
 */
const KEYS: Record<string, string> = {
  [REQUIRED]: i18nKey('validation.required'),
  'email must be entered': i18nKey('validation.required'),
  'Please enter a valid e-mail address.': i18nKey('validation.email'),
  [GSTIN_MESSAGE]: i18nKey('staffCommon.validation.gstin'),
  'The password is too weak.': i18nKey('password.tooWeak'),
  'The password needs at least one letter and one number.': i18nKey('password.tooWeak'),
};

export function fieldError(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith('Enter a valid phone number')) return translateFieldError(i18nKey('staffCommon.validation.phone'));
  if (message.startsWith('Minimum length is')) return translateFieldError(i18nKey('password.tooShort'));
  return translateFieldError(KEYS[message] ?? message);
}
