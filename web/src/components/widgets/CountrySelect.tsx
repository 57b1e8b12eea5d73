import { Select } from '@mantine/core';
import { COUNTRIES } from '@onsite/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CountrySelectProps {
  label: ReactNode;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Only countries in which services can be ordered (no Liechtenstein, no Brazil). */
  servedOnly?: boolean;
  required?: boolean;
  error?: ReactNode;
}

/** The countries of the product, by their translated names, alphabetically. */
export function CountrySelect({ label, value, onChange, servedOnly = false, required, error }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const data = COUNTRIES.filter((country) => !servedOnly || country.served)
    .map((country) => ({ value: country.code, label: t(`countries.${country.code}`) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return <Select label={label} data={data} value={value} onChange={onChange} searchable required={required} error={error} allowDeselect={false} />;
}
