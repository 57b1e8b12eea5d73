export const DEFAULT_MINUTE_INTERVAL = 5;

/** A valid minute interval is a multiple of 5 that divides 60; else 5, with a warning in development. */
export function minuteInterval(interval: number | undefined): number {
  if (interval === undefined) return DEFAULT_MINUTE_INTERVAL;
  if (Number.isInteger(interval) && interval > 0 && interval % 5 === 0 && 60 % interval === 0) return interval;
  if (process.env.NODE_ENV !== 'production') {
    console.warn(`Time picker: minute interval ${interval} is not a multiple of 5 dividing 60; using ${DEFAULT_MINUTE_INTERVAL}.`);
  }
  return DEFAULT_MINUTE_INTERVAL;
}

/** `HH:mm` of every step through the day. */
export function timesOfDay(interval: number): string[] {
  const step = minuteInterval(interval);
  const times: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step) {
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return times;
}

/** The day-time range slider: 96 steps of 15 minutes; step 96 is the end of the day (24:00). */
export const DAY_STEPS = 96;
export const stepToTime = (step: number) => `${String(Math.floor(step / 4)).padStart(2, '0')}:${String((step % 4) * 15).padStart(2, '0')}`;
export const timeToStep = (time: string) => {
  const [h = '0', m = '0'] = time.split(':');
  return Math.round((Number(h) * 60 + Number(m)) / 15);
};
