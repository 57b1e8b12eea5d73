import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** Listed first in every phone country list. */
export const PREFERRED_PHONE_COUNTRIES = ['ca', 'de', 'in', 'ie', 'li', 'ch', 'gb', 'us'] as const;

/** Our country code (uk) as the ISO code phone handling needs (gb); unknown codes fall back to de. */
export function phoneCountry(country: string | null | undefined): CountryCode {
  const code = (country === 'uk' ? 'gb' : (country ?? 'de')).toUpperCase();
  return isSupportedCountry(code) ? code : 'DE';
}

export function callingCode(country: CountryCode): string {
  return `+${getCountryCallingCode(country)}`;
}

/** Valid when empty or parseable as a valid number. */
export function isValidPhone(value: string | null | undefined, defaultCountry?: CountryCode): boolean {
  if (!value || value.trim() === '') return true;
  return parsePhoneNumberFromString(value, defaultCountry)?.isValid() === true;
}

/** The number in international (E.164) form, or null when it is not a valid number. */
export function toE164(value: string, defaultCountry?: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(value, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** The country a typed international number belongs to, if it can tell. */
export function countryOfNumber(value: string): CountryCode | undefined {
  return parsePhoneNumberFromString(value)?.country;
}
