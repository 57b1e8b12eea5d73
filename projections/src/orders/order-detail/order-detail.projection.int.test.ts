import type { OrderEventType } from '@onsite/domain';
import { createStores, type Stores } from '@onsite/infrastructure';
import {
  BILLING_ADDRESS,
  caseOrder,
  CASE_TYPES,
  JOB_SCHEDULE,
  OFFER_EXPIRES_AT,
  OFFER_EXTENDED_TO,
  ORDER_EVENT_CASES,
  expectEveryEventAppliedTwiceToChangeNothing,
  storeWithEveryCase,
} from '../../test-support/order-lifecycle.js';
import { findOrderDetail, findOrderFile, orderDetailForCustomer, takenRefIds } from './order-detail.queries.js';
import { ORDER_DETAILS, orderDetailReadModel, type OrderDetailView, type OrderEventRow } from './order-detail.js';

const STAFF = { kind: 'staff', countries: [] } as const;

/** What the order detail page shows after each event: `detail` is the staff's view, `row` the event's row in the events table. */
const AFTER: { readonly [T in OrderEventType]: (detail: OrderDetailView, row: OrderEventRow) => void } = {
  CREATE: (d) => {
    expect(d).toMatchObject({
      status: 'INCOMPLETE',
      previousStatus: null,
      creationType: 'QUOTE_REQUEST',
      type: 'quote',
      requestedAt: null,
      createdByUserId: 'customer-1',
    });
    expect(d.content.location?.city).toBe('München');
    expect(d.filePaths).toEqual(['orders/site.jpg']);
  },
  UPDATE: (d) => expect(d).toMatchObject({ status: 'INCOMPLETE', creationType: 'DIRECT_ORDER', type: 'order', content: { location: { city: 'Augsburg' } } }),
  GET_QUOTE: (d) => expect(d).toMatchObject({ status: 'REQUESTED_QUOTE', previousStatus: 'INCOMPLETE', requestedAt: caseOrder('GET_QUOTE').at(2) }),
  DIRECT_ORDER: (d) => expect(d).toMatchObject({ status: 'ORDER_SUBMITTED', creationType: 'DIRECT_ORDER', requestedAt: caseOrder('DIRECT_ORDER').at(2) }),
  CREATE_IN_PREPARATION: (d) => expect(d).toMatchObject({ status: 'IN_PREPARATION', requestedAt: null, createdAt: caseOrder('CREATE_IN_PREPARATION').at(1) }),
  UPDATE_IN_PREPARATION: (d) => expect(d).toMatchObject({ status: 'IN_PREPARATION', content: { location: { name: 'Plant Augsburg' } } }),
  CONVERT: (d) => expect(d).toMatchObject({ status: 'REQUESTED_QUOTE', previousStatus: 'IN_PREPARATION', requestedAt: caseOrder('CONVERT').at(2) }),
  CONVERT_INCOMPLETE: (d) => expect(d).toMatchObject({ status: 'INCOMPLETE', previousStatus: 'IN_PREPARATION', requestedAt: null }),
  OFFER: (d, row) => {
    expect(d).toMatchObject({ status: 'OFFERED', openOfferId: 'offer-1', offers: [{ offerId: 'offer-1', outcome: 'open', expiresAt: OFFER_EXPIRES_AT }] });
    expect(row).toMatchObject({
      offerId: 'offer-1',
      expiryDate: OFFER_EXPIRES_AT,
      externalComment: 'Two technicians, three days.',
      internalComment: 'Margin 30 %',
    });
    expect(d.filePaths).toEqual(['orders/site.jpg', 'offers/offer-1.pdf', 'offers/plan.png']);
  },
  OFFER_REMOVED: (d, row) => {
    expect(d).toMatchObject({ status: 'REQUESTED_QUOTE', openOfferId: null, offers: [{ outcome: 'removed', removalReason: 'Wrong price list' }] });
    expect(row.offerId).toBe('offer-1');
  },
  EXPIRE: (d) => expect(d).toMatchObject({ status: 'EXPIRED', previousStatus: 'OFFERED', openOfferId: null, offers: [{ outcome: 'expired' }] }),
  OFFER_EXTENSION_REQUESTED: (d, row) => {
    expect(d).toMatchObject({ status: 'OFFERED', offers: [{ extensionRequestedAt: '2026-06-05T00:00:00.000Z', outcome: 'open' }] });
    expect(row.comment).toBe('Budget approval on Friday.');
  },
  OFFER_EXTENDED: (d, row) => {
    expect(d.offers[0]).toMatchObject({ expiresAt: OFFER_EXTENDED_TO, originalExpiresAt: OFFER_EXPIRES_AT });
    expect(row.expiryDate).toBe(OFFER_EXTENDED_TO);
  },
  ACCEPT_OFFER: (d, row) => {
    expect(d).toMatchObject({
      status: 'ORDER_SUBMITTED',
      termsAccepted: true,
      po: { number: '-' },
      offers: [{ outcome: 'accepted' }],
      content: { billingAddress: BILLING_ADDRESS },
    });
    expect(row.po).toBe('-');
    expect(d.filePaths).toContain('orders/po.pdf');
  },
  REJECT: (d, row) => {
    expect(d).toMatchObject({ status: 'DECLINED', offers: [{ outcome: 'rejected' }] });
    expect(row).toMatchObject({ reasons: ['PRICE_TOO_HIGH'], comment: 'Too expensive for us.' });
  },
  DECLINE: (d, row) => {
    expect(d.status).toBe('DECLINED');
    expect(row).toMatchObject({ externalComment: 'We cannot serve this region.', internalComment: 'No technicians free' });
  },
  CHANGE_REQUEST: (d) => expect(d).toMatchObject({ status: 'OFFERED', hasChanges: true, orderNotCompleted: true }),
  COMPLETE: (d) => expect(d).toMatchObject({ status: 'ORDER_SUBMITTED', orderNotCompleted: false, content: { location: { city: 'Augsburg' } } }),
  PO_UPDATED: (d) => expect(d.po).toEqual({ number: 'PO-902' }),
  CANCEL: (d, row) => {
    expect(d).toMatchObject({ status: 'CANCELED', previousStatus: 'REQUESTED_QUOTE' });
    expect(row.comment).toBe('Plant shutdown moved');
  },
  CLOSE: (d) => expect(d).toMatchObject({ status: 'CLOSED', previousStatus: 'ORDER_SUBMITTED' }),
  REOPEN: (d, row) => {
    expect(d.status).toBe('ORDER_SUBMITTED');
    expect(row).toMatchObject({ previousStatus: 'CLOSED', comment: 'Closed by mistake' });
  },
  DELETE: (d, row) => {
    expect(d).toMatchObject({ status: 'DELETED', deletedForever: false });
    expect(row.internalComment).toBe('Entered twice');
  },
  COMMENT: (d, row) => {
    expect(d.status).toBe('REQUESTED_QUOTE');
    expect(row).toMatchObject({ externalComment: 'Gate 3 opens at 7:00.', internalComment: 'Call ahead' });
  },
  CHANGE_OWNER: (d) => expect(d.ownerUserId).toBe('staff-ben'),
  SUPERVISOR_ADDED: (d) => expect(d.supervisorUserIds).toEqual(['supervisor-1']),
  SUPERVISOR_REMOVED: (d) => expect(d.supervisorUserIds).toEqual([]),
  FINANCIAL_INFO_UPDATED: (d) => expect(d.financialInfo).toMatchObject({ probability: 60, expectedRevenue: { amount: 1_250_000, currency: 'EUR' } }),
  LOCAL_CONTACT_UPDATED: (d) => expect(d.content.contacts.localCustomerContact).toEqual({ name: 'Tom Weber', phone: '+4989123456' }),
  FILE_REMOVED: (d) => {
    expect(d.content.additionalInformation.files).toEqual([]);
    expect(d.filePaths).toEqual(['offers/offer-1.pdf', 'offers/plan.png']);
  },
  FEEDBACK_SAVED: (d) => expect(d.feedback).toEqual([{ type: 'JOB_RATING', rating: 4, comment: 'Quick and tidy.' }]),
  CREATE_JOB_SPECIFICATION: (d) =>
    expect(d).toMatchObject({ status: 'JOB_IN_PLANNING', job: { jobId: 'job-1', status: 'CREATED', requestedTeamSize: 2, team: [] } }),
  JOB_PLANNING: (d) => expect(d).toMatchObject({ status: 'JOB_IN_PLANNING', previousStatus: 'JOB_PLANNED', job: { status: 'CREATED' } }),
  JOB_PLANNED: (d) => expect(d).toMatchObject({ status: 'JOB_PLANNED', job: { status: 'PLANNED', team: [{ name: 'Max Huber' }], schedule: JOB_SCHEDULE } }),
  JOB_IN_PROGRESS: (d) => expect(d).toMatchObject({ status: 'JOB_IN_PROGRESS', job: { status: 'IN_PROGRESS' } }),
  JOB_COMPLETED: (d) =>
    expect(d).toMatchObject({
      status: 'JOB_COMPLETED',
      job: { status: 'COMPLETED' },
      jobResult: { jobId: 'job-1', outcome: 'COMPLETED', completedAt: expect.any(String) },
    }),
  JOB_CANCELLED: (d) => expect(d).toMatchObject({ status: 'JOB_CANCELLED', job: { status: 'CANCELED' }, jobResult: { outcome: 'CANCELED' } }),
  JOB_CLOSED: (d) => expect(d).toMatchObject({ status: 'JOB_CLOSED', previousStatus: 'JOB_COMPLETED', job: { status: 'CLOSED' } }),
  BILLED: (d) =>
    expect(d).toMatchObject({
      status: 'BILLED',
      previousStatus: 'JOB_COMPLETED',
      invoice: { billedAt: expect.any(String), invoiceReference: 'INV-2026-0042' },
    }),
};

