import { timeFrame } from '../test-support/order-fixtures.js';
import { hoursToStart, isShortNotice, jobWindowDays, shortNoticeOf, timeFrameProblems } from './time-frames.js';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const options = { timeZone: BERLIN, now: '2026-06-01T08:00:00.000Z', maxJobWindowDays: 90 };

function codes(frames: Parameters<typeof timeFrameProblems>[0], overrides: Partial<typeof options> = {}) {
  return timeFrameProblems(frames, { ...options, ...overrides }).map((detail) => [detail.path, detail.code]);
}

describe('hours to the job start', () => {
  it('is rounded up', () => {
    // 09:30 in Berlin (summer, UTC+2) is 07:30Z: 71.5 hours after 08:00Z three days before.
    expect(hoursToStart('2026-06-04T09:30:00', BERLIN, '2026-06-01T08:00:00.000Z')).toBe(72);
    expect(hoursToStart('2026-06-04T09:00:01', BERLIN, '2026-06-01T08:00:00.000Z')).toBe(72);
  });

  it('is short notice at 71 and 72 hours, not at 73 (in the location zone)', () => {
    const now = '2026-06-01T12:00:00.000Z'; // 08:00 in New York (EDT, UTC-4)
    expect([hoursToStart('2026-06-04T07:00:00', NEW_YORK, now), isShortNotice('2026-06-04T07:00:00', NEW_YORK, now)]).toEqual([71, true]);
    expect([hoursToStart('2026-06-04T08:00:00', NEW_YORK, now), isShortNotice('2026-06-04T08:00:00', NEW_YORK, now)]).toEqual([72, true]);
    expect([hoursToStart('2026-06-04T09:00:00', NEW_YORK, now), isShortNotice('2026-06-04T09:00:00', NEW_YORK, now)]).toEqual([73, false]);
  });

  it('counts real hours across the spring DST change: 72 wall-clock hours are 71', () => {
    // Berlin moves from UTC+1 to UTC+2 on 2026-03-29.
    const now = '2026-03-26T08:00:00.000Z'; // 09:00 in Berlin
    expect(hoursToStart('2026-03-29T09:00:00', BERLIN, now)).toBe(71);
    expect(isShortNotice('2026-03-29T10:00:00', BERLIN, now)).toBe(true);
  });

  it('counts real hours across the autumn DST change: 72 wall-clock hours are 73', () => {
    // Berlin moves from UTC+2 to UTC+1 on 2026-10-25.
    const now = '2026-10-22T08:00:00.000Z'; // 10:00 in Berlin
    expect(hoursToStart('2026-10-25T10:00:00', BERLIN, now)).toBe(73);
    expect(isShortNotice('2026-10-25T10:00:00', BERLIN, now)).toBe(false);
  });

  it('reports the earliest start of all requested frames', () => {
    const frames = [timeFrame('2026-06-20T08:00:00', '2026-06-20T18:00:00'), timeFrame('2026-06-03T08:00:00', '2026-06-03T18:00:00')];
    expect(shortNoticeOf(frames, BERLIN, options.now)).toEqual({ hoursToStart: 46 });
    expect(shortNoticeOf([frames[0]!], BERLIN, options.now)).toBeNull();
  });

  it('refuses a time that does not exist in the zone', () => {
    expect(() => hoursToStart('2026-03-29T02:30:00', BERLIN, options.now)).toThrow(RangeError);
  });
});

