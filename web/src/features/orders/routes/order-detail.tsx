import { Button, Container, Group, Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorState, NotFoundState } from '../../../components/StatusState';
import { CollapsingTabs } from '../../../components/widgets';
import { ApiError } from '../../../lib/api-client';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/languages';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/use-format';
import { useOrder } from '../api/get-order';
import { EventsTable } from '../components/EventsTable';
import { EvidencePackButtons } from '../components/EvidencePackButtons';
import { HistoricalBanner } from '../components/HistoricalBanner';
import { StatusBadge } from '../components/StatusBadge';

/** The tabs an order has: the quote request always, the offer once one was made. */
function tabsOf(order: { offers: readonly unknown[] }): ('request' | 'offer')[] {
  return ['request', ...(order.offers.length > 0 ? (['offer'] as const) : [])];
}

/** order/:refId: the header, the tabs the order has, the tab, and the events. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const { lang: langParam, refId = '' } = useParams();
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;
  // Time travel (issue 16): `?asOfEvent=<event id>` (or `?asOf=<instant>`) shows the order as it was then, folded from its events.
  const [search, setSearch] = useSearchParams();
  const asOfEventId = search.get('asOfEvent');
  const asOfInstant = search.get('asOf');
  const asOf = asOfEventId ?? asOfInstant;
  const moment = useMemo(() => (asOfEventId ? { asOfEventId } : asOfInstant ? { asOf: asOfInstant } : null), [asOfEventId, asOfInstant]);
  const showAsOf = useCallback(
    (event: { _id?: string | null; timestamp: string }) => setSearch(event._id ? { asOfEvent: event._id } : { asOf: event.timestamp }),
    [setSearch],
  );
  const { data: order, error, isPending, refetch } = useOrder(refId, moment);
  const { pathname } = useLocation();

  if (isPending) return <PageSkeleton blocks={3} />;

  if (error || !order) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
    return (
      <Container size="sm" py="xl">
        {missing ? (
          <NotFoundState
            title={t('orders.detail.notFound.title')}
            description={t('orders.detail.notFound.text', { refId })}
            action={{ label: t('actions.backToOrders'), to: paths.myServiceOrders(lang) }}
          />
        ) : (
          <ErrorState
            title={t('orders.detail.loadError.title')}
            description={t('orders.detail.loadError.text')}
            action={{ label: t('actions.retry'), onClick: () => void refetch() }}
          />
        )}
      </Container>
    );
  }

  const tabBase = paths.order(lang, order.refId);
  const tabs = tabsOf(order);
  const current = pathname.replace(/\/$/, '').endsWith('/offer') ? 'offer' : 'request';
  return (
    <Page
      title={order.refId}
      documentTitle={order.refId}
      meta={
        <Group gap="md" wrap="wrap">
          <StatusBadge status={order.status} size="lg" />
          {order.requestedAt ? (
            <Text size="sm" c="dimmed">
              {t('orders.detail.requestedOn', { date: format.dateTime(order.requestedAt) })}
            </Text>
          ) : null}
        </Group>
      }
      actions={
        <Button component={Link} to={paths.myServiceOrders(lang)} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t('actions.backToOrders')}
        </Button>
      }
    >
      <Stack gap="lg">
        {order.historical ? <HistoricalBanner historical={order.historical} onBackToNow={() => setSearch({})} /> : null}
        <CollapsingTabs
          label={t('orders.detail.tabs.label')}
          value={tabs.includes(current) ? current : 'request'}
          onChange={(value) => void navigate({ pathname: value === 'request' ? tabBase : `${tabBase}/${value}`, search: asOf ? `?${search.toString()}` : '' })}
          tabs={tabs.map((tab) => ({ value: tab, label: t(tab === 'request' ? 'orders.detail.tabs.quoteRequest' : `orders.detail.tabs.${tab}`) }))}
        />
        <Outlet context={{ order, reload: () => void refetch(), historical: Boolean(order.historical) }} />
        <EventsTable events={order.events ?? []} onShowAsOf={showAsOf} toolbar={<EvidencePackButtons refId={order.refId} events={order.events ?? []} />} />
      </Stack>
    </Page>
  );
}
