import { Paper, Stack } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from './DataTable';
import { EmptyListState, ErrorState } from './StatusState';
import { TablePagination, type PageSize } from './TablePagination';

/** What the screen needs of the list's query: a page of rows with their total, and how its loading went. */
export interface ListQuery {
  data?: { total: number; totalCapped?: boolean } | undefined;
  isPending: boolean;
  isError: boolean;
  /** The previous page kept on screen while the next one loads. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface StateText {
  title: string;
  description: string;
}

export interface ListScreenProps<T> {
  /** The filters above the list. */
  filters: ReactNode;
  list: ListQuery;
  /** The table; its skeleton rows show while the list loads, its empty state when there are no rows. */
  table: Omit<DataTableProps<T>, 'loading' | 'empty'>;
  /** What a list with nothing in it at all says, and what to do next. */
  empty: StateText & { action?: Parameters<typeof EmptyListState>[0]['action'] };
  /** Set while filters are applied: an empty list says the filters hide everything and offers to reset them. */
  filtered?: (StateText & { onReset: () => void }) | false;
  /** A failure before any page arrived: the error state, whose retry asks again (`list.refetch` unless given). */
  failure: StateText & { onRetry?: () => void };
  paging: {
    page: number;
    pageSize: PageSize;
    onPageChange: (page: number) => void;
    onPageSizeChange: (pageSize: PageSize) => void;
  };
  /** Another view of the list drawn instead of the table and its pager (the order list's timeline). */
  instead?: ReactNode;
  /** A provider the table's cells read (mounted only while the table is drawn). */
  cellContext?: ComponentType<{ children: ReactNode }>;
  /** Below the list (a note about rows the filters hide). */
  children?: ReactNode;
}

/**
 * The frame of every list screen: the filters, then the list's error state, or its table (skeleton rows while
 * loading, dimmed while the next page loads, an empty state that tells a filtered list from an empty one) with the
 * pager under it. Renders into its parent's stack: the page's title and actions stay the screen's own.
 */
export function ListScreen<T>({ filters, list, table, empty, filtered, failure, paging, instead, cellContext: Cells, children }: ListScreenProps<T>) {
  const { t } = useTranslation();
  const emptyState = filtered ? (
    <EmptyListState title={filtered.title} description={filtered.description} action={{ label: t('actions.resetFilters'), onClick: filtered.onReset }} />
  ) : (
    <EmptyListState {...empty} />
  );
  const rows = <DataTable {...table} loading={list.isPending} empty={emptyState} />;

  return (
    <>
      {filters}
      {list.isError && !list.data ? (
        <ErrorState
          title={failure.title}
          description={failure.description}
          action={{ label: t('actions.retry'), onClick: failure.onRetry ?? (() => void list.refetch()) }}
        />
      ) : instead !== undefined ? (
        instead
      ) : (
        <Stack gap="md">
          <Paper
            withBorder
            aria-busy={list.isPlaceholderData || undefined}
            style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          >
            {Cells ? <Cells>{rows}</Cells> : rows}
          </Paper>
          {list.data && list.data.total > 0 ? <TablePagination {...paging} total={list.data.total} totalCapped={list.data.totalCapped ?? false} /> : null}
        </Stack>
      )}
      {children}
    </>
  );
}
