import { DateTime } from 'luxon';
import type { Language } from './languages';

/**
 * Dates, times and money by locale: German dd.MM.yyyy, English and Brazilian Portuguese
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

/** dd.MM.yyyy or dd/MM/yyyy. */
const DATE_SEPARATOR: Record<FormatLocale, string> = {
  'en-GB': '/',
  'en-US': '/',
  'en-CA': '/',
  'de-DE': '.',
  'pt-BR': '/',
};

/** Numbers with fewer than 12 digits are Unix seconds, longer ones milliseconds. */
export function toDateTime(value: string | number | Date, zone = 'local'): DateTime {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone });
  if (typeof value === 'number') {
    return Math.abs(value) < 1e11 ? DateTime.fromSeconds(value, { zone }) : DateTime.fromMillis(value, { zone });
  }
  return DateTime.fromISO(value, { zone: 'utc' }).setZone(zone);
}

/** What a date and a time are shown from: a luxon DateTime has these fields too. */
interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

const two = (value: number): string => (value < 10 ? `0${value}` : String(value));

// The patterns are numeric, so the fields are written directly: luxon's toFormat reads its pattern anew on every call,
// a cost every row of a list paid for each date it shows.
function time(dt: WallClock, locale: FormatLocale): string {
  if (locale === 'en-US' || locale === 'en-CA') {
    const meridiem = dt.hour < 12 ? 'AM' : 'PM';
    return `${dt.hour % 12 === 0 ? 12 : dt.hour % 12}:${two(dt.minute)} ${locale === 'en-CA' ? meridiem.toLowerCase() : meridiem}`;
  }
  return `${two(dt.hour)}:${two(dt.minute)}`;
}

function date(dt: WallClock, locale: FormatLocale): string {
  const separator = DATE_SEPARATOR[locale];
  return `${two(dt.day)}${separator}${two(dt.month)}${separator}${String(dt.year).padStart(4, '0')}`;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A location-local date-time read as written. The api's `YYYY-MM-DDTHH:mm[:ss]` is read by one pattern and its fields
 * checked; any other form goes to luxon's ISO reader, as all did before. Null when it is not a date-time.
 */
function wallClock(local: string): WallClock | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (match) {
    const [year, month, day, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
    if (days !== undefined && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59) return { year, month, day, hour, minute };
  }
  const dt = DateTime.fromISO(local, { zone: 'utc' });
  return dt.isValid ? dt : null;
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
  const dt = wallClock(local);
  return dt ? `${date(dt, locale)} ${time(dt, locale)}` : '';
}

export function formatLocalDate(local: string | null | undefined, locale: FormatLocale): string {
  if (!local) return '';
  const dt = wallClock(local);
  return dt ? date(dt, locale) : '';
}

export function formatLocalTime(local: string | null | undefined, locale: FormatLocale): string {
  if (!local) return '';
  const dt = wallClock(local);
  return dt ? time(dt, locale) : '';
}

/** A month 'YYYY-MM' as a chart's axis names it: 'Feb 2026', 'Feb. 2026', 'fev. de 2026'. */
export function formatMonth(month: string, locale: FormatLocale): string {
  const dt = DateTime.fromFormat(month, 'yyyy-MM', { locale });
  return dt.isValid ? dt.toFormat('LLL yyyy') : month;
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
