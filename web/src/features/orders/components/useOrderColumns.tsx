import { Anchor, Stack, Text } from '@mantine/core';
import { createColumnHelper, type CellContext } from '@tanstack/react-table';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/i18n/languages';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/i18n/use-format';
import { localized } from '../../../lib/i18n/localized';
import { useCatalogue, type CatalogueService } from '../../../lib/catalogue';
import type { OrderListItem } from '../api/list-orders';
import { StatusBadge } from './StatusBadge';
import { countdownText, offerCountdown } from './offer-time';
import { useMinuteClock } from './use-minute-clock';

type Cell = CellContext<OrderListItem, unknown>;

interface CellValues {
  format: ReturnType<typeof useFormat>;
  services: readonly CatalogueService[] | undefined;
  language: string;
}

const CellValuesContext = createContext<CellValues | null>(null);

/**
 * What the cells share (the format functions, the catalogue's service names), read once for the table instead of by
 * every cell: each cell's own query subscription set timers of its own while the rows were drawn (D77).
 */
export function OrderCellValues({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const format = useFormat();
  const services = useCatalogue().data?.services;
  const value = useMemo(() => ({ format, services, language: i18n.language }), [format, services, i18n.language]);
  return <CellValuesContext.Provider value={value}>{children}</CellValuesContext.Provider>;
}

function useCellValues(): CellValues {
  const values = useContext(CellValuesContext);
  if (!values) throw new Error('Order cells are drawn inside OrderCellValues.');
  return values;
}

function ReferenceCell({ row }: Cell) {
  const { lang } = useParams();
  const order = row.original;
  return (
    <Anchor
      component={Link}
      to={paths.order(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, order.refId)}
      fw={600}
      size="sm"
      onClick={(event) => event.stopPropagation()}
      data-testid="order-ref"
    >
      {order.refId}
    </Anchor>
  );
}

function StatusCell({ row }: Cell) {
  const { t } = useTranslation();
  const { status, offerExpiresAt } = row.original;
  const counting = status === 'OFFERED' && Boolean(offerExpiresAt);
  const now = useMinuteClock(counting);
  if (!counting || !offerExpiresAt) return <StatusBadge status={status} />;
  // An open offer says how long it stays valid, urgent in its last 24 hours, counting down while the list is open.
  const countdown = offerCountdown(offerExpiresAt, now);
  const { key, values } = countdownText(countdown);
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge status={status} />
      <Text size="xs" c={countdown.urgent ? 'red.8' : 'dimmed'} fw={countdown.urgent ? 600 : 400} data-testid="list-countdown">
        {t(key, values)}
      </Text>
    </Stack>
  );
}

const SHOWN_SERVICES = 2;

function ServicesCell({ row }: Cell) {
  const { t } = useTranslation();
  // Rows keep the names as ordered; the catalogue has them in the console's language.
  const { services, language } = useCellValues();
  const ids = row.original.serviceIds ?? [];
  const names = (row.original.serviceNames ?? []).map((name, i) => {
    const service = services?.find((s) => s.id === ids[i]);
    return service ? localized(service.name, language) || name : name;
  });
  const rest = names.length - SHOWN_SERVICES;
  return (
    <Text size="sm" lineClamp={2} title={names.join(', ')}>
      {names.slice(0, SHOWN_SERVICES).join(', ')}
      {rest > 0 ? ` ${t('orders.list.moreServices', { count: rest })}` : ''}
    </Text>
  );
}

function LocationCell({ row }: Cell) {
  const { t } = useTranslation();
  const { locationName, city, country } = row.original;
  const place = [city, country ? t(`countries.${country}`, { defaultValue: country.toUpperCase() }) : null].filter(Boolean).join(', ');
  return (
    <Stack gap={0}>
      <Text size="sm">{locationName}</Text>
      {place ? (
        <Text size="xs" c="dimmed">
          {place}
        </Text>
      ) : null}
    </Stack>
  );
}

function StartCell({ row }: Cell) {
  const { format } = useCellValues();
  return (
    <Text size="sm" title={row.original.timeZone ?? undefined}>
      {format.localDateTime(row.original.firstStart)}
    </Text>
  );
}

function RequestedAtCell({ row }: Cell) {
  const { format } = useCellValues();
  return <Text size="sm">{format.dateTime(row.original.requestedAt)}</Text>;
}

const column = createColumnHelper<OrderListItem>();

/** The columns of my service orders; sortable where the list read model sorts. */
export function useOrderColumns() {
  const { t } = useTranslation();
  return useMemo(
    () => [
      column.accessor('refId', {
        id: 'refId',
        header: t('fields.reference'),
        cell: ReferenceCell,
        enableSorting: true,
        meta: { nowrap: true, priority: 'essential', card: 'title', width: 130 },
      }),
      column.accessor('status', {
        id: 'status',
        header: t('fields.status'),
        cell: StatusCell,
        enableSorting: false,
        meta: { nowrap: true, priority: 'essential', card: 'badge', width: 150 },
      }),
      column.accessor('serviceNames', { id: 'services', header: t('fields.services'), cell: ServicesCell, enableSorting: false, meta: { width: 180 } }),
      column.accessor('locationName', { id: 'location', header: t('fields.location'), cell: LocationCell, enableSorting: false, meta: { width: 180 } }),
      column.accessor('firstStart', { id: 'firstStart', header: t('fields.start'), cell: StartCell, enableSorting: true, meta: { nowrap: true, width: 140 } }),
      column.accessor('requestedAt', {
        id: 'requestedAt',
        header: t('fields.requestedAt'),
        cell: RequestedAtCell,
        enableSorting: true,
        meta: { nowrap: true, width: 140 },
      }),
    ],
    [t],
  );
}
