import { DateTime } from 'luxon';

export const KPI_PRESETS = ['last3', 'last12', 'thisYear', 'lastYear'] as const;
export type KpiPreset = (typeof KPI_PRESETS)[number];

/** The months (YYYY-MM, inclusive) a preset covers, counted from `now`. */
export function monthsOf(preset: KpiPreset, now: DateTime = DateTime.local()): { from: string; to: string } {
  const month = (d: DateTime) => d.toFormat('yyyy-MM');
  switch (preset) {
    case 'last3':
      return { from: month(now.minus({ months: 2 })), to: month(now) };
    case 'last12':
      return { from: month(now.minus({ months: 11 })), to: month(now) };
    case 'thisYear':
      return { from: `${now.year}-01`, to: month(now) };
    case 'lastYear':
      return { from: `${now.year - 1}-01`, to: `${now.year - 1}-12` };
  }
}
