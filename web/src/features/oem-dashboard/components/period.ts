import { DateTime } from 'luxon';

/** The presets: default (last year + next 6 months), last year, last 3 months, last month; or days the user picks. */
export const DASHBOARD_PRESETS = ['default', 'lastYear', 'last3', 'lastMonth', 'custom'] as const;
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];

/** The days of a preset; a custom period is its picked days once both are picked, else the default's. */
export function daysOf(
  preset: DashboardPreset,
  now: DateTime = DateTime.local(),
  picked?: { from: string | null; to: string | null },
): { from: string; to: string } {
  const day = (d: DateTime) => d.toISODate()!;
  switch (preset) {
    case 'default':
      return { from: day(now.minus({ years: 1 })), to: day(now.plus({ months: 6 })) };
    case 'lastYear':
      return { from: day(now.minus({ years: 1 })), to: day(now) };
    case 'last3':
      return { from: day(now.minus({ months: 3 })), to: day(now) };
    case 'lastMonth':
      return { from: day(now.minus({ months: 1 })), to: day(now) };
    case 'custom':
      return picked?.from && picked.to ? { from: picked.from, to: picked.to } : daysOf('default', now);
  }
}
