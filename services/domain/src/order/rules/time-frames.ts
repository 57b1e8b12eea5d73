import { DateTime, IANAZone } from 'luxon';
import type { ErrorDetail } from '../../shared/errors.js';
import type { Instant, LocalDateTime, ShortNotice, TimeFrame, TimeOfDay, TimeRange } from '../types.js';
import { pathOf, problem } from './problems.js';

/** A job starting this many hours from now or sooner is short notice and must be confirmed. */
export const SHORT_NOTICE_HOURS = 72;
/** The longest job window unless the api configures another (the spec leaves the value open). */
export const DEFAULT_MAX_JOB_WINDOW_DAYS = 90;
export const DEFAULT_WORKING_HOURS: TimeRange = { from: '8:00', to: '18:00' };

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";
const HOUR_MS = 3_600_000;

export interface TimeFrameRuleOptions {
  /** The service location's IANA time zone. */
  readonly timeZone: string;
  readonly now: Instant;
  readonly maxJobWindowDays: number;
}

/** Through luxon's zone cache: `IANAZone.isValidZone` builds an Intl formatter on every call (a third of a decision's time). */
export function isValidTimeZone(timeZone: string): boolean {
  return timeZone !== '' && IANAZone.create(timeZone).isValid;
}

/** The instant of a local date-time, or null when it is malformed or skipped by a daylight-saving change. */
function localInstant(value: LocalDateTime, timeZone: string): DateTime | null {
  const parsed = DateTime.fromFormat(value, LOCAL_FORMAT, { zone: timeZone });
  // luxon moves a time inside a DST gap forward; a changed round trip means the time does not exist there.
  return parsed.isValid && parsed.toFormat(LOCAL_FORMAT) === value ? parsed : null;
}

function requireLocalInstant(value: LocalDateTime, timeZone: string): DateTime {
  const instant = localInstant(value, timeZone);
  if (!instant) throw new RangeError(`${value} is not an existing local date-time in ${timeZone}.`);
  return instant;
}

/** Real elapsed hours from `now` to a local start (so a DST change in between counts), rounded up. */
export function hoursToStart(start: LocalDateTime, timeZone: string, now: Instant): number {
  return Math.ceil((requireLocalInstant(start, timeZone).toMillis() - Date.parse(now)) / HOUR_MS);
}

export function isShortNotice(start: LocalDateTime, timeZone: string, now: Instant): boolean {
  return requireLocalInstant(start, timeZone).toMillis() - Date.parse(now) <= SHORT_NOTICE_HOURS * HOUR_MS;
}

/** Short notice of the earliest requested start, or null. Expects frames that passed `timeFrameProblems`. */
export function shortNoticeOf(frames: readonly TimeFrame[], timeZone: string, now: Instant): ShortNotice | null {
  const starts = frames.map((frame) => frame.date.from).sort();
  const earliest = starts[0];
  if (earliest === undefined || !isShortNotice(earliest, timeZone, now)) return null;
  return { hoursToStart: hoursToStart(earliest, timeZone, now) };
}

/**
 * Calendar days the job window spans, first and last day included. A last-day night shift ends on the
 * next morning, which belongs to the day before and is not counted.
 */
export function jobWindowDays(frame: TimeFrame, timeZone: string): number {
  const start = requireLocalInstant(frame.date.from, timeZone).startOf('day');
  const end = requireLocalInstant(frame.date.to, timeZone).startOf('day');
  return Math.round(end.diff(start, 'days').days) + (frame.lastDayNightShift ? 0 : 1);
}

/** Minutes after midnight of an `H:mm` time, or null. */
function minutesOf(time: TimeOfDay): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function workingTimeProblems(range: TimeRange, nightShift: boolean, path: string): ErrorDetail[] {
  const from = minutesOf(range.from);
  const to = minutesOf(range.to);
  if (from === null) return [problem(pathOf(path, 'from'), 'invalid_time', 'Use H:mm, e.g. 8:00.')];
  if (to === null) return [problem(pathOf(path, 'to'), 'invalid_time', 'Use H:mm, e.g. 18:00.')];
  if (from === to) return [problem(pathOf(path, 'to'), 'start_equals_end', 'Start and end times must not be identical.')];
  if (nightShift && to > from) {
    return [problem(pathOf(path, 'to'), 'night_shift_must_end_next_day', 'A night shift ends on the next day, before its start time.')];
  }
  if (!nightShift && to < from) {
    return [problem(pathOf(path, 'to'), 'end_before_start', 'The end must be after the start unless this is a night shift.')];
  }
  return [];
}

function frameProblems(frame: TimeFrame, options: TimeFrameRuleOptions, path: string): ErrorDetail[] {
  const { timeZone } = options;
  const working = [
    ...workingTimeProblems(frame.workingTime.firstDay, frame.firstDayNightShift, pathOf(path, 'workingTime', 'firstDay')),
    ...workingTimeProblems(frame.workingTime.intermediate, frame.intermediateNightShift, pathOf(path, 'workingTime', 'intermediate')),
    ...workingTimeProblems(frame.workingTime.lastDay, frame.lastDayNightShift, pathOf(path, 'workingTime', 'lastDay')),
  ];
  const start = localInstant(frame.date.from, timeZone);
  const end = localInstant(frame.date.to, timeZone);
  const notLocal = (field: 'from' | 'to') =>
    problem(pathOf(path, 'date', field), 'invalid_local_date_time', `Not an existing local date and time in ${timeZone}.`);
  if (!start || !end) return [...(start ? [] : [notLocal('from')]), ...(end ? [] : [notLocal('to')]), ...working];

  const dates: ErrorDetail[] = [];
  if (end.toMillis() === start.toMillis()) {
    dates.push(problem(pathOf(path, 'date', 'to'), 'start_equals_end', 'Start and end must not be identical.'));
  } else if (end < start) {
    dates.push(problem(pathOf(path, 'date', 'to'), 'end_before_start', 'The end must be after the start.'));
  }
  if (start.toMillis() <= Date.parse(options.now)) {
    dates.push(problem(pathOf(path, 'date', 'from'), 'start_in_past', 'The job must start in the future.'));
  }
  if (dates.length === 0) {
    const days = jobWindowDays(frame, timeZone);
    if (days > options.maxJobWindowDays) {
      dates.push(
        problem(pathOf(path, 'date', 'to'), 'job_window_too_long', `The job window may not exceed ${options.maxJobWindowDays} days.`),
      );
    } else if (
      frame.maxServiceDurationDays !== undefined &&
      (!Number.isInteger(frame.maxServiceDurationDays) || frame.maxServiceDurationDays < 1 || frame.maxServiceDurationDays > days)
    ) {
      dates.push(
        problem(pathOf(path, 'maxServiceDurationDays'), 'invalid_max_service_duration', `The number of days must be between 1 and ${days}.`),
      );
    }
  }
  return [...dates, ...working];
}

/** Every broken time-frame rule of the spec's section 5, with paths under `path`. */
export function timeFrameProblems(frames: readonly TimeFrame[], options: TimeFrameRuleOptions, path = 'timeframes'): ErrorDetail[] {
  if (frames.length === 0) return [problem(path, 'required', 'At least one time frame is required.')];
  return frames.flatMap((frame, index) => frameProblems(frame, options, pathOf(path, index)));
}
