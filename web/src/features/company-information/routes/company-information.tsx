import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/Page';
import { ErrorState, NotFoundState } from '../../../components/StatusState';
import { ApiError } from '../../../lib/api/api-client';
import { mayChange } from '../../../lib/session/access';
import { useLanguage } from '../../../lib/i18n/use-language';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { useCompany } from '../api/company';
import { BillingAddresses } from '../components/BillingAddresses';
import { CompanyForm, CompanyTags } from '../components/CompanyForm';

export function Component() {
  const { t } = useTranslation();
  const { uid: uidParam } = useParams();
  const lang = useLanguage();
  const profile = useProfile();
  const staff = profile?.type === 'BL' && !profile.blUser;
  // A read-only role (the auditor) sees the company as it is, with nothing to save, add or delete.
  const readOnly = !mayChange(profile);
  // Without a uid: the user's own company (the menu links with it).
  const uid = uidParam ?? profile?.company?.uid ?? undefined;
  const company = useCompany(uid);

  return (
    <Page title={company.data ? company.data.name : t('page.titles.companyInformation')} documentTitle={t('page.titles.companyInformation')} width="form">
      {company.isPending ? (
        <Stack gap="lg">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={180} radius="md" />
          ))}
        </Stack>
      ) : company.isError ? (
        company.error instanceof ApiError && company.error.code === 'not_found' ? (
          <NotFoundState
            title={t('companyInfo.notFound.title')}
            description={t('companyInfo.notFound.text')}
            action={staff ? { label: t('companies.title'), to: paths.companies(lang) } : undefined}
          />
        ) : (
          <ErrorState
            title={t('companyInfo.loadError.title')}
            description={t('companyInfo.loadError.text')}
            action={{ label: t('actions.retry'), onClick: () => void company.refetch() }}
          />
        )
      ) : (
        <Stack gap="lg">
          {/* A fresh form per company version, so a save or another tab's change shows. */}
          <CompanyForm key={company.data.updatedAt} company={company.data} staff={staff} readOnly={readOnly} />
          <BillingAddresses company={company.data} readOnly={readOnly} />
          <CompanyTags company={company.data} staff={staff && !readOnly} />
        </Stack>
      )}
    </Page>
  );
}
