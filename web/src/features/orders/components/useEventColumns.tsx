import { Button, Text } from '@mantine/core';
import { createColumnHelper, type CellContext } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IconClock } from '../../../components/icons';
import { useFormat } from '../../../lib/i18n/use-format';
import type { OrderEvent } from '../api/get-order';
import { EventTexts } from './EventTexts';
import { StatusBadge } from './StatusBadge';

type Cell = CellContext<OrderEvent, unknown>;

function EventNameCell({ row }: Cell) {
  const { t } = useTranslation();
  const { event } = row.original;
  return (
    <Text size="sm" fw={500}>
      {t(`orderEvent.${event}`, { defaultValue: event })}
    </Text>
  );
}

function EventStatusCell({ row }: Cell) {
  return row.original.status ? <StatusBadge status={row.original.status} /> : null;
}

function TimestampCell({ row }: Cell) {
  const format = useFormat();
  return <Text size="sm">{format.dateTime(row.original.timestamp)}</Text>;
}

function AuthorCell({ row }: Cell) {
  const { t } = useTranslation();
  const { author, viaApiToken } = row.original;
  return (
    <Text size="sm">
      {author?.name ?? ''}
      {viaApiToken ? (
        <Text span size="xs" c="dimmed" display="block" data-testid="via-api-token">
          {t('orders.eventTexts.viaApiToken', { name: viaApiToken.name })}
        </Text>
      ) : null}
    </Text>
  );
}

function OnBehalfOfCell({ row }: Cell) {
  return <Text size="sm">{row.original.onBehalfOf?.name ?? ''}</Text>;
}

/** 'Show the order as of this event' (time travel): the order folded up to this event's instant. */
function AsOfCell({ row, showAsOf }: Cell & { showAsOf: (event: OrderEvent) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = t(`orderEvent.${row.original.event}`, { defaultValue: row.original.event });
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconClock size={14} />}
      onClick={() => showAsOf(row.original)}
      aria-label={t('audit.asOfEvent.label', { event: name, date: format.dateTime(row.original.timestamp) })}
      data-testid="show-as-of"
    >
      {t('audit.asOfEvent.button')}
    </Button>
  );
}

const column = createColumnHelper<OrderEvent>();

/** The events table's columns; with `showAsOf`, a last column steps the page back to the order as of each event. */
export function useEventColumns(staff: boolean, showAsOf?: (event: OrderEvent) => void) {
  const { t } = useTranslation();
  return useMemo(
    () => [
      column.accessor('event', { id: 'event', header: t('fields.event'), cell: EventNameCell }),
      column.accessor('status', { id: 'status', header: t('fields.status'), cell: EventStatusCell, meta: { nowrap: true } }),
      column.accessor('timestamp', { id: 'timestamp', header: t('fields.timestamp'), cell: TimestampCell, meta: { nowrap: true } }),
      column.accessor((event) => event.author?.name ?? '', { id: 'author', header: t('fields.author'), cell: AuthorCell }),
      column.accessor((event) => event.onBehalfOf?.name ?? '', { id: 'onBehalfOf', header: t('fields.onBehalfOf'), cell: OnBehalfOfCell }),
      column.display({ id: 'texts', header: t('orders.eventTexts.column'), cell: ({ row }) => <EventTexts event={row.original} staff={staff} size="xs" /> }),
      ...(showAsOf
        ? [
            column.display({
              id: 'asOf',
              header: t('audit.asOfEvent.header'),
              cell: (cell) => <AsOfCell {...cell} showAsOf={showAsOf} />,
              meta: { nowrap: true },
            }),
          ]
        : []),
    ],
    [t, staff, showAsOf],
  );
}
