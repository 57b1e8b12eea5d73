import { Badge, Button, Group, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { CUSTOMER_ACTIONS } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { ACCESS, can } from '../../../lib/session/access';
import type { Language } from '../../../lib/i18n/languages';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { useFormat } from '../../../lib/i18n/use-format';
import { tones, type Tone } from '../../../theme';
import { useActionRequired, type CustomerAction, type OrderListItemData } from '../api/home';

/** The tone of the status group each action belongs to (theme tones keep AA contrast). */
const ACTION_TONE: Record<CustomerAction, Tone> = {
  DECIDE_ON_OFFER: 'offer',
  ADD_PO_NUMBER: 'submitted',
  GIVE_FEEDBACK: 'done',
  FINISH_DRAFT: 'draft',
  FINISH_CHANGE: 'job',
};

function ActionBadge({ action }: { action: CustomerAction }) {
  const { t } = useTranslation();
  const tone = tones[ACTION_TONE[action]];
  return (
    <Badge
      variant="outline"
      styles={{
        root: {
          backgroundColor: tone.background,
          color: tone.color,
          borderColor: tone.border,
          textTransform: 'none',
          fontWeight: 600,
          minWidth: 'max-content',
        },
      }}
    >
      {t(`home.actions.${action}`)}
    </Badge>
  );
}

/** Offers first (the soonest expiry first): they are the ones that can be lost by waiting. */
function byUrgency(a: OrderListItemData, b: OrderListItemData): number {
  const expiry = (o: OrderListItemData) => (o.offerExpiresAt ? Date.parse(o.offerExpiresAt) : Number.POSITIVE_INFINITY);
  return expiry(a) - expiry(b) || (a.updatedAt ?? '').localeCompare(b.updatedAt ?? '');
}

function ActionRow({ order, lang }: { order: OrderListItemData; lang: Language }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const open = () => void navigate(paths.order(lang, order.refId));
  return (
    <Table.Tr className="onsite-clickable-row" onClick={open} data-testid={`action-${order.refId}`}>
      <Table.Td>
        <Link to={paths.order(lang, order.refId)} onClick={(event) => event.stopPropagation()}>
          {order.refId}
        </Link>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {(order.actionRequired ?? []).map((action) => (
            <ActionBadge key={action} action={action} />
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <OrderStatusBadge status={order.status} />
      </Table.Td>
      <Table.Td>{order.locationName ?? order.city ?? '—'}</Table.Td>
      <Table.Td>{order.offerExpiresAt ? t('home.expires', { when: format.dateTime(order.offerExpiresAt) }) : format.date(order.updatedAt)}</Table.Td>
    </Table.Tr>
  );
}

/** A signed-in customer's home: what waits for them, counted and listed, each row opening its order. */
export function Overview({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const waiting = useActionRequired(Boolean(profile));
  const items = [...(waiting.data?.items ?? [])].sort(byUrgency);
  const count = (action: CustomerAction) => items.filter((o) => o.actionRequired?.includes(action)).length;
  const mayBrowse = profile ? can(ACCESS.servicePortfolio, profile) : false;

  return (
    <Page
      title={t('home.overview.title', { name: profile?.firstName ?? '' })}
      documentTitle={t('home.overview.documentTitle')}
      actions={
        <>
          <Button component={Link} to={paths.myServiceOrders(lang)} variant="default">
            {t('home.overview.allOrders')}
          </Button>
          {mayBrowse ? (
            <Button component={Link} to={paths.servicePortfolio(lang)}>
              {t('home.overview.browse')}
            </Button>
          ) : null}
        </>
      }
    >
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {CUSTOMER_ACTIONS.map((action) => (
          <Paper key={action} withBorder p="md" radius="md" data-testid={`count-${action}`}>
            <Text size="sm" c="dimmed">
              {t(`home.actions.${action}`)}
            </Text>
            {waiting.isPending ? (
              <Skeleton h={28} w={32} mt={4} />
            ) : (
              <Text fw={700} fz="xl">
                {count(action)}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('home.overview.tableTitle')}
        </Title>
        {waiting.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} h={36} />
            ))}
          </Stack>
        ) : waiting.isError ? (
          <ErrorState
            title={t('home.overview.error')}
            description={t('home.overview.errorText')}
            action={{ label: t('actions.retry'), onClick: () => void waiting.refetch() }}
          />
        ) : items.length === 0 ? (
          <EmptyListState
            title={t('home.overview.emptyTitle')}
            description={t('home.overview.emptyText')}
            action={
              mayBrowse
                ? { label: t('home.overview.browse'), to: paths.servicePortfolio(lang) }
                : { label: t('home.overview.allOrders'), to: paths.myServiceOrders(lang) }
            }
          />
        ) : (
          <Paper withBorder radius="md">
            <ScrollArea type="auto">
              <Table highlightOnHover stickyHeader miw={720} data-testid="action-required">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('home.columns.reference')}</Table.Th>
                    <Table.Th>{t('home.columns.action')}</Table.Th>
                    <Table.Th>{t('home.columns.status')}</Table.Th>
                    <Table.Th>{t('home.columns.location')}</Table.Th>
                    <Table.Th>{t('home.columns.when')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((order) => (
                    <ActionRow key={order._id} order={order} lang={lang} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Paper>
        )}
      </Stack>
    </Page>
  );
}
