import type { TimeFrame } from '../types.js';
import { feasibilityOf } from './feasibility.js';

const day = { from: '8:00', to: '18:00' };
const frame = (from: string, to: string, extra: Partial<TimeFrame> = {}): TimeFrame => ({
  date: { from, to },
  timeFrameType: 'FIXED',
  workingTime: { firstDay: day, intermediate: day, lastDay: day },
  firstDayNightShift: false,
  intermediateNightShift: false,
  lastDayNightShift: false,
  ...extra,
});
// Tuesday 24 November 2026, 10:30 in Berlin.
const options = { timeZone: 'Europe/Berlin', now: '2026-11-24T09:30:00.000Z', maxJobWindowDays: 90 };

describe('feasibility while ordering', () => {
  it('names the earliest start without short notice, on the next whole hour at the location', () => {
    expect(feasibilityOf([], options).earliestStandardStart).toBe('2026-11-27T11:00:00');
    expect(feasibilityOf([], { ...options, timeZone: 'America/Chicago' }).earliestStandardStart).toBe('2026-11-27T04:00:00');
  });

  it('reports short notice with the hours to the start, rounded up, as the server judges it', () => {
    const result = feasibilityOf([frame('2026-11-26T08:00:00', '2026-11-26T17:00:00')], options);
    expect(result.problems).toEqual([]);
    expect(result.rules).toEqual([{ rule: 'short_notice', hoursToStart: 46 }]);
  });

  it('names night shifts and weekend work per frame, and a window close to its maximum', () => {
    const night = frame('2026-12-08T22:00:00', '2026-12-09T06:00:00', {
      workingTime: { firstDay: { from: '22:00', to: '6:00' }, intermediate: { from: '22:00', to: '6:00' }, lastDay: { from: '22:00', to: '6:00' } },
      firstDayNightShift: true,
      intermediateNightShift: true,
      lastDayNightShift: true,
    });
    const weekend = frame('2026-12-12T08:00:00', '2026-12-13T17:00:00');
    const long = frame('2027-01-04T08:00:00', '2027-03-26T17:00:00');
    const result = feasibilityOf([night, weekend, long], options);
    expect(result.problems).toEqual([]);
    expect(result.rules).toEqual([
      { rule: 'night_shift', frames: [0] },
      { rule: 'weekend', frames: [1, 2] },
      { rule: 'max_window', frame: 2, days: 82, maxDays: 90 },
    ]);
  });

  it('gives the problems the server would refuse instead of rules', () => {
    const result = feasibilityOf([frame('2026-11-20T08:00:00', '2026-11-19T17:00:00')], options);
    expect(result.rules).toEqual([]);
    expect(result.problems.map((p) => p.code)).toEqual(['end_before_start', 'start_in_past']);
  });
});
