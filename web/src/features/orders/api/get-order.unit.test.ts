import { fetchOrder } from './get-order';

function replyWith(body: unknown) {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ data: body }) }) as unknown as Response);
}

/** An order detail as the api sends it (the shared OrderDetail contract), before its content. */
const base = {
  _id: 'o1',
  refId: 'Q-2026-0001',
  version: 2,
  status: 'REQUESTED_QUOTE',
  previousStatus: 'INCOMPLETE',
  creationType: 'QUOTE_REQUEST',
  type: 'quote',
  customer: { companyId: 'c1', name: 'Demo GmbH', country: 'de' },
  country: 'de',
  offers: [],
  openOfferId: null,
  po: null,
  termsAccepted: false,
  supervisorUserIds: [],
  ownerUserId: null,
  financialInfo: null,
  feedback: [],
  job: null,
  jobResult: null,
  invoice: null,
  hasChanges: false,
  orderNotCompleted: false,
  shortNotice: null,
  deletedForever: false,
  createdAt: '2026-11-21T09:30:00.000Z',
  createdByUserId: 'u1',
  requestedAt: '2026-11-21T09:31:00.000Z',
  updatedAt: '2026-11-21T09:31:00.000Z',
  events: [
    {
      _id: 'e1',
      event: 'GET_QUOTE',
      status: 'REQUESTED_QUOTE',
      previousStatus: 'INCOMPLETE',
      timestamp: '2026-11-21T09:31:00.000Z',
      author: { userId: 'u1', name: 'Erika' },
      onBehalfOf: null,
    },
  ],
  filePaths: [],
  supervisors: [],
  jobExport: null,
  couponCheck: null,
};
const hours = { from: '8:00', to: '17:00' };
const location = { name: 'Plant 3', addressLine1: 'Werkstraße 1', city: 'Berlin', postCode: '10115', country: 'de', timeZone: 'Europe/Berlin' };
const expected = {
  location,
  timeframes: [{ from: '2026-12-07T08:00:00', to: '2026-12-09T18:00:00', type: 'FIXED' }],
  services: [{ serviceId: 's1', name: 'Maintenance', price: { amount: 125000, currency: 'EUR' } }],
  additionalInformation: { expectedNumberOfTechnicians: 2, remarks: 'Gate 4' },
};

describe('fetchOrder', () => {
  it('reads the order detail into the view the blocks show', async () => {
    replyWith({
      ...base,
      content: {
        location,
        timeframes: [
          {
            date: { from: '2026-12-07T08:00:00', to: '2026-12-09T18:00:00' },
            timeFrameType: 'FIXED',
            workingTime: { firstDay: hours, intermediate: hours, lastDay: hours },
            firstDayNightShift: false,
            intermediateNightShift: false,
            lastDayNightShift: false,
          },
        ],
        services: [{ serviceId: 's1', name: 'Maintenance', price: { amount: 125000, currency: 'EUR' }, equipmentItems: [] }],
        equipments: [],
        additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 2 }, remarks: 'Gate 4' },
        contacts: { additionalContacts: [] },
      },
    });
    const order = await fetchOrder('Q-2026-0001');
    expect(order).toMatchObject({ ...expected, refId: 'Q-2026-0001' });
    expect(order.events[0]?.event).toBe('GET_QUOTE');
  });
});
