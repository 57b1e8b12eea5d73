import { isStrongPassword, PASSWORD_CHARACTER_KINDS, PASSWORD_MIN_LENGTH, passwordRuleProblem } from '@onsite/domain';
import { i18nKey } from '../i18n/i18n';

export interface PasswordStrength {
  /** Meets the minimum: 8+ characters with a letter and a digit. */
  acceptable: boolean;
  /** No uppercase, lowercase, digit or symbol missing. */
  strong: boolean;
  /** 0–4: how many of uppercase, lowercase, digit, symbol it has. */
  score: number;
  /** The translation key of what is wrong, if anything. */
  error: 'validation.required' | 'password.tooShort' | 'password.tooWeak' | null;
}

/** Passwords, by the domain's rule (the api's): minimum 8 characters with a letter and a number; strong = all four kinds. */
export function passwordStrength(password: string): PasswordStrength {
  const score = PASSWORD_CHARACTER_KINDS.filter((kind) => kind.test(password)).length;
  const strong = isStrongPassword(password) && password.length >= PASSWORD_MIN_LENGTH;
  let error: PasswordStrength['error'] = null;
  if (password === '') error = i18nKey('validation.required');
  else if (password.length < PASSWORD_MIN_LENGTH) error = i18nKey('password.tooShort');
  else if (passwordRuleProblem(password) !== null) error = i18nKey('password.tooWeak');
  return { acceptable: error === null, strong, score, error };
}
