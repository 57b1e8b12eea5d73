import { z } from 'zod';
import type { OrderCommandType } from './commands.js';
import { CreateOrderSchema, MakeOfferSchema, ORDER_COMMAND_SCHEMAS, OrderLocationSchema, TimeFrameSchema } from './schemas.js';
import { SAMPLE_COMMANDS } from './test-support/order-fixtures.js';

describe('command schemas', () => {
  it.each(Object.keys(ORDER_COMMAND_SCHEMAS) as OrderCommandType[])('%s is a named OpenAPI component that accepts a valid command', (type) => {
    const schema = ORDER_COMMAND_SCHEMAS[type];
    expect(z.globalRegistry.get(schema)?.id).toBe(type);
    expect(schema.safeParse(SAMPLE_COMMANDS[type].data).success).toBe(true);
  });

  it('fills the draft defaults, so a new draft may start empty', () => {
    expect(CreateOrderSchema.parse({ creationType: 'QUOTE_REQUEST', content: {} })).toEqual({
      creationType: 'QUOTE_REQUEST',
      content: { timeframes: [], services: [], equipments: [], additionalInformation: {}, contacts: { additionalContacts: [] } },
    });
  });

  it('defaults a time frame to FIXED, 8:00 to 18:00, day shifts', () => {
    expect(TimeFrameSchema.parse({ date: { from: '2026-06-15T08:00:00', to: '2026-06-17T18:00:00' } })).toEqual({
      date: { from: '2026-06-15T08:00:00', to: '2026-06-17T18:00:00' },
      timeFrameType: 'FIXED',
      workingTime: { firstDay: { from: '8:00', to: '18:00' }, intermediate: { from: '8:00', to: '18:00' }, lastDay: { from: '8:00', to: '18:00' } },
      firstDayNightShift: false,
      intermediateNightShift: false,
      lastDayNightShift: false,
    });
  });

  it('refuses local times with a zone offset, and unknown time zones', () => {
    expect(TimeFrameSchema.safeParse({ date: { from: '2026-06-15T08:00:00Z', to: '2026-06-17T18:00:00' } }).success).toBe(false);
    const location = { name: 'Plant', addressLine1: 'Road 1', city: 'Leeds', postCode: 'LS1', country: 'uk', timeZone: 'Europe/Leeds' };
    expect(OrderLocationSchema.safeParse(location).success).toBe(false);
    expect(OrderLocationSchema.safeParse({ ...location, timeZone: 'Europe/London' }).success).toBe(true);
  });

  it('takes offer expiry as a UTC instant', () => {
    const offer = { pdf: { path: 'o.pdf', name: 'o.pdf', mimeType: 'application/pdf' } };
    expect(MakeOfferSchema.safeParse({ ...offer, expiresAt: '2026-06-20T00:00:00.000Z' }).success).toBe(true);
    expect(MakeOfferSchema.safeParse({ ...offer, expiresAt: '2026-06-20T00:00:00+02:00' }).success).toBe(false);
  });
});
