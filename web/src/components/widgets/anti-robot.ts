/** What the form sends for the api's anti-spam check. */
export interface AntiRobotValue {
  /** The hidden honeypot checkbox: only robots tick it. */
  checked: boolean;
  /** When the form was opened (ms since epoch); 0 when the slider was never completed. */
  startedAt: number;
}

export const ANTI_ROBOT_MIN_MS = 5000;
export const SLIDER_COMPLETE_RATIO = 0.8;
export const SLIDER_SNAP_BACK_MS = 200;

/** The api's rule (D127): fails if ticked, if under 5 s since the start, or if the start is 0. */
export function antiRobotPassed(value: AntiRobotValue, now: number = Date.now()): boolean {
  return !value.checked && value.startedAt !== 0 && now - value.startedAt >= ANTI_ROBOT_MIN_MS;
}
