import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { IconPlus } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { ACCESS, can } from '../../../lib/access';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/languages';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session';
import { statusFilterFor } from '../components/order-status';
import { OrderList } from '../components/OrderList';

export function Component() {
  const { t } = useTranslation();
  const { lang: langParam } = useParams();
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;
  const profile = useProfile();
  const { options, defaults } = useMemo(() => statusFilterFor(profile?.type), [profile?.type]);
  const requestQuotePath = can(ACCESS.orderForm, profile) ? paths.orderForm(lang) : undefined;

  return (
    <Page
      title={t('orders.list.title')}
      actions={
        requestQuotePath ? (
          <Button component={Link} to={requestQuotePath} leftSection={<IconPlus size={16} />}>
            {t('actions.requestQuote')}
          </Button>
        ) : null
      }
    >
      <OrderList lang={lang} statusOptions={options} defaultStatuses={defaults} requestQuotePath={requestQuotePath} />
    </Page>
  );
}
