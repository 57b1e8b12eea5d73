import { foldOrder, type ExistingOrderState, type OrderEvent, type OrderFile } from '@onsite/domain';
import { detailFromState, orderFilesOf } from './order-detail.js';

const file = (path: string, mimeType: OrderFile['mimeType'] = 'application/pdf'): OrderFile => ({ path, name: path, mimeType });
const SITE = file('site.jpg', 'image/jpeg');
const OFFER_1 = file('offer-1.pdf');
const OFFER_2 = file('offer-2.pdf');
const PLAN = file('plan.png', 'image/png');
const PO = file('po.pdf');

const billingAddress = {
  id: 'b1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ap@acme.example',
  department: 'Accounts',
  addressLine1: '1 Quay',
  addressCity: 'Reading',
  addressPostCode: 'RG1 1AA',
  addressCountry: 'uk',
  taxNumber: 'GB1',
};

const HISTORY: OrderEvent[] = [
  {
    type: 'CREATE',
    data: {
      orderId: 'order-1',
      refId: 'ON-26-AAAAAA',
      customer: { companyId: 'c1', name: 'Kessler Automation AG', country: 'ch' },
      creationType: 'QUOTE_REQUEST',
      content: {
        endCustomer: { name: 'Bramley Bottling plc' },
        timeframes: [],
        services: [],
        equipments: [],
        additionalInformation: { files: [SITE] },
        contacts: { additionalContacts: [] },
      },
    },
  },
  { type: 'GET_QUOTE', data: { disclaimerAccepted: true, shortNotice: null } },
  { type: 'OFFER', data: { offerId: 'o1', pdf: OFFER_1, attachments: [], expiresAt: '2026-07-01T00:00:00.000Z', offeredAt: '2026-06-01T00:00:00.000Z' } },
  { type: 'OFFER', data: { offerId: 'o2', pdf: OFFER_2, attachments: [PLAN], expiresAt: '2026-07-01T00:00:00.000Z', offeredAt: '2026-06-02T00:00:00.000Z' } },
  {
    type: 'ACCEPT_OFFER',
    data: { offerId: 'o2', po: { number: 'PO-1', document: PO }, billingAddress, termsAccepted: true, additionalInformationRequired: true },
  },
];

function detailAfter(events: OrderEvent[]) {
  const state = foldOrder(events) as ExistingOrderState;
  const row = {
    _id: 'e',
    event: 'X',
    status: state.status,
    previousStatus: null,
    timestamp: '2026-06-02T00:00:00.000Z',
    authorUserId: 'u',
    onBehalfOfUserId: null,
  };
  return detailFromState(state, null, { version: events.length, at: row.timestamp, actorUserId: 'u', submitted: false, row });
}

describe('the order detail', () => {
  it('index every file the order refers to: additional information, every offer and the PO document', () => {
    const detail = detailAfter(HISTORY);
    expect(detail.filePaths).toEqual(['site.jpg', 'offer-1.pdf', 'offer-2.pdf', 'plan.png', 'po.pdf']);
    expect(orderFilesOf(detail)).toEqual([SITE, OFFER_1, OFFER_2, PLAN, PO]);
  });

  it('drop a file from the index when it is removed from the order', () => {
    expect(detailAfter([...HISTORY, { type: 'CHANGE_REQUEST', data: {} }, { type: 'FILE_REMOVED', data: { paths: ['site.jpg'] } }]).filePaths).not.toContain(
      'site.jpg',
    );
  });
});
