import { Box, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { flexRender, type Header, type Row, type Table as TableModel } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useLingering } from '../lib/use-after-paint';
import { useTranslation } from 'react-i18next';
import { IconArrowDown, IconArrowUp, IconSelector } from './icons';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** Right-aligned, tabular figures (numbers and money). */
    numeric?: boolean;
    /** Keeps the cell on one line (dates, references). */
    nowrap?: boolean;
  }
}

export interface DataTableProps<T> {
  table: TableModel<T>;
  /** Accessible name of the table. */
  label: string;
  loading?: boolean;
  skeletonRows?: number;
  /** Shown instead of the rows when there are none. */
  empty?: ReactNode;
  /** Row click opens the detail; keyboard users reach it through a link inside the row. */
  onRowClick?: (row: Row<T>) => void;
  rowProps?: (row: Row<T>) => Record<`data-${string}`, string>;
  minWidth?: number;
  /** The scroll area height; the header stays visible while the rows scroll. */
  maxHeight?: string;
}

function SortableHeader<T>({ header }: { header: Header<T, unknown> }) {
  const { t } = useTranslation();
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <>{content}</>;
  const sorted = header.column.getIsSorted();
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconSelector;
  return (
    <UnstyledButton
      onClick={header.column.getToggleSortingHandler()}
      fw={600}
      fz="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      title={t(sorted === 'asc' ? 'table.sortDescending' : 'table.sortAscending')}
    >
      {content}
      <Icon size={14} />
    </UnstyledButton>
  );
}

/** A @tanstack/react-table model drawn as a Mantine table: sticky header, horizontal scroll on phones. */
export function DataTable<T>({ table, label, loading = false, skeletonRows = 5, empty, onRowClick, rowProps, minWidth = 760, maxHeight }: DataTableProps<T>) {
  const columns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  const skeleton = useLingering(loading);

  return (
    <>
      {/* Focusable, so keyboard users can scroll a table that is wider than a phone screen. */}
      <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight} type="native" tabIndex={0} role="region" aria-label={label}>
        <Table stickyHeader highlightOnHover={Boolean(onRowClick)} aria-label={label} aria-busy={loading || undefined}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.Th
                      key={header.id}
                      className={header.column.columnDef.meta?.numeric ? 'onsite-num' : undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      scope="col"
                    >
                      {header.isPlaceholder ? null : <SortableHeader header={header} />}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          {skeleton ? (
            // Its own body, hidden (not removed) when the rows arrive: the browser drops its boxes in its next frame,
            // and the body leaves the page after that frame (D77).
            <Table.Tbody style={loading ? undefined : { display: 'none' }}>
              {Array.from({ length: skeletonRows }, (_, index) => (
                <Table.Tr key={`skeleton-${index}`} data-testid="skeleton-row">
                  {columns.map((column) => (
                    <Table.Td key={column.id}>
                      <Skeleton height={14} my={4} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          ) : null}
          {loading ? null : (
            // Inserted whole, with its rows: one insertion into the page instead of one per row.
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  className={onRowClick ? 'onsite-clickable-row' : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  {...rowProps?.(row)}
                >
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const className = [meta?.numeric ? 'onsite-num' : '', meta?.nowrap ? 'onsite-nowrap' : ''].join(' ').trim();
                    return (
                      <Table.Td key={cell.id} className={className || undefined}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          )}
        </Table>
      </Table.ScrollContainer>
      {/* Outside the scroll area, so the message stays centred on a phone. */}
      {!loading && rows.length === 0 && empty ? <Box p="md">{empty}</Box> : null}
    </>
  );
}
