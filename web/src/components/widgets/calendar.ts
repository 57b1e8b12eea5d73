import { DateTime } from 'luxon';

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

export interface DateRange {
  from: IsoDate | null;
  to: IsoDate | null;
}

/** The weeks of a month as rows of 7 ISO dates, Monday first, padded with neighbour days. */
export function monthWeeks(month: IsoDate): IsoDate[][] {
  const first = DateTime.fromISO(month).startOf('month');
  const start = first.minus({ days: first.weekday - 1 });
  const last = first.endOf('month');
  const weeks: IsoDate[][] = [];
  let day = start;
  while (day <= last || weeks.length === 0 || weeks[weeks.length - 1]!.length < 7) {
    if (weeks.length === 0 || weeks[weeks.length - 1]!.length === 7) {
      if (day > last) break;
      weeks.push([]);
    }
    weeks[weeks.length - 1]!.push(day.toISODate()!);
    day = day.plus({ days: 1 });
  }
  return weeks;
}

/**
 * The date range picker's click rule: the first click sets the start, the second the end; a click before the start
 * (or any click once both are set) starts again from the clicked day.
 */
export function nextRange(range: DateRange, clicked: IsoDate): DateRange {
  if (!range.from || range.to || clicked < range.from) return { from: clicked, to: null };
  return { from: range.from, to: clicked };
}

/** Reads DD/MM/YYYY and DD.MM.YYYY and ISO; null when it is not a real date. */
export function parseUserDate(text: string): IsoDate | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(trimmed);
  const dt = match ? DateTime.fromObject({ day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) }) : DateTime.fromISO(trimmed);
  return dt.isValid && (match || /^\d{4}-\d{2}-\d{2}$/.test(trimmed)) ? dt.toISODate() : null;
}

export function todayIso(): IsoDate {
  return DateTime.local().toISODate()!;
}

/** Today in UTC: the day the server counts by where days are UTC days (a partner offer's validity). */
export function todayUtcIso(): IsoDate {
  return DateTime.utc().toISODate()!;
}

export function isBefore(a: IsoDate, b: IsoDate): boolean {
  return a < b;
}
