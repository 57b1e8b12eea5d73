import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTRY_OPTIONS_KEY } from '../../../lib/i18n/country-options';
import { useProfile } from '../../../lib/session/session';

/**
 * Narrows the order history to some of the countries the staff member looks after: their own country filter, or
 * every country when they have none (the server keeps to their countries whatever is asked).
 */
export function CountryFilter({ value, onChange }: { value: string[]; onChange: (countries: string[]) => void }) {
  const { t } = useTranslation();
  const own = useProfile()?.countriesFilter ?? [];
  const choices = own.length > 0 ? own : COUNTRY_OPTIONS_KEY;
  return (
    <MultiSelect
      label={t('orderHistory.countries')}
      placeholder={value.length ? undefined : t(own.length > 0 ? 'orderHistory.allMyCountries' : 'orderHistory.allCountries')}
      data={choices.map((code) => ({ value: code, label: t(`countries.${code}`, { defaultValue: code }) }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      w={{ base: '100%', sm: 260 }}
      data-testid="country-filter"
    />
  );
}