describe('order detail read model', () => {
  let stores: Stores;
  const detailOf = async (type: OrderEventType) => (await findOrderDetail(stores.documentStore, STAFF, { orderId: caseOrder(type).orderId }))!;

  beforeAll(async () => {
    stores = await storeWithEveryCase();
  });
  afterAll(async () => stores.close());

  it.each(CASE_TYPES)('%s: the detail and the last row of its events table', async (type) => {
    const detail = await detailOf(type);
    const { given } = ORDER_EVENT_CASES[type];
    const version = given.length + 1;
    const { at, refId } = caseOrder(type);
    expect(detail).toMatchObject({ refId, version, updatedAt: at(version), createdAt: at(1) });
    expect(detail.events.map((row) => row.event)).toEqual([...given, ORDER_EVENT_CASES[type].when].map((event) => event.type));
    const row = detail.events.at(-1)!;
    expect(row).toMatchObject({ _id: `${caseOrder(type).orderId}-${version}`, event: type, status: detail.status, timestamp: at(version) });
    expect(row.authorUserId).toBe(version % 2 === 1 ? 'customer-1' : 'staff-1');
    expect(row.onBehalfOfUserId).toBe(version % 2 === 1 ? null : 'customer-1');
    AFTER[type](detail, row);
  });

  it('customers see no staff-only event, internal comment, owner or financial information', async () => {
    for (const type of CASE_TYPES) {
      const view = orderDetailForCustomer(await detailOf(type));
      expect(view.financialInfo).toBeNull();
      expect(view.ownerUserId).toBeNull();
      expect(view.events.map((row) => row.event)).not.toEqual(expect.arrayContaining(['DELETE']));
      for (const row of view.events) expect(row).not.toHaveProperty('internalComment');
      for (const offer of view.offers) expect(offer).not.toHaveProperty('internalComment');
    }
    expect((await detailOf('FINANCIAL_INFO_UPDATED')).financialInfo).not.toBeNull();
    expect(orderDetailForCustomer(await detailOf('CHANGE_OWNER')).events.map((row) => row.event)).toEqual(['CREATE', 'GET_QUOTE']);
    expect(orderDetailForCustomer(await detailOf('FINANCIAL_INFO_UPDATED')).events.map((row) => row.event)).toEqual(['CREATE', 'GET_QUOTE']);
    expect(orderDetailForCustomer(await detailOf('DECLINE')).events.at(-1)).toMatchObject({
      event: 'DECLINE',
      externalComment: 'We cannot serve this region.',
    });
    expect(orderDetailForCustomer(await detailOf('OFFER')).offers[0]).toMatchObject({ offerId: 'offer-1', externalComment: 'Two technicians, three days.' });
  });

  it('finds an order by reference only within the scope that may see it', async () => {
    const { refId, companyId } = caseOrder('OFFER');
    expect((await findOrderDetail(stores.documentStore, { kind: 'company', companyId }, { refId }))?.status).toBe('OFFERED');
    expect(await findOrderDetail(stores.documentStore, { kind: 'company', companyId: 'company-other' }, { refId })).toBeNull();
    expect(await findOrderDetail(stores.documentStore, { kind: 'staff', countries: ['uk'] }, { refId })).toBeNull();
    // Orders still in preparation, and deleted ones, are not their customer's to see.
    expect(
      await findOrderDetail(
        stores.documentStore,
        { kind: 'company', companyId: caseOrder('CREATE_IN_PREPARATION').companyId },
        { orderId: caseOrder('CREATE_IN_PREPARATION').orderId },
      ),
    ).toBeNull();
    expect(
      await findOrderDetail(stores.documentStore, { kind: 'company', companyId: caseOrder('DELETE').companyId }, { orderId: caseOrder('DELETE').orderId }),
    ).toBeNull();
    expect(await takenRefIds(stores.documentStore, [refId, 'ON-26-ZZZZZZ'])).toEqual(new Set([refId]));
    expect(await takenRefIds(stores.documentStore, ['ON-26-ZZZZZZ'])).toEqual(new Set());
    expect(await takenRefIds(stores.documentStore, [])).toEqual(new Set());
    // A deleted order keeps its reference: no new order may take it.
    expect(await takenRefIds(stores.documentStore, [caseOrder('DELETE').refId])).toEqual(new Set([caseOrder('DELETE').refId]));
  });

  it('a reference found before is found again as the store holds it now: after a write, and in another store', async () => {
    const { refId } = caseOrder('OFFER');
    const details = stores.documentStore.collection<OrderDetailView>(ORDER_DETAILS);
    const before = (await findOrderDetail(stores.documentStore, STAFF, { refId }))!;
    // Written since (the remembered id now reads the new revision, not a copy from memory).
    const stored = (await details.get(before._id))!;
    await details.upsert(before._id, { ...stored.data, status: 'ORDER_SUBMITTED' }, stored.revision + 1);
    expect((await findOrderDetail(stores.documentStore, STAFF, { refId }))?.status).toBe('ORDER_SUBMITTED');
    // Another store of the same process where this reference is another order's.
    const other = await createStores({ profile: 'embedded', dataDir: 'memory://' });
    try {
      for (const collection of orderDetailReadModel.collections) await other.documentStore.ensureCollection(collection);
      await other.documentStore.collection<OrderDetailView>(ORDER_DETAILS).upsert('o-elsewhere', { ...stored.data, _id: 'o-elsewhere', status: 'DECLINED' }, 1);
      expect(await findOrderDetail(other.documentStore, STAFF, { refId })).toMatchObject({ _id: 'o-elsewhere', status: 'DECLINED' });
      expect((await findOrderDetail(stores.documentStore, STAFF, { refId }))?._id).toBe(before._id);
    } finally {
      await details.upsert(before._id, stored.data, stored.revision + 2);
      await other.close();
    }
  });

  it('serves a file to a scope that may see an order holding it, and only while the order holds it', async () => {
    const { companyId } = caseOrder('OFFER');
    expect(await findOrderFile(stores.documentStore, { kind: 'company', companyId }, 'offers/plan.png')).toMatchObject({
      orderId: 'o-offer',
      file: { name: 'plan.png' },
    });
    expect(await findOrderFile(stores.documentStore, { kind: 'company', companyId: 'company-other' }, 'offers/plan.png')).toBeNull();
    const removed = caseOrder('FILE_REMOVED');
    expect(await findOrderFile(stores.documentStore, { kind: 'company', companyId: removed.companyId }, 'orders/site.jpg')).toBeNull();
  });

  it('applied twice (every event again, one by one and then in one batch), changes nothing', async () => {
    await expectEveryEventAppliedTwiceToChangeNothing(stores.documentStore);
  });
});
