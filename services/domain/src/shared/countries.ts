/** Countries, currencies and languages (docs/product.md, other rules). */
export const LANGUAGES = ['en', 'de', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const CURRENCIES = ['EUR', 'GBP', 'CHF', 'USD', 'CAD', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface CountryInfo {
  readonly code: string;
  /** ISO 3166 code for phone handling (uk maps to gb). */
  readonly phoneCode: string;
  readonly dialCode: string;
  readonly language: Language;
  readonly currency: Currency | null;
  /** Countries in which orders can be placed (Brazil appears in lists and translations only). */
  readonly served: boolean;
}

const c = (code: string, phoneCode: string, dialCode: string, language: Language, currency: Currency | null, served = true): CountryInfo => ({
  code,
  phoneCode,
  dialCode,
  language,
  currency,
  served,
});

export const COUNTRIES: readonly CountryInfo[] = [
  c('uk', 'gb', '+44', 'en', 'GBP'),
  c('de', 'de', '+49', 'de', 'EUR'),
  c('us', 'us', '+1', 'en', 'USD'),
  c('in', 'in', '+91', 'en', 'INR'),
  c('ch', 'ch', '+41', 'de', 'CHF'),
  c('ca', 'ca', '+1', 'en', 'CAD'),
  c('li', 'li', '+423', 'de', 'EUR', false),
  c('ie', 'ie', '+353', 'en', 'EUR'),
  c('at', 'at', '+43', 'de', 'EUR'),
  c('be', 'be', '+32', 'en', 'EUR'),
  c('nl', 'nl', '+31', 'en', 'EUR'),
  c('lu', 'lu', '+352', 'de', 'EUR'),
  c('fr', 'fr', '+33', 'en', 'EUR'),
  c('it', 'it', '+39', 'en', 'EUR'),
  c('es', 'es', '+34', 'en', 'EUR'),
  c('br', 'br', '+55', 'pt', null, false),
];

export const COUNTRY_CODES = COUNTRIES.map((x) => x.code);

export function countryInfo(code: string): CountryInfo | undefined {
  return COUNTRIES.find((x) => x.code === code);
}

export function currencyOf(country: string): Currency | null {
  return countryInfo(country)?.currency ?? null;
}

/** The language a user of this country sees (staff always English). */
export function languageOf(country: string): Language {
  return countryInfo(country)?.language ?? DEFAULT_LANGUAGE;
}
