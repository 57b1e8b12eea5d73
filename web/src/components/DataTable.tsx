import { Box, Group, NativeSelect, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { flexRender, type Header, type Row, type Table as TableModel } from '@tanstack/react-table';
import { Fragment, type ReactNode } from 'react';
import { useLingering } from '../lib/use-after-paint';
import { useTranslation } from 'react-i18next';
import { ColumnChooser, choosableColumns, columnLabel } from './ColumnChooser';
import { IconArrowDown, IconArrowUp, IconSelector } from './icons';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** Right-aligned, tabular figures (numbers and money). */
    numeric?: boolean;
    /** Keeps the cell on one line (dates, references). */
    nowrap?: boolean;
    /** How much the column matters when space is short (D196): 'essential' always shows, 'optional' starts hidden. */
    priority?: 'essential' | 'optional';
    /** About how wide the column needs to be, in px: the table's minimum width is the sum over the shown columns. */
    width?: number;
    /** Its place in a row's card at phone width (D196); a column without one is a 'label: value' line. */
    card?: 'title' | 'badge' | 'leading' | 'actions';
    /** Its name where the header is no plain text (the column chooser, the card's labels). */
    label?: string;
  }
}

/** Below Mantine's `sm` breakpoint (48em, 768 px) a list's rows are cards (D196). */
const PHONE_QUERY = '(max-width: 47.99em)';
/** A column's width in the table's minimum width when it names none. */
const DEFAULT_COLUMN_WIDTH = 120;

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
  /** The table's minimum width; without it, the sum of the shown columns' `meta.width`. */
  minWidth?: number;
  /** A column chooser above the table (D196); the page keeps the visibility with useColumnVisibility. */
  columnChooser?: boolean;
  /** Below 768 px each row is a card instead of a table row, sorted through a select (D196). */
  cards?: boolean;
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

/** The sort order of a list drawn as cards, which has no column headers to click (D196). */
function CardSort<T>({ table }: { table: TableModel<T> }) {
  const { t } = useTranslation();
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  if (sortable.length === 0) return null;
  const current = table.getState().sorting[0];
  const value = current ? `${current.id}:${current.desc ? 'desc' : 'asc'}` : '';
  const data = [
    ...(current ? [] : [{ value: '', label: t('table.sort.default') }]),
    ...sortable.flatMap((column) => [
      { value: `${column.id}:asc`, label: t('table.sort.ascending', { column: columnLabel(column) }) },
      { value: `${column.id}:desc`, label: t('table.sort.descending', { column: columnLabel(column) }) },
    ]),
  ];
  return (
    <NativeSelect
      size="xs"
      label={t('table.sort.label')}
      value={value}
      data={data}
      onChange={(event) => {
        const [id, direction] = event.currentTarget.value.split(':');
        table.setSorting(id ? [{ id, desc: direction === 'desc' }] : []);
      }}
      data-testid="card-sort"
    />
  );
}

/** A field whose value is an empty list (no tags) says so on a card, as a '–', rather than showing a bare label. */
const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

interface RowsProps<T> {
  table: TableModel<T>;
  label: string;
  loading: boolean;
  skeletonRows: number;
  onRowClick?: (row: Row<T>) => void;
  rowProps?: (row: Row<T>) => Record<`data-${string}`, string>;
}

