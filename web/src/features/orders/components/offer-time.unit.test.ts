import { countdownText, offerCountdown } from './offer-time';

const NOW = Date.parse('2026-11-24T10:00:00Z');

describe('the offer countdown', () => {
  it('counts days and hours, and turns urgent in the last 24 hours', () => {
    expect(offerCountdown('2026-11-26T14:30:00Z', NOW)).toMatchObject({ expired: false, urgent: false, days: 2, hours: 4 });
    expect(countdownText(offerCountdown('2026-11-26T14:30:00Z', NOW))).toEqual({ key: 'orders.offer.countdown.days', values: { days: 2, hours: 4 } });
    expect(offerCountdown('2026-11-25T09:00:00Z', NOW)).toMatchObject({ urgent: true, days: 0, hours: 23 });
    expect(countdownText(offerCountdown('2026-11-24T10:20:00Z', NOW))).toEqual({ key: 'orders.offer.countdown.minutes', values: { minutes: 20 } });
  });

  it('says expired once the instant has passed', () => {
    expect(countdownText(offerCountdown('2026-11-24T09:59:59Z', NOW)).key).toBe('orders.offer.countdown.expired');
  });
});
