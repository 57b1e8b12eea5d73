import { Anchor, Checkbox, Text } from '@mantine/core';
import { createColumnHelper, type CellContext, type HeaderContext } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/i18n/languages';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/i18n/use-format';
import type { OrderHistoryRow } from '../api/order-history';

type Cell = CellContext<OrderHistoryRow, unknown>;

function SelectAllHeader({ table }: HeaderContext<OrderHistoryRow, unknown>) {
  const { t } = useTranslation();
  return (
    <Checkbox
      aria-label={t('orderHistory.selectAll')}
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

function SelectCell({ row }: Cell) {
  const { t } = useTranslation();
  return (
    <Checkbox
      aria-label={t('orderHistory.selectOrder', { refId: row.original.refId })}
      checked={row.getIsSelected()}
      onClick={(event) => event.stopPropagation()}
      onChange={row.getToggleSelectedHandler()}
      data-testid="select-order"
    />
  );
}

function ReferenceCell({ row }: Cell) {
  const { lang } = useParams();
  return (
    <Anchor
      component={Link}
      to={paths.order(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, row.original.refId)}
      fw={600}
      size="sm"
      onClick={(event) => event.stopPropagation()}
      data-testid="order-ref"
    >
      {row.original.refId}
    </Anchor>
  );
}

const StatusCell = ({ row }: Cell) => <OrderStatusBadge status={row.original.status} />;

function TextCell({ value }: { value: string | null | undefined }) {
  return <Text size="sm">{value || '–'}</Text>;
}
const CustomerCell = ({ row }: Cell) => <TextCell value={row.original.customerName} />;
const EndCustomerCell = ({ row }: Cell) => <TextCell value={row.original.endCustomerName} />;
const OwnerCell = ({ row }: Cell) => <TextCell value={row.original.ownerName} />;

function LocationCell({ row }: Cell) {
  const { locationName, city } = row.original;
  return (
    <>
      <Text size="sm">{locationName || '–'}</Text>
      {city ? (
        <Text size="xs" c="dimmed">
          {city}
        </Text>
      ) : null}
    </>
  );
}

function CountryCell({ row }: Cell) {
  const { t } = useTranslation();
  const country = row.original.country;
  return <Text size="sm">{country ? t(`countries.${country}`, { defaultValue: country.toUpperCase() }) : '–'}</Text>;
}

function ServicesCell({ row }: Cell) {
  const names = row.original.serviceNames ?? [];
  return (
    <Text size="sm" lineClamp={2} title={names.join(', ')}>
      {names.join(', ') || '–'}
    </Text>
  );
}

function RequestedAtCell({ row }: Cell) {
  const format = useFormat();
  return <Text size="sm">{row.original.requestedAt ? format.dateTime(row.original.requestedAt) : '–'}</Text>;
}

function FirstStartCell({ row }: Cell) {
  const format = useFormat();
  return (
    <Text size="sm" title={row.original.timeZone ?? undefined}>
      {row.original.firstStart ? format.localDateTime(row.original.firstStart) : '–'}
    </Text>
  );
}

function OfferExpiryCell({ row }: Cell) {
  const format = useFormat();
  return <Text size="sm">{row.original.offerExpiresAt ? format.dateTime(row.original.offerExpiresAt) : '–'}</Text>;
}

const column = createColumnHelper<OrderHistoryRow>();

/**
 * The order history's columns; sortable where the list read model sorts. The default set fits a 1366 px screen (times
 * break between date and time); the services, the offer's expiry and the owner are turned on in the column chooser (D196).
 */
export function useOrderHistoryColumns() {
  const { t } = useTranslation();
  return useMemo(
    () => [
      column.display({
        id: 'select',
        header: SelectAllHeader,
        cell: SelectCell,
        enableSorting: false,
        enableHiding: false,
        meta: { width: 40, card: 'leading', label: t('orderHistory.selectAll') },
      }),
      column.accessor('refId', {
        id: 'refId',
        header: t('fields.reference'),
        cell: ReferenceCell,
        meta: { nowrap: true, priority: 'essential', card: 'title', width: 130 },
      }),
      column.accessor('status', {
        id: 'status',
        header: t('fields.status'),
        cell: StatusCell,
        meta: { nowrap: true, priority: 'essential', card: 'badge', width: 120 },
      }),
      column.accessor('customerName', { id: 'customerName', header: t('fields.customer'), cell: CustomerCell, meta: { width: 140 } }),
      column.accessor('endCustomerName', {
        id: 'endCustomer',
        header: t('orderHistory.columns.endCustomer'),
        cell: EndCustomerCell,
        enableSorting: false,
        meta: { width: 130 },
      }),
      column.accessor('locationName', { id: 'location', header: t('fields.location'), cell: LocationCell, enableSorting: false, meta: { width: 140 } }),
      column.accessor('country', { id: 'country', header: t('fields.country'), cell: CountryCell, enableSorting: false, meta: { nowrap: true, width: 100 } }),
      column.accessor('serviceNames', {
        id: 'services',
        header: t('fields.services'),
        cell: ServicesCell,
        enableSorting: false,
        meta: { priority: 'optional', width: 150 },
      }),
      column.accessor('requestedAt', { id: 'requestedAt', header: t('fields.requestedAt'), cell: RequestedAtCell, meta: { width: 100 } }),
      column.accessor('firstStart', {
        id: 'firstStart',
        header: t('orderHistory.columns.firstStart'),
        cell: FirstStartCell,
        meta: { width: 100 },
      }),
      column.accessor('offerExpiresAt', {
        id: 'offerExpiresAt',
        header: t('orderHistory.columns.offerExpiry'),
        cell: OfferExpiryCell,
        meta: { priority: 'optional', width: 100 },
      }),
      column.accessor('ownerName', {
        id: 'owner',
        header: t('orderHistory.columns.owner'),
        cell: OwnerCell,
        enableSorting: false,
        meta: { nowrap: true, priority: 'optional', width: 140 },
      }),
    ],
    [t],
  );
}
