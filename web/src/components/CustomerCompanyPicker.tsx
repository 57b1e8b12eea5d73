import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CompanyListPageSchema } from '@onsite/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api/api-client';

/** The first 25 customer companies (OEM and EC, never the provider) whose name matches the search. */
function useCustomerCompanies(search: string) {
  return useQuery({
    queryKey: ['companies', 'customers', search],
    queryFn: ({ signal }) =>
      apiRequest('/company/list', { body: { page: 1, pageSize: 25, ...(search ? { search } : {}) }, schema: CompanyListPageSchema, signal }),
    placeholderData: keepPreviousData,
    select: (page) => page.items.filter((company) => company.type !== 'BL'),
  });
}

/**
 * Where staff signed in as themselves choose the customer company whose settings a page manages (its API tokens, its
 * webhooks): a search as they type, 25 matches at a time.
 */
export function CustomerCompanyPicker({ value, onChange, testId }: { value: string | null; onChange: (companyId: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const companies = useCustomerCompanies(debounced.trim());
  return (
    <Select
      label={t('customerPicker.label')}
      placeholder={t('customerPicker.placeholder')}
      data={(companies.data ?? []).map((company) => ({ value: company._id, label: company.name }))}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={companies.isFetching ? t('customerPicker.searching') : t('customerPicker.noCompanies')}
      maw={420}
      data-testid={testId}
    />
  );
}
