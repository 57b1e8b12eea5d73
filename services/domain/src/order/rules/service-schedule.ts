import { DateTime } from 'luxon';
import type { Instant, LocalDateTime, TimeFrame, TimeRange } from '../types.js';
import { validationError, type ErrorDetail } from '../../shared/errors.js';
import { problem, rejectIfAny } from './problems.js';
import { isValidTimeZone, jobWindowDays, timeFrameProblems } from './time-frames.js';

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";
const SATURDAY = 6;

/** A service the schedule is generated for. */
export interface ScheduledService {
  readonly serviceTypeId: string;
  readonly name: string;
}

/** One day of a service's schedule, local to the service location. */
export interface ScheduledDay {
  readonly dateTimeFrom: LocalDateTime;
  readonly dateTimeTo: LocalDateTime;
  /** Monday to Friday are proposed as working days; the customer may switch any day. */
  readonly isWorkDay: boolean;
  /** There is no holiday calendar yet, so no day is a holiday. */
  readonly isHoliday: boolean;
  /** A night shift ends on the next day. */
  readonly isOverMidnight: boolean;
}

export interface ServiceSchedule extends ScheduledService {
  readonly dates: readonly ScheduledDay[];
}

export interface ServiceScheduleRequest {
  /** The first time frame is the preferred one; the schedule is generated for it. */
  readonly timeframes: readonly TimeFrame[];
  readonly services: readonly ScheduledService[];
  /** The service location's IANA time zone. */
  readonly timeZone: string;
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

function scheduledDay(day: DateTime, { hours, nightShift }: WorkingDay): ScheduledDay {
  return {
    dateTimeFrom: at(day, hours.from),
    dateTimeTo: at(nightShift ? day.plus({ days: 1 }) : day, hours.to),
    isWorkDay: day.weekday < SATURDAY,
    isHoliday: false,
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
 * time of that day; every service gets the same proposal. Refuses an invalid preferred frame or time zone with the
 * time-frame rules' `validation_error` details.
 */
export function serviceSchedules(request: ServiceScheduleRequest, options: ServiceScheduleOptions): ServiceSchedule[] {
  const preferred = validPreferredFrame(request, options);
  const firstDay = DateTime.fromFormat(preferred.date.from, LOCAL_FORMAT, { zone: request.timeZone }).startOf('day');
  const days = jobWindowDays(preferred, request.timeZone);
  const dates = Array.from({ length: days }, (_, index) => scheduledDay(firstDay.plus({ days: index }), workingDay(preferred, index, days)));
  return request.services.map(({ serviceTypeId, name }) => ({ serviceTypeId, name, dates }));
}
