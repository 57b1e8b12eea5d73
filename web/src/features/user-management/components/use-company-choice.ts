import { useDebouncedValue } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyOptions, type CompanyOption } from '../api/users';

export const companyLabel = (company: CompanyOption | null, t: TFunction): string =>
  company ? `${company.name} (${company.type}, ${t(`countries.${company.country}`, { defaultValue: company.country })})` : '';

/** Staff inviting a user search the companies (debounced) and choose one. */
export function useCompanyChoice(enabled: boolean) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 500);
  // The company staff chose, kept apart from the search results: choosing puts its label into the search box,
  // and the results for that text no longer hold it.
  const [chosen, setChosen] = useState<CompanyOption | null>(null);
  const companies = useCompanyOptions(debouncedSearch === companyLabel(chosen, t) ? '' : debouncedSearch, enabled);
  const choices = [...(chosen ? [chosen] : []), ...(companies.data?.items ?? []).filter((c) => c._id !== chosen?._id)];
  return { search, setSearch, chosen, setChosen, choices };
}

export type CompanyChoice = ReturnType<typeof useCompanyChoice>;
