import { DateTime, IANAZone } from 'luxon';
import type { ErrorDetail } from '../../shared/errors.js';
import type { Instant, LocalDateTime, ShortNotice, TimeFrame, TimeOfDay, TimeRange } from '../types.js';
import { pathOf, problem } from './problems.js';

/** A job starting this many hours from now or sooner is short notice and must be confirmed. */
export const SHORT_NOTICE_HOURS = 72;
/** The longest job window unless the api configures another (`MAX_JOB_WINDOW_DAYS`). */
export const DEFAULT_MAX_JOB_WINDOW_DAYS = 90;
export const DEFAULT_WORKING_HOURS: TimeRange = { from: '8:00', to: '18:00' };

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

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const DAY_MS = 86_400_000;
/** Answers of `localMillis` by zone and value: one decision asks for the same few frames' ends many times. */
const localMillisCache = new Map<string, number | null>();
const LOCAL_MILLIS_CACHE_SIZE = 1_000;

/**
 * The instant (ms) of a local date-time `yyyy-MM-ddTHH:mm:ss` in a zone, or null when it is malformed or does not
 * exist there. Parsed by one pattern and built from its fields: luxon's `fromFormat` compiled the format on every call,
 * which was two thirds of the time the benchmark's order generator took to decide 100,000 orders (D112).
 */
function localMillis(value: LocalDateTime, timeZone: string): number | null {
  const key = `${timeZone} ${value}`;
  const known = localMillisCache.get(key);
  if (known !== undefined) return known;
  const millis = computeLocalMillis(value, timeZone);
  if (localMillisCache.size >= LOCAL_MILLIS_CACHE_SIZE) localMillisCache.clear();
  localMillisCache.set(key, millis);
  return millis;
}

function computeLocalMillis(value: LocalDateTime, timeZone: string): number | null {
  const match = LOCAL_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const parsed = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone: timeZone });
  // luxon moves a time inside a DST gap forward and rolls 24:00 over to the next day: a changed field means the local
  // time does not exist.
  const same =
    parsed.isValid &&
    parsed.year === year &&
    parsed.month === month &&
    parsed.day === day &&
    parsed.hour === hour &&
    parsed.minute === minute &&
    parsed.second === second;
  return same ? parsed.toMillis() : null;
}

function requireLocalMillis(value: LocalDateTime, timeZone: string): number {
  const millis = localMillis(value, timeZone);
  if (millis === null) throw new RangeError(`${value} is not an existing local date-time in ${timeZone}.`);
  return millis;
}

/** The calendar day of a local date-time as days since 1970-01-01 (its date part, whatever the zone). */
function dayNumber(value: LocalDateTime): number {
  return Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))) / DAY_MS;
}

/** Real elapsed hours from `now` to a local start (so a DST change in between counts), rounded up. */
export function hoursToStart(start: LocalDateTime, timeZone: string, now: Instant): number {
  return Math.ceil((requireLocalMillis(start, timeZone) - Date.parse(now)) / HOUR_MS);
}

export function isShortNotice(start: LocalDateTime, timeZone: string, now: Instant): boolean {
  return requireLocalMillis(start, timeZone) - Date.parse(now) <= SHORT_NOTICE_HOURS * HOUR_MS;
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
  requireLocalMillis(frame.date.from, timeZone);
  requireLocalMillis(frame.date.to, timeZone);
  return dayNumber(frame.date.to) - dayNumber(frame.date.from) + (frame.lastDayNightShift ? 0 : 1);
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
  const start = localMillis(frame.date.from, timeZone);
  const end = localMillis(frame.date.to, timeZone);
  const notLocal = (field: 'from' | 'to') =>
    problem(pathOf(path, 'date', field), 'invalid_local_date_time', `Not an existing local date and time in ${timeZone}.`);
  if (start === null || end === null) return [...(start === null ? [notLocal('from')] : []), ...(end === null ? [notLocal('to')] : []), ...working];

  const dates: ErrorDetail[] = [];
  if (end === start) {
    dates.push(problem(pathOf(path, 'date', 'to'), 'start_equals_end', 'Start and end must not be identical.'));
  } else if (end < start) {
    dates.push(problem(pathOf(path, 'date', 'to'), 'end_before_start', 'The end must be after the start.'));
  }
  if (start <= Date.parse(options.now)) {
    dates.push(problem(pathOf(path, 'date', 'from'), 'start_in_past', 'The job must start in the future.'));
  }
  if (dates.length === 0) {
    const days = jobWindowDays(frame, timeZone);
    if (days > options.maxJobWindowDays) {
      dates.push(problem(pathOf(path, 'date', 'to'), 'job_window_too_long', `The job window may not exceed ${options.maxJobWindowDays} days.`));
    } else if (
      frame.maxServiceDurationDays !== undefined &&
      (!Number.isInteger(frame.maxServiceDurationDays) || frame.maxServiceDurationDays < 1 || frame.maxServiceDurationDays > days)
    ) {
      dates.push(problem(pathOf(path, 'maxServiceDurationDays'), 'invalid_max_service_duration', `The number of days must be between 1 and ${days}.`));
    }
  }
  return [...dates, ...working];
}

/** Every broken time-frame rule (docs/product.md, time frames), with paths under `path`. */
export function timeFrameProblems(frames: readonly TimeFrame[], options: TimeFrameRuleOptions, path = 'timeframes'): ErrorDetail[] {
  if (frames.length === 0) return [problem(path, 'required', 'At least one time frame is required.')];
  return frames.flatMap((frame, index) => frameProblems(frame, options, pathOf(path, index)));
}
