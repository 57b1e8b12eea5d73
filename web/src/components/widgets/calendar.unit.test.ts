import { monthWeeks, nextRange, parseUserDate } from './calendar';

describe('calendar logic', () => {
  it('lays out weeks from Monday', () => {
    const weeks = monthWeeks('2026-11-01');
    expect(weeks[0]![0]).toBe('2026-10-26'); // a Monday
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat()).toContain('2026-11-30');
  });
  it('applies the three-click range rule', () => {
    const first = nextRange({ from: null, to: null }, '2026-11-10');
    expect(first).toEqual({ from: '2026-11-10', to: null });
    expect(nextRange(first, '2026-11-12')).toEqual({ from: '2026-11-10', to: '2026-11-12' });
    expect(nextRange(first, '2026-11-05')).toEqual({ from: '2026-11-05', to: null });
    expect(nextRange({ from: '2026-11-10', to: '2026-11-12' }, '2026-11-20')).toEqual({ from: '2026-11-20', to: null });
  });
  it('reads DD/MM/YYYY and DD.MM.YYYY', () => {
    expect(parseUserDate('21/11/2026')).toBe('2026-11-21');
    expect(parseUserDate('1.2.2027')).toBe('2027-02-01');
    expect(parseUserDate('31.02.2027')).toBeNull();
    expect(parseUserDate('tomorrow')).toBeNull();
  });
});
