import { DateTime } from 'luxon';
import type { Instant, LocalDateTime, ScheduledDay, ServiceSchedule, TimeFrame, TimeRange } from '../types.js';
import { validationError, type ErrorDetail } from '../../shared/errors.js';
import { pathOf, problem, rejectIfAny } from './problems.js';
import { isPublicHoliday } from './public-holidays.js';
import { isValidTimeZone, jobWindowDays, timeFrameProblems } from './time-frames.js';

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";
const SATURDAY = 6;

/** A service the schedule is generated for. */
export interface ScheduledService {
  readonly serviceTypeId: string;
  readonly name: string;
}

export type { ScheduledDay, ServiceSchedule };

export interface ServiceScheduleRequest {
  /** The first time frame is the preferred one; the schedule is generated for it. */
  readonly timeframes: readonly TimeFrame[];
  readonly services: readonly ScheduledService[];
  /** The service location's IANA time zone. */
  readonly timeZone: string;
  /** The service location's country: its public holidays are proposed as days off. */
  readonly country?: string;
}

export interface ServiceScheduleOptions {
  readonly now: Instant;
  readonly maxJobWindowDays: number;
}

interface WorkingDay {
  readonly hours: TimeRange;
  readonly nightShift: boolean;
}

/** The first day uses the first-day working time, the last day (of a longer job) the last-day one, the others the intermediate one. */
function workingDay(frame: TimeFrame, index: number, days: number): WorkingDay {
  if (index === 0) return { hours: frame.workingTime.firstDay, nightShift: frame.firstDayNightShift };
  if (index === days - 1) return { hours: frame.workingTime.lastDay, nightShift: frame.lastDayNightShift };
  return { hours: frame.workingTime.intermediate, nightShift: frame.intermediateNightShift };
}

function at(day: DateTime, time: string): LocalDateTime {
  const [hour, minute] = time.split(':').map(Number);
  return day.set({ hour, minute, second: 0, millisecond: 0 }).toFormat(LOCAL_FORMAT);
}

function scheduledDay(day: DateTime, { hours, nightShift }: WorkingDay, country: string | undefined): ScheduledDay {
  const isHoliday = isPublicHoliday(country, day.toISODate()!);
  return {
    dateTimeFrom: at(day, hours.from),
    dateTimeTo: at(nightShift ? day.plus({ days: 1 }) : day, hours.to),
    isWorkDay: day.weekday < SATURDAY && !isHoliday,
    isHoliday,
    isOverMidnight: nightShift,
  };
}

function invalid(details: readonly ErrorDetail[]): Error {
  return validationError('One or more fields contain errors.', details);
}

/** The preferred frame, once it and the time zone pass the time-frame rules. */
function validPreferredFrame({ timeframes, timeZone }: ServiceScheduleRequest, options: ServiceScheduleOptions): TimeFrame {
  if (!isValidTimeZone(timeZone)) throw invalid([problem('timeZone', 'invalid_time_zone', 'Not an IANA time zone.')]);
  const preferred = timeframes[0];
  if (preferred === undefined) throw invalid([problem('timeframes', 'required', 'At least one time frame is required.')]);
  rejectIfAny(timeFrameProblems([preferred], { timeZone, ...options }));
  return preferred;
}

/**
 * The working days of the preferred time frame, one per calendar day of its job window, each with the working
 * time of that day; weekends and the country's public holidays are proposed as days off. Every service gets the
 * same proposal. Refuses an invalid preferred frame or time zone with the
 * time-frame rules' `validation_error` details.
 */
