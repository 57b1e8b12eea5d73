import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { createColumnHelper, getCoreRowModel, useReactTable, type CellContext } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';
import { ErrorState } from '../../../components/StatusState';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/i18n/languages';
import { useLanguage } from '../../../lib/i18n/use-language';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/i18n/use-format';
import { PAGE, useWorkQueue, type WorkItem, type WorkQueueName } from '../api/work-queue';

type Cell = CellContext<WorkItem, unknown>;

function RefCell({ row }: Cell) {
  const { lang } = useParams();
  return (
    <Anchor
      component={Link}
      to={paths.order(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, row.original.refId)}
      fw={600}
      size="sm"
      onClick={(e) => e.stopPropagation()}
    >
      {row.original.refId}
    </Anchor>
  );
}
const StatusCell = ({ row }: Cell) => <OrderStatusBadge status={row.original.status} />;
function CustomerCell({ row }: Cell) {
  return (
    <>
      <Text size="sm">{row.original.customerName}</Text>
      {row.original.endCustomerName ? (
        <Text size="xs" c="dimmed">
          {row.original.endCustomerName}
        </Text>
      ) : null}
    </>
  );
}
function PlaceCell({ row }: Cell) {
  const { t } = useTranslation();
  const { city, country } = row.original;
  return <Text size="sm">{[city, country ? t(`countries.${country}`, { defaultValue: country }) : null].filter(Boolean).join(', ') || '–'}</Text>;
}

/** The date that makes a row urgent in its queue. */
const KEY_DATE: Record<WorkQueueName, { field: 'requestedAt' | 'offerExpiresAt' | 'firstStart' | 'windowStart' | 'updatedAt'; local: boolean }> = {
  quoteRequests: { field: 'requestedAt', local: false },
  expiringOffers: { field: 'offerExpiresAt', local: false },
  failedExports: { field: 'firstStart', local: true },
  jobsThisWeek: { field: 'windowStart', local: true },
  changeRequests: { field: 'updatedAt', local: false },
};

const column = createColumnHelper<WorkItem>();

/** One queue of the personal page: a title with the count, and the orders, each opening the order. */
export function WorkQueueSection({ name }: { name: WorkQueueName }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const format = useFormat();
  const queue = useWorkQueue(name);
  const key = KEY_DATE[name];
  const columns = useMemo(
    () => [
      column.accessor('refId', { id: 'refId', header: t('fields.reference'), cell: RefCell, enableSorting: false, meta: { nowrap: true } }),
      column.accessor('status', { id: 'status', header: t('fields.status'), cell: StatusCell, enableSorting: false, meta: { nowrap: true } }),
      column.accessor('customerName', { id: 'customer', header: t('fields.customer'), cell: CustomerCell, enableSorting: false }),
      column.accessor('city', { id: 'place', header: t('fields.location'), cell: PlaceCell, enableSorting: false }),
      column.accessor(key.field, {
        id: 'date',
        header: t(`personalPage.dates.${name}`),
        cell: ({ getValue }) => <Text size="sm">{(key.local ? format.localDateTime : format.dateTime)(getValue() as string | null) || '–'}</Text>,
        enableSorting: false,
        meta: { nowrap: true },
      }),
    ],
    [t, name, key, format],
  );
  // The same array until the data change: a new one each render made the table reset its page index, render again and
  // keep React so busy that a navigation away from this page never finished.
  const rows = useMemo(() => queue.data?.items.slice(0, PAGE) ?? [], [queue.data]);
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, getRowId: (o) => o._id });
  const headingId = `queue-${name}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId} data-testid={`queue-${name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Title order={2} size="h4" id={headingId}>
              {t(`personalPage.queues.${name}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`personalPage.queues.${name}.text`)}
            </Text>
          </Stack>
          {queue.data ? (
            <Badge size="lg" variant="outline" color="gray.8" data-testid="queue-count">
              {format.number(queue.data.total)}
            </Badge>
          ) : null}
        </Group>
        {queue.isError ? (
          <ErrorState
            title={t('personalPage.loadError')}
            description={t('orderHistory.loadError.text')}
            action={{ label: t('actions.retry'), onClick: () => void queue.refetch() }}
          />
        ) : queue.data?.items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="queue-empty">
            {t(`personalPage.queues.${name}.empty`)}
          </Text>
        ) : (
          <DataTable
            table={table}
            label={t(`personalPage.queues.${name}.title`)}
            loading={queue.isPending}
            skeletonRows={3}
            minWidth={760}
            onRowClick={(row) => void navigate(paths.order(lang, row.original.refId))}
            rowProps={(row) => ({ 'data-testid': 'work-row', 'data-ref-id': row.original.refId })}
          />
        )}
        {queue.data && queue.data.total > PAGE ? (
          <Text size="xs" c="dimmed">
            {t('personalPage.more', { count: queue.data.total - PAGE })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
