import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  formatLocalDate,
  formatLocalDateTime,
  formatLocalTime,
  formatLocale,
  formatMoney,
  formatMonth,
  formatNumber,
} from './format';
import { useProfile } from '../session/session';

/** The format functions bound to the UI language and, for English, the user's country. */
export function useFormat() {
  const { i18n } = useTranslation();
  const country = useProfile()?.country;
  const locale = formatLocale(i18n.resolvedLanguage ?? i18n.language, country);
  return useMemo(
    () => ({
      locale,
      date: (value: string | null | undefined) => formatDate(value, locale),
      dateTime: (value: string | null | undefined) => formatDateTime(value, locale),
      localDate: (value: string | null | undefined) => formatLocalDate(value, locale),
      localTime: (value: string | null | undefined) => formatLocalTime(value, locale),
      localDateTime: (value: string | null | undefined) => formatLocalDateTime(value, locale),
      month: (value: string) => formatMonth(value, locale),
      money: (minorUnits: number, currency: string) => formatMoney(minorUnits, currency, locale),
      number: (value: number) => formatNumber(value, locale),
    }),
    [locale],
  );
}
