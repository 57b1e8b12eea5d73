import { DateTime } from 'luxon';
import type { ErrorDetail } from '../../shared/errors.js';
import type { Instant, LocalDateTime, TimeFrame } from '../types.js';
import { isValidTimeZone, jobWindowDays, shortNoticeOf, SHORT_NOTICE_HOURS, timeFrameProblems } from './time-frames.js';

/** A rule that applies to the requested time frames, as the ordering form explains it before submit. */
export type FeasibilityRule =
  | { readonly rule: 'short_notice'; readonly hoursToStart: number }
  | { readonly rule: 'night_shift'; readonly frames: readonly number[] }
  | { readonly rule: 'weekend'; readonly frames: readonly number[] }
  | { readonly rule: 'max_window'; readonly frame: number; readonly days: number; readonly maxDays: number };

export interface Feasibility {
  /** The broken rules the server would refuse (paths under `timeframes`), empty when the frames can be submitted. */
  readonly problems: readonly ErrorDetail[];
  /** What applies to frames that can be submitted: short notice needs a confirmation, the others inform. */
  readonly rules: readonly FeasibilityRule[];
  /** The earliest local start (whole hour, location time) that is not short notice. */
  readonly earliestStandardStart: LocalDateTime;
}

export interface FeasibilityOptions {
  readonly timeZone: string;
  readonly now: Instant;
  readonly maxJobWindowDays: number;
}

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";

/** Whether a frame's window includes a Saturday or a Sunday at the location. */
function touchesWeekend(frame: TimeFrame, timeZone: string): boolean {
  const start = DateTime.fromFormat(frame.date.from, LOCAL_FORMAT, { zone: timeZone }).startOf('day');
  const days = Math.min(jobWindowDays(frame, timeZone), 7);
  for (let i = 0; i < days; i++) if (start.plus({ days: i }).weekday >= 6) return true;
  return false;
}

/**
 * What the ordering form shows while the customer picks dates (D24): the same rules the
 * server applies on submit — `timeFrameProblems` and `shortNoticeOf` — plus what they imply (night shifts,
 * weekend work, a window near its maximum) and the earliest start without short notice.
 */
export function feasibilityOf(frames: readonly TimeFrame[], options: FeasibilityOptions): Feasibility {
  const { timeZone, now } = options;
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const earliest = DateTime.fromISO(now, { zone }).plus({ hours: SHORT_NOTICE_HOURS });
  const earliestStandardStart = (earliest.minute || earliest.second || earliest.millisecond ? earliest.plus({ hours: 1 }).startOf('hour') : earliest).toFormat(
    LOCAL_FORMAT,
  );
  if (!isValidTimeZone(timeZone)) return { problems: [], rules: [], earliestStandardStart };
  const problems = timeFrameProblems(frames, options);
  if (problems.length > 0) return { problems, rules: [], earliestStandardStart };

  const rules: FeasibilityRule[] = [];
  const shortNotice = shortNoticeOf(frames, timeZone, now);
  if (shortNotice) rules.push({ rule: 'short_notice', hoursToStart: shortNotice.hoursToStart });
  const night = frames.flatMap((f, i) => (f.firstDayNightShift || f.intermediateNightShift || f.lastDayNightShift ? [i] : []));
  if (night.length) rules.push({ rule: 'night_shift', frames: night });
  const weekend = frames.flatMap((f, i) => (touchesWeekend(f, timeZone) ? [i] : []));
  if (weekend.length) rules.push({ rule: 'weekend', frames: weekend });
  frames.forEach((frame, i) => {
    const days = jobWindowDays(frame, timeZone);
    if (days > options.maxJobWindowDays * 0.8) rules.push({ rule: 'max_window', frame: i, days, maxDays: options.maxJobWindowDays });
  });
  return { problems, rules, earliestStandardStart };
}