export function serviceSchedules(request: ServiceScheduleRequest, options: ServiceScheduleOptions): ServiceSchedule[] {
  const preferred = validPreferredFrame(request, options);
  const firstDay = DateTime.fromFormat(preferred.date.from, LOCAL_FORMAT, { zone: request.timeZone }).startOf('day');
  const days = jobWindowDays(preferred, request.timeZone);
  const dates = Array.from({ length: days }, (_, index) => scheduledDay(firstDay.plus({ days: index }), workingDay(preferred, index, days), request.country));
  return request.services.map(({ serviceTypeId, name }) => ({ serviceTypeId, name, dates }));
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
/** The scheduled times are on the quarter hour, as the time-edit dialog offers them. */
export const SCHEDULE_MINUTE_STEP = 15;

function localTime(value: LocalDateTime, timeZone: string): DateTime | null {
  if (!LOCAL_PATTERN.test(value)) return null;
  const parsed = DateTime.fromFormat(value, LOCAL_FORMAT, { zone: timeZone });
  return parsed.isValid && parsed.toFormat(LOCAL_FORMAT) === value ? parsed : null;
}

/**
 * What is wrong with one scheduled day of a frame (D216): times that exist at the location on the quarter hour,
 * from before to (on the next day when over midnight, else on the same day), and a working day within the
 * frame's window. `path` is the day's.
 */
export function scheduledDayProblems(day: ScheduledDay, frame: TimeFrame, timeZone: string, path = ''): ErrorDetail[] {
  const from = localTime(day.dateTimeFrom, timeZone);
  const to = localTime(day.dateTimeTo, timeZone);
  const notLocal = (field: string) => problem(pathOf(path, field), 'invalid_local_date_time', `Not an existing local date and time in ${timeZone}.`);
  if (from === null || to === null) return [...(from === null ? [notLocal('dateTimeFrom')] : []), ...(to === null ? [notLocal('dateTimeTo')] : [])];
  const found: ErrorDetail[] = [];
  for (const [field, time] of [
    ['dateTimeFrom', from],
    ['dateTimeTo', to],
  ] as const) {
    if (time.minute % SCHEDULE_MINUTE_STEP !== 0 || time.second !== 0) {
      found.push(problem(pathOf(path, field), 'invalid_time', `Use steps of ${SCHEDULE_MINUTE_STEP} minutes.`));
    }
  }
  const fromDay = day.dateTimeFrom.slice(0, 10);
  const toDay = day.dateTimeTo.slice(0, 10);
  const nextDay = from.plus({ days: 1 }).toISODate();
  if (day.dateTimeTo === day.dateTimeFrom) {
    found.push(problem(pathOf(path, 'dateTimeTo'), 'start_equals_end', 'Start and end times must not be identical.'));
  } else if (day.isOverMidnight && (toDay !== nextDay || day.dateTimeTo.slice(11) >= day.dateTimeFrom.slice(11))) {
    found.push(problem(pathOf(path, 'dateTimeTo'), 'night_shift_must_end_next_day', 'A shift over midnight ends on the next day, before its start time.'));
  } else if (!day.isOverMidnight && toDay !== fromDay) {
    found.push(problem(pathOf(path, 'dateTimeTo'), 'must_end_same_day', 'A day ends on the same day unless it runs over midnight.'));
  } else if (!day.isOverMidnight && day.dateTimeTo < day.dateTimeFrom) {
    found.push(problem(pathOf(path, 'dateTimeTo'), 'end_before_start', 'The end must be after the start unless the day runs over midnight.'));
  }
  const firstDay = frame.date.from.slice(0, 10);
  const lastDay = frame.lastDayNightShift ? DateTime.fromISO(frame.date.to.slice(0, 10)).minus({ days: 1 }).toISODate()! : frame.date.to.slice(0, 10);
  if (fromDay < firstDay || fromDay > lastDay) {
    found.push(problem(pathOf(path, 'dateTimeFrom'), 'outside_time_frame', 'The day is not within the time frame.'));
  } else if (day.isWorkDay && found.length === 0 && (day.dateTimeFrom < frame.date.from || day.dateTimeTo > frame.date.to)) {
    found.push(
      problem(
        pathOf(path, day.dateTimeFrom < frame.date.from ? 'dateTimeFrom' : 'dateTimeTo'),
        'outside_time_frame',
        `The working time must lie within the time frame (${frame.date.from.replace('T', ' ').slice(0, 16)} to ${frame.date.to.replace('T', ' ').slice(0, 16)}).`,
      ),
    );
  }
  return found;
}

/**
 * What is wrong with the service schedules of the frames (D216): a schedule per ordered service at most, each day
 * once, every day valid (`scheduledDayProblems`). Frames are expected to have passed their own rules.
 */
export function serviceScheduleProblems(frames: readonly TimeFrame[], serviceIds: readonly string[], timeZone: string, path = 'timeframes'): ErrorDetail[] {
  return frames.flatMap((frame, frameIndex) => {
    const seenServices = new Set<string>();
    return (frame.servicesSchedule ?? []).flatMap((schedule, index) => {
      const at = pathOf(path, frameIndex, 'servicesSchedule', index);
      if (!serviceIds.includes(schedule.serviceTypeId)) {
        return [problem(pathOf(at, 'serviceTypeId'), 'unknown_service', `'${schedule.serviceTypeId}' is not one of the ordered services.`)];
      }
      if (seenServices.has(schedule.serviceTypeId)) {
        return [problem(pathOf(at, 'serviceTypeId'), 'duplicate_service', 'A service has one schedule per time frame.')];
      }
      seenServices.add(schedule.serviceTypeId);
      const seenDays = new Set<string>();
      return schedule.dates.flatMap((day, dayIndex) => {
        const dayPath = pathOf(at, 'dates', dayIndex);
        const date = day.dateTimeFrom.slice(0, 10);
        if (seenDays.has(date)) return [problem(pathOf(dayPath, 'dateTimeFrom'), 'duplicate_date', 'Each day is scheduled once.')];
        seenDays.add(date);
        return scheduledDayProblems(day, frame, timeZone, dayPath);
      });
    });
  });
}
