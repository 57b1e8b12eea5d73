import { Button, Container, Group, Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorState, NotFoundState } from '../../../components/StatusState';
import { CollapsingTabs } from '../../../components/widgets';
import { ApiError } from '../../../lib/api/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { actorOf } from '../../../lib/session/actor';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { useFormat } from '../../../lib/i18n/use-format';
import { isAllowedIn } from '@onsite/domain';
import { useOrder, type Order } from '../api/get-order';
import { DecisionNote } from '../components/DecisionNote';
import { EventsTable } from '../components/EventsTable';
import { CustomerActions } from '../components/order/CustomerActions';
import { StaffActions } from '../components/staff-actions/StaffActions';
import { InternalBlock } from '../components/staff-actions/InternalBlock';
import { EvidencePackButtons } from '../components/EvidencePackButtons';
import { HistoricalBanner } from '../components/HistoricalBanner';
import { StatusBadge } from '../components/StatusBadge';

type Tab = 'request' | 'offer' | 'order' | 'job-information' | 'job-results' | 'invoice' | 'feedback';
const TAB_LABEL: Readonly<Record<Tab, string>> = {
  request: 'orders.detail.tabs.quoteRequest',
  offer: 'orders.detail.tabs.offer',
  order: 'orders.detail.tabs.order',
  'job-information': 'orders.detail.tabs.jobInformation',
  'job-results': 'orders.detail.tabs.jobResults',
  invoice: 'orders.detail.tabs.invoice',
  feedback: 'orders.detail.tabs.feedback',
};

/**
 * The tabs an order has: the quote request always, the offer once one was made, the order once it was accepted
 * (PO and billing address), the job once it exists, its results once it has an outcome, the invoice once billed
 * (D217), feedback once it may be given or was given. No tab is ever empty.
 */
function tabsOf(order: Order): Tab[] {
  return [
    'request',
    ...(order.offers.length > 0 ? (['offer'] as const) : []),
    ...(order.po || order.billingAddress ? (['order'] as const) : []),
    ...(order.job ? (['job-information'] as const) : []),
    ...(order.jobResult?.outcome ? (['job-results'] as const) : []),
    ...(order.invoice ? (['invoice'] as const) : []),
    ...(order.feedback.length > 0 || isAllowedIn('SaveFeedback', order.status) ? (['feedback'] as const) : []),
  ];
}

/** The tab the URL names (the last path segment), else the quote request. */
function tabOf(pathname: string): Tab {
  const last = pathname.replace(/\/$/, '').split('/').at(-1) ?? '';
  return (Object.keys(TAB_LABEL) as Tab[]).find((tab) => tab === last) ?? 'request';
}

/** order/:refId: the header, the tabs the order has, the tab, and the events. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const { refId = '' } = useParams();
  const lang = useLanguage();
  // Time travel (D16): `?asOfEvent=<event id>` (or `?asOf=<instant>`) shows the order as it was then, folded from its events.
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
  const profile = useProfile();
  // Staff come from (and go back to) the order history, customers their service orders.
  const staffSide = profile?.type === 'BL' && !profile.blUser;
  const back = staffSide
    ? { to: paths.orderHistory(lang), label: 'actions.backToHistory' }
    : { to: paths.myServiceOrders(lang), label: 'actions.backToOrders' };

  if (isPending) return <PageSkeleton blocks={3} />;

  if (error || !order) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
    return (
      <Container size="sm" py="xl">
        {missing ? (
          <NotFoundState
            title={t('orders.detail.notFound.title')}
            description={t('orders.detail.notFound.text', { refId })}
            action={{ label: t(back.label), to: back.to }}
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
  const current = tabOf(pathname);
  // A tab the order does not have (yet, or at the moment shown): its first tab, rather than an empty page.
  if (!tabs.includes(current)) return <Navigate to={{ pathname: tabBase, search: asOf ? `?${search.toString()}` : '' }} replace />;
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
        <Group gap="sm">
          {order.historical ? null : <CustomerActions order={order} actor={actorOf(profile)} onReload={() => void refetch()} />}
          {order.historical ? null : <StaffActions order={order} actor={actorOf(profile)} onReload={() => void refetch()} />}
          <Button component={Link} to={back.to} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t(back.label)}
          </Button>
        </Group>
      }
    >
      <Stack gap="lg">
        {order.historical ? <HistoricalBanner historical={order.historical} onBackToNow={() => setSearch({})} /> : null}
        <DecisionNote order={order} staff={staffSide} />
        <CollapsingTabs
          label={t('orders.detail.tabs.label')}
          value={current}
          onChange={(value) => void navigate({ pathname: value === 'request' ? tabBase : `${tabBase}/${value}`, search: asOf ? `?${search.toString()}` : '' })}
          tabs={tabs.map((tab) => ({ value: tab, label: t(TAB_LABEL[tab]) }))}
        />
        <Outlet context={{ order, reload: () => void refetch(), historical: Boolean(order.historical) }} />
        {order.historical ? null : <InternalBlock order={order} actor={actorOf(profile)} onReload={() => void refetch()} />}
        <EventsTable
          events={order.events ?? []}
          staff={staffSide}
          onShowAsOf={showAsOf}
          toolbar={<EvidencePackButtons refId={order.refId} events={order.events ?? []} />}
        />
      </Stack>
    </Page>
  );
}
