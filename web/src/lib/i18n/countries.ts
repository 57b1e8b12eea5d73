import { COUNTRIES, currencyOf, type Currency } from '@onsite/domain';

/** The time zone a new service location in a country starts with (editable: us, ca and in span several). */
const DEFAULT_TIME_ZONE: Record<string, string> = {
  uk: 'Europe/London',
  ie: 'Europe/Dublin',
  ch: 'Europe/Zurich',
  de: 'Europe/Berlin',
  nl: 'Europe/Amsterdam',
  be: 'Europe/Brussels',
  lu: 'Europe/Luxembourg',
  at: 'Europe/Vienna',
  fr: 'Europe/Paris',
  it: 'Europe/Rome',
  es: 'Europe/Madrid',
  li: 'Europe/Vaduz',
  us: 'America/New_York',
  ca: 'America/Toronto',
  in: 'Asia/Kolkata',
  br: 'America/Sao_Paulo',
};

/** Countries in which services can be ordered (Liechtenstein and Brazil only appear in lists). */
export const SERVED_COUNTRIES: readonly string[] = COUNTRIES.filter((c) => c.served).map((c) => c.code);

export function defaultTimeZone(country: string): string {
  return DEFAULT_TIME_ZONE[country] ?? 'UTC';
}

export function currencyForCountry(country: string): Currency | null {
  return currencyOf(country);
}

/** Every IANA zone the browser knows, for the location's time zone picker. */
export function timeZoneNames(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const zones = new Set([...supported, ...Object.values(DEFAULT_TIME_ZONE), 'UTC']);
  return [...zones].sort();
}
