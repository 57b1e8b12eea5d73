import { Text } from '@mantine/core';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { Section } from '../../../components/Section';
import type { OrderEvent } from '../api/get-order';
import { useEventColumns } from './useEventColumns';

/** What happened to the order, newest first; with `onShowAsOf`, each row can show the order as of that event. */
export function EventsTable({ events, onShowAsOf, toolbar }: { events: readonly OrderEvent[]; onShowAsOf?: (event: OrderEvent) => void; toolbar?: ReactNode }) {
  const { t } = useTranslation();
  const columns = useEventColumns(onShowAsOf);
  const data = useMemo(() => [...events].sort((a, b) => b.timestamp.localeCompare(a.timestamp)), [events]);
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    enableSorting: false,
    getRowId: (event, index) => event._id ?? `${event.event}-${event.timestamp}-${index}`,
  });

  return (
    <Section title={t('orders.detail.events')} id="order-events">
      {toolbar}
      <DataTable
        table={table}
        label={t('orders.detail.events')}
        minWidth={720}
        empty={<Text size="sm" c="dimmed">{t('orders.detail.noEvents')}</Text>}
        rowProps={(row) => ({ 'data-event': row.original.event, 'data-testid': 'event-row' })}
      />
    </Section>
  );
}
