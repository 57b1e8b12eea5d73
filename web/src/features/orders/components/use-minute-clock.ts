import { useEffect, useState } from 'react';

/** The current time, renewed every minute while `active` (offer countdowns count in minutes). */
export function useMinuteClock(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}
