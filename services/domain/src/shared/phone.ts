import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The phone rule: international format, and a number that exists in its country's numbering plan. */
export function isValidInternationalPhone(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed.startsWith('+')) return false;
  return parsePhoneNumberFromString(trimmed)?.isValid() ?? false;
}

/** The number in E.164 (`+491701234567`), or null when it is not a valid international number. */
export function toE164(value: string): string | null {
  if (!isValidInternationalPhone(value)) return null;
  return parsePhoneNumberFromString(value.trim())?.number ?? null;
}
