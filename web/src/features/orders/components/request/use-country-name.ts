import { useTranslation } from 'react-i18next';

/** A country's name in the console's language (its code when the console does not know it). */
export function useCountryName() {
  const { t } = useTranslation();
  return (code: string | null | undefined) => (code ? t(`countries.${code}`, { defaultValue: code.toUpperCase() }) : '');
}
