import { DomainError } from '../../shared/errors.js';
import { NOW, timeFrame } from '../test-support/order-fixtures.js';
import { isPublicHoliday } from './public-holidays.js';
import { serviceScheduleProblems, serviceSchedules, type ServiceScheduleRequest } from './service-schedule.js';

const BERLIN = 'Europe/Berlin';
const options = { now: NOW, maxJobWindowDays: 90 };
const CALIBRATION = { serviceTypeId: 'svc-calibration', name: 'Sensor and instrument calibration' };
const INSPECTION = { serviceTypeId: 'svc-preventive-maintenance', name: 'Preventive maintenance inspection' };

function request(overrides: Partial<ServiceScheduleRequest> = {}): ServiceScheduleRequest {
  // Monday 15 to Wednesday 17 June 2026.
  return { timeframes: [timeFrame('2026-06-15T08:00:00', '2026-06-17T18:00:00')], services: [CALIBRATION], timeZone: BERLIN, ...overrides };
}

function problemsOf(run: () => unknown): [string, string][] {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.details.map((d) => [d.path, d.code]);
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('service schedules of the preferred time frame', () => {
  it('proposes one day per calendar day of the window, with the working time of the first, intermediate and last day', () => {
    const frame = timeFrame('2026-06-15T07:00:00', '2026-06-17T16:00:00', {
      workingTime: { firstDay: { from: '7:00', to: '15:30' }, intermediate: { from: '6:00', to: '18:00' }, lastDay: { from: '8:00', to: '16:00' } },
    });
    const [schedule] = serviceSchedules(request({ timeframes: [frame] }), options);
    expect(schedule).toEqual({
      ...CALIBRATION,
      dates: [
        { dateTimeFrom: '2026-06-15T07:00:00', dateTimeTo: '2026-06-15T15:30:00', isWorkDay: true, isHoliday: false, isOverMidnight: false },
        { dateTimeFrom: '2026-06-16T06:00:00', dateTimeTo: '2026-06-16T18:00:00', isWorkDay: true, isHoliday: false, isOverMidnight: false },
        { dateTimeFrom: '2026-06-17T08:00:00', dateTimeTo: '2026-06-17T16:00:00', isWorkDay: true, isHoliday: false, isOverMidnight: false },
      ],
    });
  });

  it('gives every service the same days', () => {
    const schedules = serviceSchedules(request({ services: [CALIBRATION, INSPECTION] }), options);
    expect(schedules.map((s) => s.serviceTypeId)).toEqual(['svc-calibration', 'svc-preventive-maintenance']);
    expect(schedules[1]!.dates).toEqual(schedules[0]!.dates);
  });

  it('uses only the first, preferred time frame', () => {
    const alternative = timeFrame('2026-07-01T08:00:00', '2026-07-10T18:00:00');
    const [schedule] = serviceSchedules(request({ timeframes: [request().timeframes[0]!, alternative] }), options);
    expect(schedule!.dates.map((d) => d.dateTimeFrom.slice(0, 10))).toEqual(['2026-06-15', '2026-06-16', '2026-06-17']);
  });

  it('lets a night shift end on the next morning, without counting that morning as a day', () => {
    const frame = timeFrame('2026-06-15T22:00:00', '2026-06-17T06:00:00', {
      workingTime: { firstDay: { from: '22:00', to: '6:00' }, intermediate: { from: '22:00', to: '6:00' }, lastDay: { from: '22:00', to: '6:00' } },
      firstDayNightShift: true,
      intermediateNightShift: true,
      lastDayNightShift: true,
    });
    const [schedule] = serviceSchedules(request({ timeframes: [frame] }), options);
    expect(schedule!.dates.map((d) => [d.dateTimeFrom, d.dateTimeTo, d.isOverMidnight])).toEqual([
      ['2026-06-15T22:00:00', '2026-06-16T06:00:00', true],
      ['2026-06-16T22:00:00', '2026-06-17T06:00:00', true],
    ]);
  });

  it('proposes weekends as days off', () => {
    // Friday 19 to Monday 22 June 2026.
    const [schedule] = serviceSchedules(request({ timeframes: [timeFrame('2026-06-19T08:00:00', '2026-06-22T18:00:00')] }), options);
    expect(schedule!.dates.map((d) => [d.dateTimeFrom.slice(0, 10), d.isWorkDay])).toEqual([
      ['2026-06-19', true],
      ['2026-06-20', false],
      ['2026-06-21', false],
      ['2026-06-22', true],
    ]);
  });

  it('keeps local wall-clock times across a daylight-saving change', () => {
    // Berlin moves from UTC+2 to UTC+1 on Sunday 25 October 2026.
    const frame = timeFrame('2026-10-24T08:00:00', '2026-10-26T18:00:00');
    const [schedule] = serviceSchedules(request({ timeframes: [frame] }), { ...options, now: '2026-10-01T00:00:00.000Z' });
    expect(schedule!.dates.map((d) => [d.dateTimeFrom, d.dateTimeTo])).toEqual([
      ['2026-10-24T08:00:00', '2026-10-24T18:00:00'],
      ['2026-10-25T08:00:00', '2026-10-25T18:00:00'],
      ['2026-10-26T08:00:00', '2026-10-26T18:00:00'],
    ]);
  });

  it('returns no schedules when no services are given', () => {
    expect(serviceSchedules(request({ services: [] }), options)).toEqual([]);
  });

  it('refuses a missing time frame, an unknown time zone and a broken preferred frame', () => {
    expect(problemsOf(() => serviceSchedules(request({ timeframes: [] }), options))).toEqual([['timeframes', 'required']]);
    expect(problemsOf(() => serviceSchedules(request({ timeZone: 'Mars/Olympus' }), options))).toEqual([['timeZone', 'invalid_time_zone']]);
    expect(problemsOf(() => serviceSchedules(request({ timeframes: [timeFrame('2026-06-17T08:00:00', '2026-06-15T18:00:00')] }), options))).toEqual([
      ['timeframes.0.date.to', 'end_before_start'],
    ]);
    expect(problemsOf(() => serviceSchedules(request(), { ...options, maxJobWindowDays: 2 }))).toEqual([['timeframes.0.date.to', 'job_window_too_long']]);
  });

  it("marks the country's public holidays and proposes them as days off, over a weekend and a night shift", () => {
    // Thursday 1 to Monday 5 October 2026 in Germany: Saturday 3 October is German Unity Day; the last day is a night shift.
    const frame = timeFrame('2026-10-01T08:00:00', '2026-10-06T06:00:00', {
      workingTime: { firstDay: { from: '8:00', to: '18:00' }, intermediate: { from: '8:00', to: '18:00' }, lastDay: { from: '22:00', to: '6:00' } },
      lastDayNightShift: true,
    });
    const [schedule] = serviceSchedules(request({ timeframes: [frame], country: 'de' }), { ...options, now: '2026-09-01T00:00:00.000Z' });
    expect(schedule!.dates.map((d) => [d.dateTimeFrom, d.dateTimeTo, d.isWorkDay, d.isHoliday, d.isOverMidnight])).toEqual([
      ['2026-10-01T08:00:00', '2026-10-01T18:00:00', true, false, false],
      ['2026-10-02T08:00:00', '2026-10-02T18:00:00', true, false, false],
      ['2026-10-03T08:00:00', '2026-10-03T18:00:00', false, true, false],
      ['2026-10-04T08:00:00', '2026-10-04T18:00:00', false, false, false],
      ['2026-10-05T22:00:00', '2026-10-06T06:00:00', true, false, true],
    ]);
  });

  it('knows fixed, Easter and weekday holidays', () => {
    expect(isPublicHoliday('de', '2026-04-03')).toBe(true); // Good Friday
    expect(isPublicHoliday('de', '2026-05-25')).toBe(true); // Whit Monday
    expect(isPublicHoliday('us', '2026-11-26')).toBe(true); // Thanksgiving, fourth Thursday
    expect(isPublicHoliday('uk', '2026-05-25')).toBe(true); // last Monday of May
    expect(isPublicHoliday('uk', '2026-10-03')).toBe(false);
    expect(isPublicHoliday(undefined, '2026-12-25')).toBe(false);
  });
});

describe('service schedule rules', () => {
  const frame = timeFrame('2026-06-15T08:00:00', '2026-06-17T18:00:00');
  const day = (from: string, to: string, more: object = {}) => ({
    dateTimeFrom: from,
    dateTimeTo: to,
    isWorkDay: true,
    isHoliday: false,
    isOverMidnight: false,
    ...more,
  });
  const problems = (dates: object[], serviceTypeId = 'svc-calibration') =>
    serviceScheduleProblems([{ ...frame, servicesSchedule: [{ serviceTypeId, name: 'Calibration', dates: dates as never }] }], ['svc-calibration'], BERLIN).map(
      (p) => [p.path, p.code],
    );

  it('accepts edited days within the window, a day off and a shift over midnight', () => {
    expect(
      problems([
        day('2026-06-15T09:00:00', '2026-06-15T17:45:00'),
        day('2026-06-16T22:00:00', '2026-06-17T06:00:00', { isOverMidnight: true }),
        day('2026-06-17T06:00:00', '2026-06-17T07:00:00', { isWorkDay: false }),
      ]),
    ).toEqual([]);
  });

  it('refuses each broken day with its code', () => {
    const at = (i: number, field: string) => `timeframes.0.servicesSchedule.0.dates.${i}.${field}`;
    expect(
      problems([
        day('2026-06-15T09:10:00', '2026-06-15T17:00:00'),
        day('2026-06-16T12:00:00', '2026-06-16T10:00:00'),
        day('2026-06-17T22:00:00', '2026-06-17T23:00:00', { isOverMidnight: true }),
      ]),
    ).toEqual([
      [at(0, 'dateTimeFrom'), 'invalid_time'],
      [at(1, 'dateTimeTo'), 'end_before_start'],
      [at(2, 'dateTimeTo'), 'night_shift_must_end_next_day'],
    ]);
    expect(problems([day('2026-06-15T07:00:00', '2026-06-15T12:00:00')])).toEqual([[at(0, 'dateTimeFrom'), 'outside_time_frame']]);
    expect(problems([day('2026-06-18T08:00:00', '2026-06-18T12:00:00', { isWorkDay: false })])).toEqual([[at(0, 'dateTimeFrom'), 'outside_time_frame']]);
    expect(problems([day('2026-06-15T09:00:00', '2026-06-16T01:00:00')])).toEqual([[at(0, 'dateTimeTo'), 'must_end_same_day']]);
    expect(problems([day('2026-06-15T09:00:00', '2026-06-15T09:00:00')])).toEqual([[at(0, 'dateTimeTo'), 'start_equals_end']]);
    expect(problems([day('2026-06-15T09:00:00', '2026-06-15T10:00:00'), day('2026-06-15T11:00:00', '2026-06-15T12:00:00')])).toEqual([
      [at(1, 'dateTimeFrom'), 'duplicate_date'],
    ]);
    expect(problems([day('2026-06-15T09:00:00', '2026-06-15T10:00:00')], 'svc-other')).toEqual([
      ['timeframes.0.servicesSchedule.0.serviceTypeId', 'unknown_service'],
    ]);
  });
});
