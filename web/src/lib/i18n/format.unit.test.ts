import { DateTime } from 'luxon';
import {
  formatDate,
  formatDateTime,
  formatLocalDate,
  formatLocalDateTime,
  formatLocalTime,
  formatLocale,
  formatMoney,
  formatTime,
  todayIn,
  toDateTime,
  toLocalDateTime,
} from './format';

/** Intl uses narrow/non-breaking spaces in some locales; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatLocale', () => {
  it.each([
    ['de', undefined, 'de-DE'],
    ['de', 'us', 'de-DE'],
    ['pt', 'br', 'pt-BR'],
    ['en', 'us', 'en-US'],
    ['en', 'ca', 'en-CA'],
    ['en', 'uk', 'en-GB'],
    ['en', null, 'en-GB'],
  ])('%s + %s → %s', (language, country, expected) => {
    expect(formatLocale(language, country)).toBe(expected);
  });
});

describe('instants (shown in the viewer zone)', () => {
  const instant = '2026-11-21T14:05:00.000Z';

  it('German: dd.MM.yyyy and 24-hour', () => {
    expect(formatDateTime(instant, 'de-DE', 'Europe/Berlin')).toBe('21.11.2026 15:05');
  });

  it('English and Brazilian Portuguese: dd/MM/yyyy and 24-hour', () => {
    expect(formatDateTime(instant, 'en-GB', 'Europe/London')).toBe('21/11/2026 14:05');
    expect(formatDateTime(instant, 'pt-BR', 'America/Sao_Paulo')).toBe('21/11/2026 11:05');
  });

  it('en-US uses AM/PM, en-CA lowercase am/pm', () => {
    expect(formatTime(instant, 'en-US', 'America/New_York')).toBe('9:05 AM');
    expect(formatTime(instant, 'en-US', 'UTC')).toBe('2:05 PM');
    expect(formatTime(instant, 'en-CA', 'America/Toronto')).toBe('9:05 am');
    expect(formatTime('2026-11-21T00:15:00Z', 'en-US', 'UTC')).toBe('12:15 AM');
    expect(formatTime('2026-11-21T12:00:00Z', 'en-CA', 'UTC')).toBe('12:00 pm');
  });

  it('shifts into the zone, so the date can change', () => {
    expect(formatDate('2026-11-21T23:30:00Z', 'de-DE', 'Europe/Berlin')).toBe('22.11.2026');
    expect(formatDate('2026-11-21T23:30:00Z', 'en-GB', 'UTC')).toBe('21/11/2026');
  });

  it('returns an empty string for a missing or unreadable value', () => {
    expect(formatDateTime(null, 'en-GB')).toBe('');
    expect(formatDateTime('', 'en-GB')).toBe('');
    expect(formatDate('not a date', 'en-GB')).toBe('');
  });

  it('reads numbers below 12 digits as Unix seconds, longer ones as milliseconds', () => {
    expect(toDateTime(1_700_000_000, 'UTC').toISO()).toBe('2023-11-14T22:13:20.000Z');
    expect(toDateTime(1_700_000_000_000, 'UTC').toISO()).toBe('2023-11-14T22:13:20.000Z');
  });
});

describe('location-local job times (never shifted)', () => {
  it('shows the wall clock of the service location as written', () => {
    expect(formatLocalDateTime('2026-12-01T08:00:00', 'de-DE')).toBe('01.12.2026 08:00');
    expect(formatLocalDateTime('2026-12-01T18:30:00', 'en-US')).toBe('01/12/2026 6:30 PM');
    expect(formatLocalDate('2026-12-01T18:30:00', 'pt-BR')).toBe('01/12/2026');
    expect(formatLocalDateTime(undefined, 'de-DE')).toBe('');
  });

  it('reads a date-time as luxon reads it, and writes it as its patterns do', () => {
    const values = [
      '2026-12-01T00:00:00',
      '2026-12-01T12:00',
      '2026-12-01T00:05:59',
      '2026-06-30T23:59:59.5',
      '2024-02-29T07:00:00',
      '0999-01-09T09:09:09',
      // Not the api's form: left to luxon's ISO reader.
      '2026-12-01',
      '2026-12-01T08:00:00Z',
      '2026-12-01T08:00:00+05:00',
      '2026-W48-2T10:00',
      // Not a date-time: empty.
      '2025-02-29T10:00:00',
      '2026-04-31T10:00:00',
      '2026-13-01T10:00:00',
      '2026-00-10T10:00:00',
      '2026-12-00T10:00:00',
      '2026-12-01T24:00:00',
      '2026-12-01T23:60:00',
      '2026-12-01T23:00:60',
      '2026-12-01T8:00:00',
      'tomorrow',
    ];
    const luxon = (value: string, pattern: string) => {
      const dt = DateTime.fromISO(value, { zone: 'utc' });
      return dt.isValid ? dt.toFormat(pattern) : '';
    };
    for (const value of values) {
      expect([value, formatLocalDateTime(value, 'de-DE')]).toEqual([value, luxon(value, 'dd.MM.yyyy HH:mm')]);
      expect([value, formatLocalDate(value, 'en-GB')]).toEqual([value, luxon(value, 'dd/MM/yyyy')]);
      expect([value, formatLocalTime(value, 'en-US')]).toEqual([value, luxon(value, 'h:mm a')]);
      expect([value, formatLocalTime(value, 'en-CA')]).toEqual([value, luxon(value, 'h:mm a').toLowerCase()]);
    }
    expect(formatLocalTime('2026-12-01T00:30:00', 'en-US')).toBe('12:30 AM');
    expect(formatLocalTime('2026-12-01T12:30:00', 'en-CA')).toBe('12:30 pm');
  });

  it('builds the api format from a date and a time input', () => {
    expect(toLocalDateTime('2026-12-01', '08:00')).toBe('2026-12-01T08:00:00');
  });
});

describe('money (integer minor units)', () => {
  it.each([
    [125000, 'EUR', 'de-DE', '1.250,00 €'],
    [125000, 'EUR', 'en-GB', '€1,250.00'],
    [99950, 'GBP', 'en-GB', '£999.50'],
    [125000, 'USD', 'en-US', '$1,250.00'],
    [125000, 'CHF', 'de-DE', '1.250,00 CHF'],
    [125000, 'EUR', 'pt-BR', '€ 1.250,00'],
  ])('%d %s in %s → %s', (minor, currency, locale, expected) => {
    expect(plain(formatMoney(minor, currency, locale as Parameters<typeof formatMoney>[2]))).toBe(expected);
  });
});

describe('todayIn', () => {
  it('is the calendar date at the place, not at the viewer', () => {
    const lateEvening = Date.parse('2026-11-21T23:30:00Z');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2026-11-22');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-21');
  });
});
