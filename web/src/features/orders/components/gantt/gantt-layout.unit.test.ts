import { barsOf, durationOf, rangeDays, rangeStartFor, shiftRange, xOf, ZOOMS } from './gantt-layout';

describe('gantt layout', () => {
  it('starts ranges on the Monday of the week and moves by a week or four', () => {
    expect(rangeStartFor('2026-11-26')).toBe('2026-11-23');
    expect(rangeStartFor('2026-11-23')).toBe('2026-11-23');
    expect(shiftRange('2026-11-23', 'week', 1)).toBe('2026-11-30');
    expect(shiftRange('2026-11-23', 'month', -1)).toBe('2026-10-26');
    expect(rangeDays('2026-11-23', 'week')).toHaveLength(14);
  });

  it('places a window by its local wall-clock times', () => {
    expect(xOf('2026-11-24T12:00:00', '2026-11-23', 'week')).toBe(1.5 * ZOOMS.week.dayWidth);
  });

  it('keeps windows that overlap the range, clipped, and drops the others', () => {
    const items = [
      { id: 'inside', start: '2026-11-24T08:00:00', end: '2026-11-25T17:00:00' },
      { id: 'before', start: '2026-11-01T08:00:00', end: '2026-11-02T17:00:00' },
      { id: 'across', start: '2026-11-20T08:00:00', end: '2026-11-24T00:00:00' },
      { id: 'short', start: '2026-11-24T08:00:00', end: '2026-11-24T08:05:00' },
    ];
    const bars = barsOf(items, '2026-11-23', 'week');
    expect(bars.map((b) => b.item.id)).toEqual(['inside', 'across', 'short']);
    expect(bars[1]).toMatchObject({ x: 0, clippedStart: true, clippedEnd: false, width: ZOOMS.week.dayWidth });
    expect(bars[2]!.width).toBe(6);
  });

  it('says a window under a day in hours, a longer one in the calendar days it touches', () => {
    expect(durationOf('2026-11-24T08:00:00', '2026-11-24T17:30:00')).toEqual({ unit: 'hours', count: 10 });
    expect(durationOf('2026-11-24T22:00:00', '2026-11-25T06:00:00')).toEqual({ unit: 'hours', count: 8 });
    expect(durationOf('2026-11-24T08:00:00', '2026-11-26T17:00:00')).toEqual({ unit: 'days', count: 3 });
    expect(durationOf('2026-11-24T08:00:00', '2026-11-24T08:00:00')).toEqual({ unit: 'hours', count: 1 });
  });
});