/** One card per row: the title (reference) and badge (status) on top, then the other shown columns as label and value. */
function RowCards<T>({ table, label, loading, skeletonRows, onRowClick, rowProps }: RowsProps<T>) {
  const rows = table.getRowModel().rows;
  return (
    <Box component="ul" className="onsite-cards" aria-label={label} aria-busy={loading || undefined}>
      {loading
        ? Array.from({ length: skeletonRows }, (_, index) => (
            <li key={`skeleton-${index}`} className="onsite-card" data-testid="skeleton-row">
              <Skeleton height={16} width="45%" mb={10} />
              <Skeleton height={12} mb={6} />
              <Skeleton height={12} width="70%" />
            </li>
          ))
        : rows.map((row) => {
            const cells = row.getVisibleCells();
            const place = (role: string) => cells.filter((cell) => cell.column.columnDef.meta?.card === role);
            // Each in a box of its own, so a cell of several lines (a name above its e-mail) keeps them together.
            const draw = (cell: (typeof cells)[number]) => <div key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>;
            const fields = cells.filter((cell) => !cell.column.columnDef.meta?.card);
            const actions = place('actions');
            return (
              // Like a table row: a click opens the row, keyboard users reach it through the link in its title.
              <Box
                component="li"
                key={row.id}
                className={onRowClick ? 'onsite-card onsite-clickable-row' : 'onsite-card'}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                {...rowProps?.(row)}
              >
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Group gap="xs" align="center" wrap="wrap" style={{ minWidth: 0 }}>
                    {place('leading').map(draw)}
                    {place('title').map(draw)}
                    {place('badge').map(draw)}
                  </Group>
                  {actions.length > 0 ? <Group gap={4}>{actions.map(draw)}</Group> : null}
                </Group>
                {fields.length > 0 ? (
                  <dl className="onsite-card-fields">
                    {fields.map((cell) => (
                      <Fragment key={cell.id}>
                        <dt>{columnLabel(cell.column)}</dt>
                        <dd>{isEmptyList(cell.getValue()) ? '–' : flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                      </Fragment>
                    ))}
                  </dl>
                ) : null}
              </Box>
            );
          })}
    </Box>
  );
}

/**
 * A @tanstack/react-table model drawn as a Mantine table with a sticky header. A list screen may add a column chooser
 * and draw its rows as cards on phones (D196); otherwise a table wider than the screen scrolls sideways.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { table, label, loading = false, skeletonRows = 5, empty, onRowClick, rowProps, columnChooser = false, cards = false } = props;
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const asCards = cards && phone === true;
  const rows = table.getRowModel().rows;
  const sortable = asCards && table.getAllLeafColumns().some((column) => column.getCanSort());
  // A leading column's header (the 'select all' box) has no header row on cards: it goes to the bar above them.
  const leading = asCards ? table.getLeafHeaders().filter((header) => header.column.getIsVisible() && header.column.columnDef.meta?.card === 'leading') : [];
  const chooser = columnChooser && choosableColumns(table).length > 0;

  return (
    <>
      {sortable || chooser || leading.length > 0 ? (
        // On cards: 'select all' (named) and the chooser on one line, the sort below; on a table the chooser alone.
        <Stack gap={8} px="sm" py={8} className="onsite-table-toolbar">
          <Group justify={leading.length > 0 ? 'space-between' : 'flex-end'} gap="xs">
            {leading.length > 0 ? (
              <Group gap="xs">
                {leading.map((header) => (
                  <Group key={header.id} gap={8} wrap="nowrap">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    <Text size="sm" aria-hidden="true">
                      {columnLabel(header.column)}
                    </Text>
                  </Group>
                ))}
              </Group>
            ) : null}
            {chooser ? <ColumnChooser table={table} /> : null}
          </Group>
          {sortable ? <CardSort table={table} /> : null}
        </Stack>
      ) : null}
      {asCards ? (
        <RowCards table={table} label={label} loading={loading} skeletonRows={skeletonRows} onRowClick={onRowClick} rowProps={rowProps} />
      ) : (
        <RowTable {...props} />
      )}
      {/* Outside the scroll area, so the message stays centred on a phone. */}
      {!loading && rows.length === 0 && empty ? <Box p="md">{empty}</Box> : null}
    </>
  );
}

function RowTable<T>({ table, label, loading = false, skeletonRows = 5, onRowClick, rowProps, minWidth, maxHeight }: DataTableProps<T>) {
  const columns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  const skeleton = useLingering(loading);
  const width = minWidth ?? columns.reduce((sum, column) => sum + (column.columnDef.meta?.width ?? DEFAULT_COLUMN_WIDTH), 0);

  return (
    <>
      {/* Focusable, so keyboard users can scroll a table that is wider than a phone screen. */}
      <Table.ScrollContainer minWidth={width} maxHeight={maxHeight} type="native" tabIndex={0} role="region" aria-label={label}>
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
    </>
  );
}
