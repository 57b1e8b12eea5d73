/** How long an open offer stays valid, in whole units, and whether it is in its last 24 hours. */
export interface OfferCountdown {
  readonly expired: boolean;
  readonly urgent: boolean;
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
}

const HOUR = 3_600_000;

export function offerCountdown(expiresAt: string, now: number = Date.now()): OfferCountdown {
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return { expired: true, urgent: true, days: 0, hours: 0, minutes: 0 };
  const days = Math.floor(left / (24 * HOUR));
  const hours = Math.floor((left % (24 * HOUR)) / HOUR);
  const minutes = Math.max(1, Math.floor((left % HOUR) / 60_000));
  return { expired: false, urgent: left < 24 * HOUR, days, hours, minutes };
}

/** The translation key and values of a countdown: 'expires in 2 d 4 h', '5 h 10 min', 'expired'. */
export function countdownText(countdown: OfferCountdown): { key: string; values: Record<string, number> } {
  if (countdown.expired) return { key: 'orders.offer.countdown.expired', values: {} };
  if (countdown.days > 0) return { key: 'orders.offer.countdown.days', values: { days: countdown.days, hours: countdown.hours } };
  if (countdown.hours > 0) return { key: 'orders.offer.countdown.hours', values: { hours: countdown.hours, minutes: countdown.minutes } };
  return { key: 'orders.offer.countdown.minutes', values: { minutes: countdown.minutes } };
}
