import { i18nKey } from './i18n';

export const PASSWORD_MIN_LENGTH = 8;

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

/** Spec section 5, passwords: minimum 8 characters, at least a number and a letter; strong = all four kinds. */
export function passwordStrength(password: string): PasswordStrength {
  const kinds = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  const strong = kinds === 4 && password.length >= PASSWORD_MIN_LENGTH;
  let error: PasswordStrength['error'] = null;
  if (password === '') error = i18nKey('validation.required');
  else if (password.length < PASSWORD_MIN_LENGTH) error = i18nKey('password.tooShort');
  else if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) error = i18nKey('password.tooWeak');
  return { acceptable: error === null, strong, score: kinds, error };
}
