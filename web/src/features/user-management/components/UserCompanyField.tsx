import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { companyLabel } from './use-company-choice';
import type { UserFormState } from './use-user-form';

/** Staff inviting a user: the company, searched by name (choosing another clears the role). */
export function UserCompanyField({ company, values, form, error }: Pick<UserFormState, 'company' | 'values' | 'form' | 'error'>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('users.fields.company')}
      required
      searchable
      searchValue={company.search}
      onSearchChange={company.setSearch}
      data={company.choices.map((c) => ({ value: c._id, label: companyLabel(c, t) }))}
      value={values.companyId}
      onChange={(companyId) => {
        company.setChosen(company.choices.find((c) => c._id === companyId) ?? null);
        form.setValues({ companyId, role: '' });
      }}
      error={error('companyId')}
      nothingFoundMessage={t('users.dialog.noCompany')}
    />
  );
}
