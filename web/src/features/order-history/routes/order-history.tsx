import { Button, Group, Text } from '@mantine/core';
import { getCoreRowModel, useReactTable, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { canActAsProvider, isReadOnlyActor } from '@onsite/domain';
import { type UserProfile } from '@onsite/contracts';
import { ActForCustomerDialog } from '../../../components/ActForCustomerDialog';
import { IconDownload, IconPlus, IconRefresh, IconTrash } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { ListScreen } from '../../../components/ListScreen';
import { useColumnVisibility } from '../../../components/useColumnVisibility';
import { actorOf } from '../../../lib/session/actor';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { useDeleteOrders, useExportOrders, useOrderHistory, useOrderStats } from '../api/order-history';
import { DeleteOrdersDialog } from '../components/DeleteOrdersDialog';
import { CountryFilter } from '../components/CountryFilter';
import { NameSearch } from '../components/NameSearch';
import { StatsCards } from '../components/StatsCards';
import { useOrderHistoryColumns } from '../components/useOrderHistoryColumns';
import { useOrderHistoryState } from '../components/useOrderHistoryState';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const { state, update, listRequest, statsRequest } = useOrderHistoryState();
  const list = useOrderHistory(listRequest);
  const stats = useOrderStats(statsRequest);
  const deleteOrders = useDeleteOrders();
  const exportOrders = useExportOrders();
  const columns = useOrderHistoryColumns();
  const { columnVisibility, onColumnVisibilityChange } = useColumnVisibility('order-history', columns);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [confirming, setConfirming] = useState(false);
  const actor = actorOf(useProfile());
  // Staff who may change orders (not the read-only auditor): order for customers, select and delete.
  const mayChangeOrders = actor !== null && canActAsProvider(actor) && !isReadOnlyActor(actor);
  // Staff who opened an ordering form for themselves are sent here (?actFor=order|quote) to choose the customer first.
  const [searchParams, setSearchParams] = useSearchParams();
  const sentFor = searchParams.get('actFor');
  const sentHere = mayChangeOrders && (sentFor === 'order' || sentFor === 'quote') ? sentFor : null;
  const [actingFor, setActingFor] = useState<'order' | 'quote' | null>(sentHere);
  const closeActingFor = () => {
    setActingFor(null);
    if (sentFor) {
      const next = new URLSearchParams(searchParams);
      next.delete('actFor');
      setSearchParams(next, { replace: true });
    }
  };
  // A new order starts in the customer's service portfolio; a quote request goes straight to their ordering form.
  const startedFor = (purpose: 'order' | 'quote', user: UserProfile) =>
    navigate(purpose === 'order' ? paths.servicePortfolio(lang) : user.type === 'OEM' ? paths.serviceQuote(lang) : paths.orderForm(lang));

  const sorting: SortingState = state.sort ? [{ id: state.sort.field, desc: state.sort.direction === 'desc' }] : [];
  const table = useReactTable({
    data: list.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableRowSelection: mayChangeOrders,
    state: { sorting, rowSelection: selection, columnVisibility: { ...columnVisibility, select: mayChangeOrders } },
    onRowSelectionChange: setSelection,
    onColumnVisibilityChange,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      update({ sort: first ? { field: first.id as never, direction: first.desc ? 'desc' : 'asc' } : undefined });
    },
    getRowId: (row) => row._id,
  });
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const filtered = state.statuses.length > 0 || state.search !== '' || state.customer !== '' || state.endCustomer !== '' || state.countries.length > 0;
  const resetFilters = () => {
    setSelection({});
    update({ statuses: [], search: '', customer: '', endCustomer: '', countries: [] });
  };

  const refresh = () => {
    void list.refetch();
    void stats.refetch();
  };

  const exportFile = () =>
    exportOrders.mutate({
      filter: listRequest.filter,
      ...(listRequest.search ? { search: listRequest.search } : {}),
      sort: listRequest.sort ?? { field: 'updatedAt', direction: 'desc' },
      lang,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

  return (
    <Page
      title={t('orderHistory.title')}
      actions={
        <>
          {mayChangeOrders ? (
            <>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setActingFor('order')} data-testid="new-order-on-behalf">
                {t('orderHistory.newOrderOnBehalf')}
              </Button>
              <Button variant="light" onClick={() => setActingFor('quote')} data-testid="quote-on-behalf">
                {t('orderHistory.quoteOnBehalf')}
              </Button>
              <Button variant="default" onClick={() => navigate(paths.orderPreparation(lang))} data-testid="prepare-order">
                {t('orderHistory.prepare')}
              </Button>
            </>
          ) : null}
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh} loading={list.isRefetching && !list.isPlaceholderData}>
            {t('orderHistory.refresh')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={exportFile}
            loading={exportOrders.isPending}
            disabled={!list.data || list.data.total === 0}
            data-testid="export-excel"
          >
            {t('orderHistory.export')}
          </Button>
        </>
      }
    >
      <StatsCards
        stats={stats.data}
        loading={stats.isPending}
        selected={state.statuses}
        onSelect={(statuses) => {
          setSelection({});
          update({ statuses });
        }}
      />

      <ListScreen
        filters={
          <Group justify="space-between" align="flex-end" gap="md">
            <Group gap="md" align="flex-end">
              <NameSearch
                label={t('orderHistory.search')}
                placeholder={t('orders.list.searchPlaceholder')}
                value={state.search}
                onChange={(search) => update({ search })}
                testId="search-orders"
              />
              <NameSearch
                label={t('orderHistory.searchCustomer')}
                placeholder={t('orderHistory.searchPlaceholder')}
                value={state.customer}
                onChange={(customer) => update({ customer })}
                testId="search-customer"
              />
              <NameSearch
                label={t('orderHistory.searchEndCustomer')}
                placeholder={t('orderHistory.searchPlaceholder')}
                value={state.endCustomer}
                onChange={(endCustomer) => update({ endCustomer })}
                testId="search-end-customer"
              />
              <CountryFilter
                value={state.countries}
                onChange={(countries) => {
                  setSelection({});
                  update({ countries });
                }}
              />
              {filtered ? (
                <Button variant="subtle" onClick={resetFilters}>
                  {t('actions.resetFilters')}
                </Button>
              ) : null}
            </Group>
            {selectedIds.length > 0 ? (
              <Group gap="sm">
                <Text size="sm" aria-live="polite">
                  {t('orderHistory.selected', { count: selectedIds.length })}
                </Text>
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="bulk-delete">
                  {t('orderHistory.delete.action', { count: selectedIds.length })}
                </Button>
              </Group>
            ) : null}
          </Group>
        }
        list={list}
        failure={{ title: t('orderHistory.loadError.title'), description: t('orderHistory.loadError.text'), onRetry: refresh }}
        table={{
          table,
          label: t('orderHistory.title'),
          skeletonRows: Math.min(state.pageSize, 8),
          onRowClick: (row) => void navigate(paths.order(lang, row.original.refId)),
          rowProps: (row) => ({ 'data-ref-id': row.original.refId, 'data-testid': 'order-row' }),
          columnChooser: true,
          cards: true,
          maxHeight: 'calc(100dvh - 320px)',
        }}
        filtered={filtered && { title: t('orderHistory.emptyFiltered.title'), description: t('orderHistory.emptyFiltered.text'), onReset: resetFilters }}
        empty={{ title: t('orderHistory.empty.title'), description: t('orderHistory.empty.text') }}
        paging={{
          page: state.page,
          pageSize: state.pageSize,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (pageSize) => update({ pageSize }),
        }}
      />

      <DeleteOrdersDialog
        opened={confirming}
        count={selectedIds.length}
        pending={deleteOrders.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={(input) =>
          deleteOrders.mutate(
            { filter: { orderIds: selectedIds }, ...input },
            {
              onSuccess: ({ result }) => {
                notify('success', t('orderHistory.delete.done', { count: result }));
                // Orders changed by someone else meanwhile are skipped by the server (409 per order).
                if (result < selectedIds.length) notify('warning', t('orderHistory.delete.skipped', { count: selectedIds.length - result }));
                setSelection({});
                setConfirming(false);
              },
            },
          )
        }
      />
      {actingFor ? (
        <ActForCustomerDialog
          purpose={actingFor}
          sentHere={actingFor === sentHere}
          onClose={closeActingFor}
          onStarted={(user) => startedFor(actingFor, user)}
        />
      ) : null}
    </Page>
  );
}
