import { Button } from '@mantine/core';
import { use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconPlus } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { ACCESS, can } from '../../../lib/session/access';
import { useLanguage } from '../../../lib/i18n/use-language';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { statusFilterFor } from '../components/order-status';
import { OrderList } from '../components/OrderList';
import { firstListsAskedEarly } from './early-requests';

/**
 * The first visit of the page the server drew: the page waits for its lists' first answers, asked for early (the
 * server's page shows until then), so the console draws the list with them in its first commit (D103).
 */
let firstLists = firstListsAskedEarly()?.finally(() => {
  firstLists = undefined;
});

export function Component() {
  if (firstLists) use(firstLists);
  const { t } = useTranslation();
  const lang = useLanguage();
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