describe('time frame rules', () => {
  it('accepts a valid frame', () => {
    expect(codes([timeFrame('2026-06-15T08:00:00', '2026-06-17T18:00:00')])).toEqual([]);
  });

  it('needs at least one frame', () => {
    expect(codes([])).toEqual([['timeframes', 'required']]);
  });

  it('needs the end after the start, and not identical', () => {
    expect(codes([timeFrame('2026-06-15T08:00:00', '2026-06-14T18:00:00')])).toEqual([['timeframes.0.date.to', 'end_before_start']]);
    expect(codes([timeFrame('2026-06-15T08:00:00', '2026-06-15T08:00:00')])).toEqual([['timeframes.0.date.to', 'start_equals_end']]);
  });

  it('needs a start in the future', () => {
    expect(codes([timeFrame('2026-05-30T08:00:00', '2026-06-02T18:00:00')])).toEqual([['timeframes.0.date.from', 'start_in_past']]);
  });

  it('refuses a local time skipped by the DST change, and malformed dates', () => {
    expect(codes([timeFrame('2027-03-28T02:30:00', '2027-03-28T18:00:00')])).toEqual([['timeframes.0.date.from', 'invalid_local_date_time']]);
    expect(codes([timeFrame('2026-06-15T08:00:00', '2026-06-31T18:00:00')])).toEqual([['timeframes.0.date.to', 'invalid_local_date_time']]);
    expect(codes([timeFrame('2026-06-15T24:00:00', '2026-06-17T18:00:00')])).toEqual([['timeframes.0.date.from', 'invalid_local_date_time']]);
    expect(codes([timeFrame('2026-6-15T08:00:00', '2026-06-17T18:00:00')])).toEqual([['timeframes.0.date.from', 'invalid_local_date_time']]);
    expect(codes([timeFrame('2026-06-15T08:00', '2026-06-17T18:00:00')])).toEqual([['timeframes.0.date.from', 'invalid_local_date_time']]);
  });

  it('judges the same local time by its own zone each time (a skipped hour in Berlin exists in New York)', () => {
    const frames = [timeFrame('2027-03-28T02:30:00', '2027-03-29T18:00:00')];
    expect(codes(frames)).toEqual([['timeframes.0.date.from', 'invalid_local_date_time']]);
    expect(codes(frames, { timeZone: NEW_YORK })).toEqual([]);
    expect(codes(frames)).toEqual([['timeframes.0.date.from', 'invalid_local_date_time']]);
  });

  it('takes the first instant of 1970 as an instant like any other (in the past, not malformed)', () => {
    expect(codes([timeFrame('1970-01-01T00:00:00', '1970-01-02T00:00:00')], { timeZone: 'UTC' })).toEqual([['timeframes.0.date.from', 'start_in_past']]);
  });

  it('counts calendar days across a DST change', () => {
    expect(jobWindowDays(timeFrame('2027-03-27T08:00:00', '2027-03-29T18:00:00'), BERLIN)).toBe(3);
    expect(jobWindowDays(timeFrame('2026-10-24T08:00:00', '2026-10-26T06:00:00'), BERLIN)).toBe(3);
    expect(jobWindowDays(timeFrame('2026-12-31T08:00:00', '2027-01-01T18:00:00'), BERLIN)).toBe(2);
  });

  it('limits the job window to the configured number of days', () => {
    expect(codes([timeFrame('2026-06-15T08:00:00', '2026-09-12T18:00:00')])).toEqual([]); // 90 days
    expect(codes([timeFrame('2026-06-15T08:00:00', '2026-09-13T18:00:00')])).toEqual([['timeframes.0.date.to', 'job_window_too_long']]);
    expect(codes([timeFrame('2026-06-15T08:00:00', '2026-06-17T18:00:00')], { maxJobWindowDays: 2 })).toEqual([
      ['timeframes.0.date.to', 'job_window_too_long'],
    ]);
  });

  it('does not count the morning after a last-day night shift as a day', () => {
    const night = { firstDayNightShift: true, intermediateNightShift: true, lastDayNightShift: true };
    const workingTime = { firstDay: { from: '22:00', to: '6:00' }, intermediate: { from: '22:00', to: '6:00' }, lastDay: { from: '22:00', to: '6:00' } };
    const frame = timeFrame('2026-06-15T22:00:00', '2026-06-16T06:00:00', { ...night, workingTime });
    expect(jobWindowDays(frame, BERLIN)).toBe(1);
    expect(codes([frame])).toEqual([]);
  });

  it('lets working time end before it starts only on a night shift', () => {
    const overnight = { from: '22:00', to: '6:00' };
    const day = { from: '8:00', to: '18:00' };
    const frame = (firstDayNightShift: boolean, firstDay: { from: string; to: string }) =>
      timeFrame('2026-06-15T08:00:00', '2026-06-17T18:00:00', { firstDayNightShift, workingTime: { firstDay, intermediate: day, lastDay: day } });
    expect(codes([frame(true, overnight)])).toEqual([]);
    expect(codes([frame(false, overnight)])).toEqual([['timeframes.0.workingTime.firstDay.to', 'end_before_start']]);
    expect(codes([frame(true, day)])).toEqual([['timeframes.0.workingTime.firstDay.to', 'night_shift_must_end_next_day']]);
    expect(codes([frame(false, { from: '8:00', to: '8:00' })])).toEqual([['timeframes.0.workingTime.firstDay.to', 'start_equals_end']]);
    expect(codes([frame(false, { from: '25:00', to: '8:00' })])).toEqual([['timeframes.0.workingTime.firstDay.from', 'invalid_time']]);
  });

  it('checks the number of service days against the window', () => {
    const flexible = (maxServiceDurationDays: number) =>
      timeFrame('2026-06-15T08:00:00', '2026-06-19T18:00:00', { timeFrameType: 'FLEXIBLE', maxServiceDurationDays });
    expect(codes([flexible(3)])).toEqual([]);
    expect(codes([flexible(6)])).toEqual([['timeframes.0.maxServiceDurationDays', 'invalid_max_service_duration']]);
    expect(codes([flexible(0)])).toEqual([['timeframes.0.maxServiceDurationDays', 'invalid_max_service_duration']]);
  });

  it('reports every frame with its index', () => {
    const valid = timeFrame('2026-06-15T08:00:00', '2026-06-17T18:00:00');
    expect(codes([valid, timeFrame('2026-06-15T08:00:00', '2026-06-14T18:00:00')])).toEqual([['timeframes.1.date.to', 'end_before_start']]);
  });
});
