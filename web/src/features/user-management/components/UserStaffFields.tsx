import { Checkbox, MultiSelect, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTRY_OPTIONS_KEY } from '../../../lib/i18n/country-options';
import type { UserFormState } from './use-user-form';

/**
 * What only staff set: an OEM user's dashboard access, countries to order for and dashboard tags; a staff user's
 * countries filter.
 */
export function UserStaffFields({ staff, companyType, values: v, form, error }: Pick<UserFormState, 'staff' | 'companyType' | 'values' | 'form' | 'error'>) {
  const { t } = useTranslation();
  // MANAGEMENT forces dashboard access on; only staff editing an OEM user choose it otherwise.
  const dashboardEditable = staff && companyType === 'OEM' && v.role !== 'MANAGEMENT';
  const countries = COUNTRY_OPTIONS_KEY.map((code) => ({ value: code, label: t(`countries.${code}`) }));
  return (
    <>
      {staff && companyType === 'OEM' ? (
        <Checkbox
          label={t('users.fields.dashboardAccess')}
          checked={v.role === 'MANAGEMENT' ? true : v.hasKibanaAccess}
          disabled={!dashboardEditable}
          onChange={(e) => form.setValue('hasKibanaAccess', e.currentTarget.checked)}
          data-testid="dashboard-access"
        />
      ) : null}
      {staff && companyType === 'BL' ? (
        <MultiSelect
          label={t('users.fields.countriesFilter')}
          description={t('users.dialog.countriesFilterHint')}
          data={countries}
          value={v.countriesFilter}
          onChange={(countriesFilter) => form.setValue('countriesFilter', countriesFilter)}
          searchable
        />
      ) : null}
      {staff && companyType === 'OEM' ? (
        <>
          <MultiSelect
            label={t('users.fields.countriesToOrder')}
            description={t('users.dialog.countriesToOrderHint')}
            data={countries}
            value={v.countriesToOrder}
            onChange={(countriesToOrder) => form.setValue('countriesToOrder', countriesToOrder)}
            error={error('countriesToOrder')}
            searchable
            data-testid="countries-to-order"
          />
          <TagsInput
            label={t('users.fields.dashboardTags')}
            description={t('users.dialog.dashboardTagsHint')}
            value={v.dashboardTags}
            onChange={(dashboardTags) => form.setValue('dashboardTags', dashboardTags)}
            error={error('dashboardTags')}
            clearable
            data-testid="dashboard-tags"
          />
        </>
      ) : null}
    </>
  );
}
