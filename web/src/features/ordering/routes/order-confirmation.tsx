import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { IconCheck } from '../../../components/icons';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorState } from '../../../components/StatusState';
import { useLanguage } from '../../../lib/i18n/use-language';
import { paths } from '../../../lib/paths';
import { useSavedOrder } from '../api/ordering';

/** order-confirmation?refId=: what was sent, and what happens next. */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const refId = params.get('refId');
  const order = useSavedOrder(refId);
  if (refId && order.isPending) return <PageSkeleton />;
  if (!refId || order.isError || !order.data) {
    return (
      <Page title={t('page.titles.orderConfirmation')}>
        <ErrorState
          title={t('ordering.confirmation.unknown')}
          description={t('ordering.resume.hint')}
          action={{ label: t('ordering.resume.toOrders'), onClick: () => window.location.assign(paths.myServiceOrders(lang)) }}
        />
      </Page>
    );
  }
  const direct = order.data.status === 'ORDER_SUBMITTED';
  const what = direct ? 'order' : 'quote';
  return (
    <Page title={t('page.titles.orderConfirmation')} width="form">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="order-confirmation">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon color="teal" size={44} radius="xl" variant="light" aria-hidden>
              <IconCheck size={26} />
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={2} size="h3">
                {t(`ordering.confirmation.title.${what}`)}
              </Title>
              <Group gap="xs">
                <Text fw={600} data-testid="confirmation-ref">
                  {order.data.refId}
                </Text>
                <OrderStatusBadge status={order.data.status} />
              </Group>
            </Stack>
          </Group>
          <Stack gap="xs">
            <Text fw={600}>{t('ordering.confirmation.next')}</Text>
            <List spacing={6} size="sm">
              <List.Item>{t(`ordering.confirmation.steps.${what}.first`)}</List.Item>
              <List.Item>{t(`ordering.confirmation.steps.${what}.second`)}</List.Item>
              <List.Item>{t('ordering.confirmation.steps.updates')}</List.Item>
            </List>
          </Stack>
          <Group gap="sm">
            <Button component={Link} to={paths.order(lang, order.data.refId)} data-testid="confirmation-open-order">
              {t('ordering.confirmation.openOrder')}
            </Button>
            <Button component={Link} to={paths.myServiceOrders(lang)} variant="default">
              {t('ordering.confirmation.myOrders')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Page>
  );
}
