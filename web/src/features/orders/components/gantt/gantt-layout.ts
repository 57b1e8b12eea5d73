import { DateTime } from 'luxon';

export type GanttZoom = 'week' | 'month';

/** Days shown and pixels per day of each zoom. */
export const ZOOMS: Readonly<Record<GanttZoom, { readonly days: number; readonly dayWidth: number }>> = {
  week: { days: 14, dayWidth: 72 },
  month: { days: 42, dayWidth: 24 },
};

export interface GanttItem {
  readonly id: string;
  readonly start: string;
  readonly end: string;
}

export interface GanttBar<T extends GanttItem> {
  readonly item: T;
  readonly x: number;
  readonly width: number;
  /** The window goes on before or after the visible range. */
  readonly clippedStart: boolean;
  readonly clippedEnd: boolean;
}

const local = (value: string) => DateTime.fromISO(value, { zone: 'utc' });

/** The Monday on or before a date: ranges start at the beginning of a week. */
export function rangeStartFor(isoDate: string): string {
  const day = local(isoDate).startOf('day');
  return day.minus({ days: day.weekday - 1 }).toISODate()!;
}

/** Moves a range by its own length (zoom) forwards or backwards. */
export function shiftRange(start: string, zoom: GanttZoom, direction: 1 | -1): string {
  return local(start)
    .plus({ days: direction * (zoom === 'week' ? 7 : 28) })
    .toISODate()!;
}

/** The days of the range, for the header. */
export function rangeDays(start: string, zoom: GanttZoom): string[] {
  return Array.from({ length: ZOOMS[zoom].days }, (_, i) => local(start).plus({ days: i }).toISODate()!);
}

/** Horizontal position (px) of a location-local date-time in the range. */
export function xOf(value: string, start: string, zoom: GanttZoom): number {
  const days = local(value).diff(local(start), 'days').days;
  return days * ZOOMS[zoom].dayWidth;
}

/**
 * Bars of the windows that overlap the range, in the order given: clipped to the range, at least 6 px wide so a
 * short job stays visible and clickable. Windows are location-local wall-clock times, laid out as such.
 */
export function barsOf<T extends GanttItem>(items: readonly T[], start: string, zoom: GanttZoom): GanttBar<T>[] {
  const width = ZOOMS[zoom].days * ZOOMS[zoom].dayWidth;
  return items.flatMap((item) => {
    const from = xOf(item.start, start, zoom);
    const to = xOf(item.end, start, zoom);
    if (to <= 0 || from >= width || to < from) return [];
    const x = Math.max(0, from);
    const right = Math.min(width, to);
    return [{ item, x, width: Math.max(6, right - x), clippedStart: from < 0, clippedEnd: to > width }];
  });
}

/**
 * How long a window lasts, as the timeline's duration column says it (D200): hours when it ends within 24 hours of
 * its start (rounded up to a whole hour), else the calendar days it touches, first and last day included.
 */
export function durationOf(start: string, end: string): { readonly unit: 'hours' | 'days'; readonly count: number } {
  const from = local(start);
  const to = local(end);
  const hours = to.diff(from, 'hours').hours;
  if (hours < 24) return { unit: 'hours', count: Math.max(1, Math.ceil(hours)) };
  return { unit: 'days', count: to.startOf('day').diff(from.startOf('day'), 'days').days + 1 };
}
