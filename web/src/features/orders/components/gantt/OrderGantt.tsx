import { Anchor, Box, Button, Group, Paper, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { isOrderStatus, STATUS_LOOK } from '../order-status';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMemo, type CSSProperties } from 'react';
import { DateTime } from 'luxon';
import { paths } from '../../../../lib/paths';
import type { Language } from '../../../../lib/i18n/languages';
import { useFormat } from '../../../../lib/i18n/use-format';
import { tones } from '../../../../theme';
import { useCatalogue } from '../../../../lib/catalogue';
import { localized } from '../../../../lib/i18n/localized';
import type { OrderListItem } from '../../api/list-orders';
import { barsOf, durationOf, rangeDays, rangeStartFor, shiftRange, xOf, ZOOMS, type GanttZoom } from './gantt-layout';

const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 36;
/** The reference stays in sight while the columns and the timeline scroll sideways (D200). */
const STICKY: CSSProperties = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)', whiteSpace: 'nowrap' };
/** Text columns are one line, cut to this width; the whole text is their title. */
const TEXT_WIDTH = 160;

function Cell({ text, testId }: { text: string; testId: string }) {
  return (
    <Table.Td
      data-testid={testId}
      title={text || undefined}
      style={{ maxWidth: TEXT_WIDTH, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
    >
      {text || '–'}
    </Table.Td>
  );
}

type Windowed = OrderListItem & { id: string; start: string; end: string };

/**
 * The timeline (beta) of the filtered orders: one row per order with a service window (the planned job's, else
 * the preferred time frame): its reference, customer, location, services, status, start, end, duration and technicians,
 * then its bar in the status colours, with a line for today, week or month zoom (D200). The reference and the bar link
 * to the order. Times are the locations' wall-clock times.
 */
export function OrderGantt({ items, lang, today = DateTime.now().toISODate()! }: { items: readonly OrderListItem[]; lang: Language; today?: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  // Zoom and period live in the URL with the list's filters: a reload or a shared link shows the same timeline.
  const [params, setParams] = useSearchParams();
  const zoom: GanttZoom = params.get('zoom') === 'month' ? 'month' : 'week';
  const from = params.get('from');
  const start = from && /^\d{4}-\d{2}-\d{2}$/.test(from) ? rangeStartFor(from) : rangeStartFor(today);
  const set = (patch: { zoom?: GanttZoom; start?: string }) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (patch.zoom === 'week') next.delete('zoom');
        else if (patch.zoom) next.set('zoom', patch.zoom);
        if (patch.start === rangeStartFor(today)) next.delete('from');
        else if (patch.start) next.set('from', patch.start);
        return next;
      },
      { replace: true },
    );
  const setZoom = (value: GanttZoom) => set({ zoom: value });
  const setStart = (value: string) => set({ start: value });

  const windowed = useMemo(
    () =>
      items
        .filter((o): o is OrderListItem & { windowStart: string; windowEnd: string } => Boolean(o.windowStart && o.windowEnd))
        .map((o) => ({ ...o, id: o._id, start: o.windowStart, end: o.windowEnd }))
        .sort((a, b) => a.start.localeCompare(b.start)),
    [items],
  );
  const bars = barsOf<Windowed>(windowed, start, zoom);
  const days = rangeDays(start, zoom);
  const { dayWidth } = ZOOMS[zoom];
  const chartWidth = days.length * dayWidth;
  const todayX = xOf(`${today}T12:00:00`, start, zoom);
  const showToday = todayX >= 0 && todayX <= chartWidth;
  // Rows keep the service names as ordered; the catalogue has them in the console's language.
  const catalogue = useCatalogue().data?.services;
  const serviceNamesOf = (order: OrderListItem) =>
    order.serviceNames.map((name, i) => {
      const service = catalogue?.find((s) => s.id === order.serviceIds[i]);
      return service ? localized(service.name, i18n.language) || name : name;
    });
  const next = windowed.find((o) => o.start.slice(0, 10) > days.at(-1)!);
  const previous = [...windowed].reverse().find((o) => o.end.slice(0, 10) < start);
  const rangeLabel = `${format.localDate(days[0]!)} – ${format.localDate(days.at(-1)!)}`;

  return (
    <Stack gap="sm" data-testid="gantt">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setStart(shiftRange(start, zoom, -1))} aria-label={t('orders.gantt.earlier')}>
            ‹
          </Button>
          <Button variant="default" size="xs" onClick={() => setStart(rangeStartFor(today))}>
            {t('orders.gantt.today')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setStart(shiftRange(start, zoom, 1))} aria-label={t('orders.gantt.later')}>
            ›
          </Button>
          <Text size="sm" fw={500} data-testid="gantt-range">
            {rangeLabel}
          </Text>
        </Group>
        <SegmentedControl
          size="xs"
          value={zoom}
          onChange={(value) => setZoom(value as GanttZoom)}
          data={[
            { value: 'week', label: t('orders.gantt.zoom.week') },
            { value: 'month', label: t('orders.gantt.zoom.month') },
          ]}
          aria-label={t('orders.gantt.zoom.label')}
        />
      </Group>
      <Paper withBorder>
        <Box style={{ overflowX: 'auto', position: 'relative' }} tabIndex={0} role="region" aria-label={t('orders.gantt.label', { range: rangeLabel })}>
          <Table
            withRowBorders
            verticalSpacing={0}
            horizontalSpacing="xs"
            fz="xs"
            style={{ width: 'max-content', borderCollapse: 'separate', borderSpacing: 0 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ ...STICKY, zIndex: 2 }}>{t('fields.reference')}</Table.Th>
                <Table.Th>{t('fields.customer')}</Table.Th>
                <Table.Th>{t('fields.location')}</Table.Th>
                <Table.Th>{t('fields.services')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
                <Table.Th>{t('fields.start')}</Table.Th>
                <Table.Th>{t('orders.gantt.columns.end')}</Table.Th>
                <Table.Th>{t('orders.gantt.columns.duration')}</Table.Th>
                <Table.Th>{t('orders.gantt.columns.technicians')}</Table.Th>
                <Table.Th p={0}>
                  <VisuallyHidden>{t('orders.gantt.columns.timeline')}</VisuallyHidden>
                  <svg width={chartWidth} height={HEADER_HEIGHT} aria-hidden="true" style={{ display: 'block', fontFamily: 'inherit' }}>
                    {days.map((day, i) => {
                      const x = i * dayWidth;
                      const date = DateTime.fromISO(day);
                      const labelled = zoom === 'week' || date.weekday === 1;
                      return (
                        <g key={day}>
                          <line x1={x} x2={x} y1={HEADER_HEIGHT - 6} y2={HEADER_HEIGHT} stroke="#dee2e6" />
                          {labelled ? (
                            <text x={x + 4} y={HEADER_HEIGHT - 12} fontSize={11} fontWeight={400} fill="#495057">
                              {zoom === 'week'
                                ? `${date.setLocale(lang).toFormat('ccc')} ${format.localDate(day).slice(0, 5)}`
                                : format.localDate(day).slice(0, 5)}
                            </text>
                          ) : null}
                        </g>
                      );
                    })}
                    {showToday ? (
                      <g data-testid="gantt-today">
                        <line x1={todayX} x2={todayX} y1={HEADER_HEIGHT - 6} y2={HEADER_HEIGHT} stroke="#c92a2a" strokeWidth={2} />
                        <title>{t('orders.gantt.today')}</title>
                      </g>
                    ) : null}
                  </svg>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bars.map((bar) => {
                const order = bar.item;
                const status = isOrderStatus(order.status) ? order.status : 'INCOMPLETE';
                const tone = tones[STATUS_LOOK[status].tone];
                const label = `${order.refId}, ${t(`status.${status}`)}, ${format.localDateTime(order.start)} – ${format.localDateTime(order.end)}`;
                const to = paths.order(lang, order.refId);
                const place = [order.locationName, order.city].filter(Boolean).join(', ');
                const names = serviceNamesOf(order);
                const duration = durationOf(order.start, order.end);
                const team = (order.technicianNames ?? []).join(', ');
                return (
                  <Table.Tr key={order.id} data-testid="gantt-bar" data-ref-id={order.refId}>
                    <Table.Th scope="row" style={STICKY}>
                      <Anchor component={Link} to={to} size="xs" fw={600} data-testid="gantt-ref">
                        {order.refId}
                      </Anchor>
                    </Table.Th>
                    <Cell testId="gantt-customer" text={order.endCustomerName ? `${order.customerName} (${order.endCustomerName})` : order.customerName} />
                    <Cell testId="gantt-location" text={place} />
                    <Cell testId="gantt-services" text={names.join(', ')} />
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`status.${status}`)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.localDateTime(order.start)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.localDateTime(order.end)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="gantt-duration">
                      {t(`orders.gantt.duration.${duration.unit}`, { count: duration.count })}
                    </Table.Td>
                    <Cell testId="gantt-technicians" text={team} />
                    <Table.Td p={0}>
                      <svg width={chartWidth} height={ROW_HEIGHT} style={{ display: 'block', fontFamily: 'inherit' }}>
                        {days.map((day, i) =>
                          DateTime.fromISO(day).weekday >= 6 ? (
                            <rect key={day} x={i * dayWidth} y={0} width={dayWidth} height={ROW_HEIGHT} fill="#f8f9fa" />
                          ) : null,
                        )}
                        {days.map((day, i) => (
                          <line key={day} x1={i * dayWidth} x2={i * dayWidth} y1={0} y2={ROW_HEIGHT} stroke="#e9ecef" />
                        ))}
                        <a
                          href={to}
                          aria-label={label}
                          onClick={(event) => {
                            event.preventDefault();
                            void navigate(to);
                          }}
                        >
                          <title>{label}</title>
                          <rect x={bar.x} y={5} width={bar.width} height={ROW_HEIGHT - 10} rx={4} fill={tone.background} stroke={tone.border} />
                          {bar.width > 90 ? (
                            <text x={bar.x + 6} y={19} fontSize={11} fill={tone.color}>
                              {t(`status.${status}`)}
                            </text>
                          ) : null}
                        </a>
                        {showToday ? <line x1={todayX} x2={todayX} y1={0} y2={ROW_HEIGHT} stroke="#c92a2a" strokeWidth={2} /> : null}
                      </svg>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      </Paper>
      {bars.length === 0 ? (
        <Group gap="sm" data-testid="gantt-empty">
          <Text size="sm" c="dimmed">
            {windowed.length === 0 ? t('orders.gantt.noWindows') : t('orders.gantt.nothingInRange')}
          </Text>
          {next ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setStart(rangeStartFor(next.start.slice(0, 10)))}>
              {t('orders.gantt.jumpNext')}
            </Button>
          ) : previous ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setStart(rangeStartFor(previous.start.slice(0, 10)))}>
              {t('orders.gantt.jumpPrevious')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('orders.gantt.note', { count: windowed.length })}
      </Text>
    </Stack>
  );
}
