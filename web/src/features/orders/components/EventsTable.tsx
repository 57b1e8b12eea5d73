import { Text } from '@mantine/core';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { Section } from '../../../components/Section';
import type { OrderEvent } from '../api/get-order';
import { useEventColumns } from './useEventColumns';

/**
 * What happened to the order, newest first, with what people wrote (`staff`: the viewer is staff, who also read the
 * internal comments); with `onShowAsOf`, each row can show the order as of that event.
 */
export function EventsTable({
  events,
  staff = false,
  onShowAsOf,
  toolbar,
}: {
  events: readonly OrderEvent[];
  staff?: boolean;
  onShowAsOf?: (event: OrderEvent) => void;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const columns = useEventColumns(staff, onShowAsOf);
  // The api lists the events in the order of the order's stream: newest first is that order reversed. Never sorted by
  // time: events of the same instant (or shown to the same minute) keep the order in which they happened.
  const data = useMemo(() => [...events].reverse(), [events]);
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
        empty={
          <Text size="sm" c="dimmed">
            {t('orders.detail.noEvents')}
          </Text>
        }
        rowProps={(row) => ({ 'data-event': row.original.event, 'data-testid': 'event-row' })}
      />
    </Section>
  );
}
