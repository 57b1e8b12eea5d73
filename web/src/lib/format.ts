import { DateTime } from 'luxon';
import type { Language } from './languages';

/**
 * Dates, times and money by locale (spec section 9): German dd.MM.yyyy, English and Brazilian Portuguese
 * dd/MM/yyyy; 24-hour clock everywhere except en-US (AM/PM) and en-CA (am/pm).
 * Instants (ISO UTC) are shown in the viewer's time zone; job times are wall-clock times of the service
 * location and are shown as they are, never shifted into the viewer's zone.
 */
export type FormatLocale = 'en-GB' | 'en-US' | 'en-CA' | 'de-DE' | 'pt-BR';

/** The formatting locale of a UI language, refined by the user's country for English (us, ca). */
export function formatLocale(language: Language | string, country?: string | null): FormatLocale {
  if (language === 'de') return 'de-DE';
  if (language === 'pt') return 'pt-BR';
  if (country === 'us') return 'en-US';
  if (country === 'ca') return 'en-CA';
  return 'en-GB';
}

const DATE_PATTERN: Record<FormatLocale, string> = {
  'en-GB': 'dd/MM/yyyy',
  'en-US': 'dd/MM/yyyy',
  'en-CA': 'dd/MM/yyyy',
  'de-DE': 'dd.MM.yyyy',
  'pt-BR': 'dd/MM/yyyy',
};

/** Numbers with fewer than 12 digits are Unix seconds, longer ones milliseconds (spec section 9). */
export function toDateTime(value: string | number | Date, zone = 'local'): DateTime {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone });
  if (typeof value === 'number') {
    return Math.abs(value) < 1e11 ? DateTime.fromSeconds(value, { zone }) : DateTime.fromMillis(value, { zone });
  }
  return DateTime.fromISO(value, { zone: 'utc' }).setZone(zone);
}

function time(dt: DateTime, locale: FormatLocale): string {
  if (locale === 'en-US' || locale === 'en-CA') {
    const meridiem = dt.hour < 12 ? 'AM' : 'PM';
    return `${dt.toFormat('h:mm')} ${locale === 'en-CA' ? meridiem.toLowerCase() : meridiem}`;
  }
  return dt.toFormat('HH:mm');
}

function date(dt: DateTime, locale: FormatLocale): string {
  return dt.toFormat(DATE_PATTERN[locale]);
}

/** An instant as a date in the viewer's zone (or `zone`). Empty for a missing or unreadable value. */
export function formatDate(value: string | number | Date | null | undefined, locale: FormatLocale, zone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const dt = toDateTime(value, zone);
  return dt.isValid ? date(dt, locale) : '';
}

export function formatTime(value: string | number | Date | null | undefined, locale: FormatLocale, zone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const dt = toDateTime(value, zone);
  return dt.isValid ? time(dt, locale) : '';
}

export function formatDateTime(value: string | number | Date | null | undefined, locale: FormatLocale, zone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const dt = toDateTime(value, zone);
  return dt.isValid ? `${date(dt, locale)} ${time(dt, locale)}` : '';
}

/** A location-local `YYYY-MM-DDTHH:mm:ss` as written (the wall clock at the service location). */
export function formatLocalDateTime(local: string | null | undefined, locale: FormatLocale): string {
  if (!local) return '';
  const dt = DateTime.fromISO(local, { zone: 'utc' });
  return dt.isValid ? `${date(dt, locale)} ${time(dt, locale)}` : '';
}

export function formatLocalDate(local: string | null | undefined, locale: FormatLocale): string {
  if (!local) return '';
  const dt = DateTime.fromISO(local, { zone: 'utc' });
  return dt.isValid ? date(dt, locale) : '';
}

export function formatLocalTime(local: string | null | undefined, locale: FormatLocale): string {
  if (!local) return '';
  const dt = DateTime.fromISO(local, { zone: 'utc' });
  return dt.isValid ? time(dt, locale) : '';
}

/** Money arrives as integer minor units; the currency's own number of decimals scales it. */
export function formatMoney(minorUnits: number, currency: string, locale: FormatLocale): string {
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minorUnits / 10 ** digits);
}

export function formatNumber(value: number, locale: FormatLocale): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Today's calendar date (`YYYY-MM-DD`) at a place: what counts as a past day there. */
export function todayIn(timeZone: string, now: Date | number = Date.now()): string {
  const millis = typeof now === 'number' ? now : now.getTime();
  const dt = DateTime.fromMillis(millis, { zone: timeZone });
  return (dt.isValid ? dt : DateTime.fromMillis(millis)).toISODate() ?? '';
}

/** `2026-11-21` + `08:00` → `2026-11-21T08:00:00`, the api's local date-time format. */
export function toLocalDateTime(isoDate: string, hoursMinutes: string): string {
  return `${isoDate}T${hoursMinutes.length === 5 ? `${hoursMinutes}:00` : hoursMinutes}`;
}
