import { DateTime } from 'luxon';

/** A complete quote request starting in 30 days, at the service location in the UK. */
export function quoteRequestBody(overrides: Record<string, unknown> = {}) {
  const start = DateTime.now().setZone('Europe/London').plus({ days: 30 }).startOf('day');
  return {
    creationType: 'QUOTE_REQUEST',
    content: {
      location: { name: 'Reading plant', addressLine1: '14 Riverside Way', city: 'Reading', postCode: 'RG1 8DB', country: 'uk', timeZone: 'Europe/London' },
      timeframes: [
        {
          date: {
            from: start.set({ hour: 8 }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
            to: start.plus({ days: 2 }).set({ hour: 18 }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
          },
        },
      ],
      services: [{ serviceId: 'svc-preventive-maintenance' }],
      additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 2 }, remarks: 'Two packaging lines.' },
    },
    ...overrides,
  };
}
