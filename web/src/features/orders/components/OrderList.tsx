import { Button, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { getCoreRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '../../../components/ListScreen';
import { IconPlus, IconSearch } from '../../../components/icons';
import { StatusFilterButtons } from '../../../components/StatusFilterButtons';
import { useColumnVisibility } from '../../../components/useColumnVisibility';
import type { Language } from '../../../lib/i18n/languages';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/i18n/use-format';
import { useOrderList } from '../api/list-orders';
import { StatusBadgeIcon } from './StatusBadgeIcon';
import { OrderCellValues, useOrderColumns } from './useOrderColumns';
import { everyStatusRequestOf, useOrderListState } from './useOrderListState';
import { OrderGantt } from './gantt/OrderGantt';

/** Search input debounce. */
const SEARCH_DEBOUNCE_MS = 650;

/** The height of the xs SegmentedControl (view switch): its padding (4 px, the labels' 2 px) and one line of xs text. */
const VIEW_SWITCH_HEIGHT = 'calc(0.75rem * var(--mantine-scale) * (var(--mantine-line-height) + 1))';

interface OrderListProps {
  lang: Language;
  statusOptions: readonly string[];
  defaultStatuses: readonly string[];
  /** Where 'Request a quote' leads; absent when the user may not order. */
  requestQuotePath?: string;
}

export function OrderList({ lang, statusOptions, defaultStatuses, requestQuotePath }: OrderListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { state, request, update, resetFilters } = useOrderListState(defaultStatuses, statusOptions);
  const timeline = state.view === 'timeline';
  // The timeline shows up to 100 of the filtered orders by their start; the table pages.
  // The answers are rendered as a transition (deferred values): React draws the rows in slices and the page stays
  // responsive in between, instead of one long task when the data arrive (D77).
  const { data, isPending, isError, refetch, isPlaceholderData } = useDeferredValue(
    useOrderList(timeline ? { ...request, page: 1, pageSize: 100, sort: { field: 'firstStart', direction: 'asc' } } : request),
  );
  // The same search over every status: the list never hides orders without saying so.
  const everyStatus = useDeferredValue(useOrderList(everyStatusRequestOf(request)));
  // A capped total (a broad search, D67) is no count to subtract from.
  const hidden = data && everyStatus.data && !everyStatus.data.totalCapped ? Math.max(0, everyStatus.data.total - data.total) : 0;
  const columns = useOrderColumns();
  const { columnVisibility, onColumnVisibilityChange } = useColumnVisibility('my-service-orders', columns);
  const viewSwitchReady = useAfterPaint();

  const [searchInput, setSearchInput] = useState(state.search);
  const [debouncedSearch] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedSearch !== state.search) update({ search: debouncedSearch });
    // Only a new debounced value starts a search; URL changes flow the other way below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  useEffect(() => setSearchInput(state.search), [state.search]);

  const sorting: SortingState = state.sort ? [{ id: state.sort.field, desc: state.sort.direction === 'desc' }] : [];
  const table = useReactTable({
    data: data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    state: { sorting, columnVisibility },
    onColumnVisibilityChange,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      update({ sort: first ? { field: first.id, direction: first.desc ? 'desc' : 'asc' } : undefined });
    },
    getRowId: (row) => row._id,
  });

  // Orders exist but the status chips hide them all: that is a filtered list, never 'no service orders yet'.
  const filtered = state.search.trim() !== '' || state.statuses.join() !== defaultStatuses.join() || hidden > 0;
  const clearFilters = () => {
    setSearchInput('');
    resetFilters();
  };

  return (
    <Stack gap="md">
      <ListScreen
        filters={
          <>
            <Group justify="space-between" align="flex-start" gap="md">
              <StatusFilterButtons
                label={t('orders.list.filterLabel')}
                options={statusOptions.map((status) => ({ value: status, label: t(`status.${status}`), icon: <StatusBadgeIcon status={status} /> }))}
                selected={state.statuses}
                onChange={(statuses) => update({ statuses })}
              />
              {/* On a phone the search takes the row and 'reset filters' goes below it, so neither is cut. */}
              <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
                <TextInput
                  type="search"
                  aria-label={t('orders.list.searchLabel')}
                  placeholder={t('orders.list.searchPlaceholder')}
                  leftSection={<IconSearch size={16} />}
                  value={searchInput}
                  onChange={(event) => setSearchInput(event.currentTarget.value)}
                  w={{ base: '100%', sm: 360 }}
                />
                {filtered ? (
                  <Button variant="subtle" onClick={clearFilters}>
                    {t('actions.resetFilters')}
                  </Button>
                ) : null}
              </Group>
            </Group>

            {/* The view switch mounts after the page's first frame (D77); until then its place is kept, so nothing moves. */}
            <Group gap="xs" mih={VIEW_SWITCH_HEIGHT}>
              {viewSwitchReady ? (
                <SegmentedControl
                  size="xs"
                  value={state.view}
                  onChange={(value) => update({ view: value as 'table' | 'timeline' })}
                  aria-label={t('orders.gantt.viewLabel')}
                  data={[
                    { value: 'table', label: t('orders.gantt.table') },
                    {
                      value: 'timeline',
                      label: (
                        <span>
                          {t('orders.gantt.timeline')}{' '}
                          <Text span size="xs" c="dimmed">
                            ({t('orders.gantt.beta')})
                          </Text>
                        </span>
                      ),
                    },
                  ]}
                />
              ) : null}
            </Group>
          </>
        }
        list={{ data, isPending, isError, isPlaceholderData, refetch }}
        failure={{ title: t('orders.list.loadError.title'), description: t('orders.list.loadError.text') }}
        instead={
          timeline ? (
            data ? (
              <Stack gap="xs">
                {data.total > data.items.length ? (
                  <Text size="sm" c="dimmed" data-testid="gantt-limited">
                    {t('orders.gantt.limited', {
                      shown: format.number(data.items.length),
                      total: data.totalCapped ? t('table.moreThan', { total: format.number(data.total) }) : format.number(data.total),
                    })}
                  </Text>
                ) : null}
                <OrderGantt items={data.items} lang={lang} />
              </Stack>
            ) : (
              <Skeleton height={220} radius="md" role="status" aria-busy="true" aria-label={t('app.loading')} data-testid="gantt-loading" />
            )
          ) : undefined
        }
        cellContext={OrderCellValues}
        table={{
          table,
          label: t('orders.list.title'),
          skeletonRows: Math.min(state.pageSize, 8),
          onRowClick: (row) => void navigate(paths.order(lang, row.original.refId)),
          rowProps: (row) => ({ 'data-ref-id': row.original.refId, 'data-testid': 'order-row' }),
          columnChooser: true,
          cards: true,
          maxHeight: 'calc(100dvh - 260px)',
        }}
        filtered={filtered && { title: t('orders.list.emptyFiltered.title'), description: t('orders.list.emptyFiltered.text'), onReset: clearFilters }}
        empty={{
          title: t('orders.list.empty.title'),
          description: t(requestQuotePath ? 'orders.list.empty.text' : 'orders.list.empty.textNoOrdering'),
          action: requestQuotePath ? { label: t('actions.requestQuote'), to: requestQuotePath, icon: <IconPlus size={16} /> } : undefined,
        }}
        paging={{
          page: state.page,
          pageSize: state.pageSize,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (pageSize) => update({ pageSize }),
        }}
      >
        {/* Below the table and its pager: arriving with its own count, it moves nothing already on screen (D78). */}
        {hidden > 0 ? (
          <Group gap="xs" data-testid="hidden-orders">
            <Text size="sm" c="dimmed">
              {t('orders.list.hidden', { count: hidden })}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => update({ statuses: [...statusOptions] })}>
              {t('orders.list.showAll')}
            </Button>
          </Group>
        ) : null}
      </ListScreen>
    </Stack>
  );
}
