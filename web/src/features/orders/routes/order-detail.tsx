import { Button, Container, Group, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorState, NotFoundState } from '../../../components/StatusState';
import { ApiError } from '../../../lib/api-client';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/languages';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/use-format';
import { useOrder } from '../api/get-order';
import { EventsTable } from '../components/EventsTable';
import { StatusBadge } from '../components/StatusBadge';

/** order/:refId: the header, the tabs (only the quote request in this slice), the tab, and the events. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const { lang: langParam, refId = '' } = useParams();
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;
  const { data: order, error, isPending, refetch } = useOrder(refId);

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
        <Tabs value="quote-request" onChange={(value) => value === 'quote-request' && void navigate(tabBase)} keepMounted={false}>
          <Tabs.List aria-label={t('orders.detail.tabs.label')}>
            <Tabs.Tab value="quote-request">{t('orders.detail.tabs.quoteRequest')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Outlet context={order} />
        <EventsTable events={order.events ?? []} />
      </Stack>
    </Page>
  );
}
