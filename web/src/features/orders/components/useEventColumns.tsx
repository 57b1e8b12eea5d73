import { Text } from '@mantine/core';
import { createColumnHelper, type CellContext } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import type { OrderEvent } from '../api/get-order';
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
  return <Text size="sm">{row.original.author?.name ?? ''}</Text>;
}

function OnBehalfOfCell({ row }: Cell) {
  return <Text size="sm">{row.original.onBehalfOf?.name ?? ''}</Text>;
}

const column = createColumnHelper<OrderEvent>();

export function useEventColumns() {
  const { t } = useTranslation();
  return useMemo(
    () => [
      column.accessor('event', { id: 'event', header: t('fields.event'), cell: EventNameCell }),
      column.accessor('status', { id: 'status', header: t('fields.status'), cell: EventStatusCell, meta: { nowrap: true } }),
      column.accessor('timestamp', { id: 'timestamp', header: t('fields.timestamp'), cell: TimestampCell, meta: { nowrap: true } }),
      column.accessor((event) => event.author?.name ?? '', { id: 'author', header: t('fields.author'), cell: AuthorCell }),
      column.accessor((event) => event.onBehalfOf?.name ?? '', { id: 'onBehalfOf', header: t('fields.onBehalfOf'), cell: OnBehalfOfCell }),
    ],
    [t],
  );
}
