import { Box, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { isOrderStatus, STATUS_LOOK } from '../order-status';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useMemo } from 'react';
import { DateTime } from 'luxon';
import { paths } from '../../../../lib/paths';
import type { Language } from '../../../../lib/languages';
import { useFormat } from '../../../../lib/use-format';
import { tones } from '../../../../theme';
import type { OrderListItem } from '../../api/list-orders';
import { barsOf, rangeDays, rangeStartFor, shiftRange, xOf, ZOOMS, type GanttZoom } from './gantt-layout';

const LABEL_WIDTH = 128;
const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 36;

type Windowed = OrderListItem & { id: string; start: string; end: string };

/**
 * The timeline (beta) of the filtered orders: one row per order with a service window (the planned job's, else
 * the preferred time frame), bars in the status colours, a line for today, week or month zoom. A bar is a link to
 * the order. Times are the locations' wall-clock times.
 */
export function OrderGantt({ items, lang, today = DateTime.now().toISODate()! }: { items: readonly OrderListItem[]; lang: Language; today?: string }) {
  const { t } = useTranslation();
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
  const width = LABEL_WIDTH + days.length * dayWidth;
  const height = HEADER_HEIGHT + Math.max(1, bars.length) * ROW_HEIGHT + 8;
  const todayX = xOf(`${today}T12:00:00`, start, zoom);
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
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('orders.gantt.label', { range: rangeLabel })}>
          <svg
            width={width}
            height={height}
            role="group"
            aria-label={t('orders.gantt.label', { range: rangeLabel })}
            style={{ display: 'block', fontFamily: 'inherit' }}
          >
            {days.map((day, i) => {
              const x = LABEL_WIDTH + i * dayWidth;
              const date = DateTime.fromISO(day);
              const weekend = date.weekday >= 6;
              const labelled = zoom === 'week' || date.weekday === 1;
              return (
                <g key={day}>
                  {weekend ? <rect x={x} y={HEADER_HEIGHT} width={dayWidth} height={height - HEADER_HEIGHT} fill="#f8f9fa" /> : null}
                  <line x1={x} x2={x} y1={HEADER_HEIGHT - 6} y2={height} stroke="#e9ecef" />
                  {labelled ? (
                    <text x={x + 4} y={HEADER_HEIGHT - 12} fontSize={11} fill="#495057">
                      {zoom === 'week' ? `${date.setLocale(lang).toFormat('ccc')} ${format.localDate(day).slice(0, 5)}` : format.localDate(day).slice(0, 5)}
                    </text>
                  ) : null}
                </g>
              );
            })}
            {bars.map((bar, row) => {
              const y = HEADER_HEIGHT + row * ROW_HEIGHT;
              const status = isOrderStatus(bar.item.status) ? bar.item.status : 'INCOMPLETE';
              const tone = tones[STATUS_LOOK[status].tone];
              const label = `${bar.item.refId}, ${t(`status.${status}`)}, ${format.localDateTime(bar.item.start)} – ${format.localDateTime(bar.item.end)}`;
              const to = paths.order(lang, bar.item.refId);
              return (
                <g key={bar.item.id} data-testid="gantt-bar" data-ref-id={bar.item.refId}>
                  <text x={8} y={y + 19} fontSize={12} fontWeight={600} fill="#212529">
                    {bar.item.refId}
                  </text>
                  <a
                    href={to}
                    aria-label={label}
                    onClick={(event) => {
                      event.preventDefault();
                      void navigate(to);
                    }}
                  >
                    <title>{label}</title>
                    <rect x={LABEL_WIDTH + bar.x} y={y + 5} width={bar.width} height={ROW_HEIGHT - 10} rx={4} fill={tone.background} stroke={tone.border} />
                    {bar.width > 90 ? (
                      <text x={LABEL_WIDTH + bar.x + 6} y={y + 19} fontSize={11} fill={tone.color}>
                        {t(`status.${status}`)}
                      </text>
                    ) : null}
                  </a>
                </g>
              );
            })}
            {todayX >= 0 && todayX <= days.length * dayWidth ? (
              <g data-testid="gantt-today">
                <line x1={LABEL_WIDTH + todayX} x2={LABEL_WIDTH + todayX} y1={HEADER_HEIGHT - 6} y2={height} stroke="#c92a2a" strokeWidth={2} />
                <title>{t('orders.gantt.today')}</title>
              </g>
            ) : null}
          </svg>
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
