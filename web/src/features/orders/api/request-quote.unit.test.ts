import { quoteFormCrossCheck, shortNoticeHours, toCreateBody, fieldOfApiPath, type QuoteFormValues } from './request-quote';

const NOW = Date.parse('2026-11-21T09:30:00Z');

const values = (patch: Partial<QuoteFormValues> = {}): QuoteFormValues => ({
  services: ['svc-1'],
  locationName: 'Plant 3',
  addressLine1: 'Werkstraße 1',
  addressLine2: '',
  postCode: '10115',
  city: 'Berlin',
  state: '',
  country: 'de',
  timeZone: 'Europe/Berlin',
  dateFrom: '2026-12-07',
  dateTo: '2026-12-09',
  timeFrom: '08:00',
  timeTo: '18:00',
  technicians: 2,
  remarks: '',
  shortNoticeConfirmed: false,
  disclaimerAccepted: true,
  ...patch,
});

describe('quote request time frame rules', () => {
  it('accepts a future time frame', () => {
    expect(quoteFormCrossCheck(values(), NOW)).toEqual({});
  });

  it('rejects past days at the location', () => {
    expect(quoteFormCrossCheck(values({ dateFrom: '2026-11-20', dateTo: '2026-11-22' }), NOW)).toMatchObject({
      dateFrom: 'validation.pastDate',
    });
  });

  it('wants the end after the start and different start and end times', () => {
    expect(quoteFormCrossCheck(values({ dateFrom: '2026-12-09', dateTo: '2026-12-07' }), NOW)).toMatchObject({
      dateTo: 'validation.endBeforeStart',
    });
    expect(quoteFormCrossCheck(values({ dateTo: '2026-12-07', timeFrom: '18:00', timeTo: '08:00' }), NOW)).toMatchObject({
      timeTo: 'validation.endBeforeStart',
    });
    expect(quoteFormCrossCheck(values({ timeFrom: '09:00', timeTo: '09:00' }), NOW)).toMatchObject({ timeTo: 'validation.sameTimes' });
  });

  it('rejects a start earlier today', () => {
    expect(quoteFormCrossCheck(values({ dateFrom: '2026-11-21', dateTo: '2026-11-21', timeFrom: '08:00' }), NOW)).toMatchObject({
      timeFrom: 'validation.startInPast',
    });
  });

  it('asks to confirm short notice (72 h or less) and shows the hours rounded up', () => {
    const soon = values({ dateFrom: '2026-11-23', dateTo: '2026-11-23' });
    // 08:00 in Berlin on the 23rd is 07:00Z: 45.5 hours after now.
    expect(shortNoticeHours(soon, NOW)).toBe(46);
    expect(quoteFormCrossCheck(soon, NOW)).toMatchObject({ shortNoticeConfirmed: 'validation.mustAccept' });
    expect(quoteFormCrossCheck({ ...soon, shortNoticeConfirmed: true }, NOW)).toEqual({});
    expect(shortNoticeHours(values(), NOW)).toBeNull();
  });
});

describe('toCreateBody', () => {
  it('builds the order content of the create call; names and prices are left to the catalogue', () => {
    expect(toCreateBody(values({ remarks: '  Gate 4  ' }))).toEqual({
      creationType: 'QUOTE_REQUEST',
      content: {
        services: [{ serviceId: 'svc-1' }],
        location: {
          name: 'Plant 3',
          addressLine1: 'Werkstraße 1',
          addressLine2: undefined,
          city: 'Berlin',
          postCode: '10115',
          state: undefined,
          country: 'de',
          timeZone: 'Europe/Berlin',
        },
        timeframes: [
          {
            date: { from: '2026-12-07T08:00:00', to: '2026-12-09T18:00:00' },
            timeFrameType: 'FIXED',
            workingTime: { firstDay: { from: '8:00', to: '18:00' }, intermediate: { from: '8:00', to: '18:00' }, lastDay: { from: '8:00', to: '18:00' } },
          },
        ],
        additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 2 }, remarks: 'Gate 4' },
      },
    });
  });
});

describe('fieldOfApiPath', () => {
  it.each([
    ['content.location.city', 'city'],
    ['content.location.timeZone', 'timeZone'],
    ['content.services.0.serviceId', 'services'],
    ['content.timeframes.0.date.from', 'dateFrom'],
    ['content.timeframes.0.date.to', 'dateTo'],
    ['content.timeframes.0', 'dateTo'],
    ['content.additionalInformation.serviceTechnicians.expectedNumberOfTechnicians', 'technicians'],
    ['somethingElse', null],
  ])('%s → %s', (path, field) => {
    expect(fieldOfApiPath(path)).toBe(field);
  });
});
