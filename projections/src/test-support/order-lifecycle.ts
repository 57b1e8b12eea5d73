import type { BillingAddressSnapshot, OrderContent, OrderEvent, OrderEventType, OrderFile, RecordedEvent } from '@onsite/domain';
import { createStores, type DocumentStore, type Stores } from '@onsite/infrastructure';
import { ordersProjection } from '../orders/orders.projection.js';
import type { Projection } from '../runner/index.js';

/*
 * Order streams for the tests of the read models kept from orders: for every order event type, an order brought to where the event
 * can happen (`given`) and the event itself (`when`). Each case is its own order of its own customer company, so
 * one store holds them all and the lists and counts of one case are not touched by another.
 */

const file = (path: string, mimeType: OrderFile['mimeType'] = 'application/pdf'): OrderFile => ({ path, name: path.split('/').at(-1)!, mimeType });
export const SITE_PHOTO = file('orders/site.jpg', 'image/jpeg');
export const OFFER_PDF = file('offers/offer-1.pdf');
export const PLAN = file('offers/plan.png', 'image/png');
export const PO_DOCUMENT = file('orders/po.pdf');

export const BILLING_ADDRESS: BillingAddressSnapshot = {
  id: 'billing-1',
  firstName: 'Jana',
  lastName: 'Becker',
  email: 'accounts@acme.example',
  department: 'Accounting',
  addressLine1: 'Industriestraße 5',
  addressCity: 'München',
  addressPostCode: '80331',
  addressCountry: 'de',
  taxNumber: 'DE123456789',
};

export const CONTENT: OrderContent = {
  endCustomer: { name: 'Bramley Bottling plc' },
  location: { name: 'Plant Munich', addressLine1: 'Industriestraße 5', city: 'München', postCode: '80331', country: 'de', timeZone: 'Europe/Berlin' },
  timeframes: [
    {
      date: { from: '2026-06-15T08:00:00', to: '2026-06-17T18:00:00' },
      timeFrameType: 'FIXED',
      workingTime: { firstDay: { from: '8:00', to: '18:00' }, intermediate: { from: '8:00', to: '18:00' }, lastDay: { from: '8:00', to: '18:00' } },
      firstDayNightShift: false,
      intermediateNightShift: false,
      lastDayNightShift: false,
    },
  ],
  services: [{ serviceId: 'svc-calibration', name: 'Sensor and instrument calibration', price: { amount: 64_000, currency: 'EUR' }, equipmentItems: [] }],
  equipments: [{ producer: 'Mettler', machine: 'Checkweigher', amount: 1, machineNumbers: ['CW-100'] }],
  additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 2 }, files: [SITE_PHOTO] },
  contacts: { additionalContacts: [] },
};
export const MOVED_CONTENT: OrderContent = { ...CONTENT, location: { ...CONTENT.location!, name: 'Plant Augsburg', city: 'Augsburg' } };

export const OFFER_EXPIRES_AT = '2026-06-08T00:00:00.000Z';
export const OFFER_EXTENDED_TO = '2026-06-20T00:00:00.000Z';
export const JOB_SCHEDULE = { from: '2026-06-16T07:00:00', to: '2026-06-18T16:00:00' };

/** Stand-ins for the creation events' ids and customer, filled in per case by `streamOf`. */
const created = (creationType: 'QUOTE_REQUEST' | 'DIRECT_ORDER' = 'QUOTE_REQUEST'): OrderEvent => ({
  type: 'CREATE',
  data: { orderId: '', refId: '', customer: { companyId: '', name: '', country: 'de' }, creationType, content: CONTENT },
});
const prepared: OrderEvent = {
  type: 'CREATE_IN_PREPARATION',
  data: { orderId: '', refId: '', customer: { companyId: '', name: '', country: 'de' }, content: CONTENT },
};
const quoteRequested: OrderEvent = { type: 'GET_QUOTE', data: { disclaimerAccepted: true, shortNotice: null } };
const offered: OrderEvent = {
  type: 'OFFER',
  data: {
    offerId: 'offer-1',
    pdf: OFFER_PDF,
    attachments: [PLAN],
    externalComment: 'Two technicians, three days.',
    internalComment: 'Margin 30 %',
    expiresAt: OFFER_EXPIRES_AT,
    offeredAt: '2026-06-01T10:00:00.000Z',
  },
};
const accepted = (poNumber = 'PO-778', additionalInformationRequired = false): OrderEvent => ({
  type: 'ACCEPT_OFFER',
  data: {
    offerId: 'offer-1',
    po: { number: poNumber, document: PO_DOCUMENT },
    billingAddress: BILLING_ADDRESS,
    termsAccepted: true,
    additionalInformationRequired,
  },
});
const jobSpecified: OrderEvent = { type: 'CREATE_JOB_SPECIFICATION', data: { jobId: 'job-1', teamSize: 2 } };
const jobPlanned: OrderEvent = { type: 'JOB_PLANNED', data: { jobId: 'job-1', team: [{ id: 'tech-1', name: 'Max Huber' }], schedule: JOB_SCHEDULE } };
const jobStarted: OrderEvent = { type: 'JOB_IN_PROGRESS', data: { jobId: 'job-1' } };
const jobCompleted: OrderEvent = { type: 'JOB_COMPLETED', data: { jobId: 'job-1' } };

const REQUESTED = [created(), quoteRequested];
const OFFERED = [...REQUESTED, offered];
const SUBMITTED = [...OFFERED, accepted()];
const PLANNED = [...SUBMITTED, jobSpecified, jobPlanned];
const COMPLETED = [...PLANNED, jobStarted, jobCompleted];

export interface OrderEventCase<T extends OrderEventType = OrderEventType> {
  readonly given: readonly OrderEvent[];
  readonly when: Extract<OrderEvent, { readonly type: T }>;
}

/** One case per order event type (typed exhaustively: a new event type fails the type check until it has one). */
export const ORDER_EVENT_CASES: { readonly [T in OrderEventType]: OrderEventCase<T> } = {
  CREATE: { given: [], when: created() as Extract<OrderEvent, { type: 'CREATE' }> },
  UPDATE: { given: [created()], when: { type: 'UPDATE', data: { content: MOVED_CONTENT, creationType: 'DIRECT_ORDER' } } },
  GET_QUOTE: { given: [created()], when: { type: 'GET_QUOTE', data: { disclaimerAccepted: true, shortNotice: null } } },
  DIRECT_ORDER: { given: [created('DIRECT_ORDER')], when: { type: 'DIRECT_ORDER', data: { disclaimerAccepted: true, shortNotice: null } } },
  CREATE_IN_PREPARATION: { given: [], when: prepared as Extract<OrderEvent, { type: 'CREATE_IN_PREPARATION' }> },
  UPDATE_IN_PREPARATION: { given: [prepared], when: { type: 'UPDATE_IN_PREPARATION', data: { content: MOVED_CONTENT } } },
  CONVERT: { given: [prepared], when: { type: 'CONVERT', data: { shortNotice: null } } },
  CONVERT_INCOMPLETE: { given: [prepared], when: { type: 'CONVERT_INCOMPLETE', data: {} } },
  OFFER: { given: REQUESTED, when: offered as Extract<OrderEvent, { type: 'OFFER' }> },
  OFFER_REMOVED: {
    given: OFFERED,
    when: { type: 'OFFER_REMOVED', data: { offerId: 'offer-1', reason: 'Wrong price list', removedAt: '2026-06-02T00:00:00.000Z' } },
  },
  EXPIRE: { given: OFFERED, when: { type: 'EXPIRE', data: { offerId: 'offer-1' } } },
  OFFER_EXTENSION_REQUESTED: {
    given: OFFERED,
    when: { type: 'OFFER_EXTENSION_REQUESTED', data: { offerId: 'offer-1', comment: 'Budget approval on Friday.', requestedAt: '2026-06-05T00:00:00.000Z' } },
  },
  OFFER_EXTENDED: {
    given: OFFERED,
    when: { type: 'OFFER_EXTENDED', data: { offerId: 'offer-1', expiresAt: OFFER_EXTENDED_TO, extendedFrom: OFFER_EXPIRES_AT } },
  },
  ACCEPT_OFFER: { given: OFFERED, when: accepted('-') as Extract<OrderEvent, { type: 'ACCEPT_OFFER' }> },
  REJECT: { given: OFFERED, when: { type: 'REJECT', data: { offerId: 'offer-1', reasons: ['PRICE_TOO_HIGH'], comment: 'Too expensive for us.' } } },
  DECLINE: { given: REQUESTED, when: { type: 'DECLINE', data: { externalComment: 'We cannot serve this region.', internalComment: 'No technicians free' } } },
  CHANGE_REQUEST: { given: OFFERED, when: { type: 'CHANGE_REQUEST', data: {} } },
  COMPLETE: { given: [...OFFERED, accepted('PO-778', true)], when: { type: 'COMPLETE', data: { content: MOVED_CONTENT, shortNotice: null } } },
  PO_UPDATED: { given: SUBMITTED, when: { type: 'PO_UPDATED', data: { po: { number: 'PO-902' } } } },
  CANCEL: { given: REQUESTED, when: { type: 'CANCEL', data: { comment: 'Plant shutdown moved' } } },
  CLOSE: { given: SUBMITTED, when: { type: 'CLOSE', data: { comment: 'Handled by phone' } } },
  REOPEN: { given: [...SUBMITTED, { type: 'CLOSE', data: {} }], when: { type: 'REOPEN', data: { comment: 'Closed by mistake' } } },
  DELETE: { given: REQUESTED, when: { type: 'DELETE', data: { reason: 'Duplicate', internalComment: 'Entered twice', forever: false } } },
  COMMENT: { given: REQUESTED, when: { type: 'COMMENT', data: { externalComment: 'Gate 3 opens at 7:00.', internalComment: 'Call ahead' } } },
  CHANGE_OWNER: { given: REQUESTED, when: { type: 'CHANGE_OWNER', data: { ownerUserId: 'staff-ben' } } },
  SUPERVISOR_ADDED: { given: REQUESTED, when: { type: 'SUPERVISOR_ADDED', data: { userId: 'supervisor-1' } } },
  SUPERVISOR_REMOVED: {
    given: [...REQUESTED, { type: 'SUPERVISOR_ADDED', data: { userId: 'supervisor-1' } }],
    when: { type: 'SUPERVISOR_REMOVED', data: { userId: 'supervisor-1' } },
  },
  FINANCIAL_INFO_UPDATED: {
    given: REQUESTED,
    when: {
      type: 'FINANCIAL_INFO_UPDATED',
      data: {
        financialInfo: {
          expectedRevenue: { amount: 1_250_000, currency: 'EUR' },
          probability: 60,
          relevantForForecast: true,
          estimatedReleaseDate: '2026-07-01',
        },
      },
    },
  },
  LOCAL_CONTACT_UPDATED: {
    given: REQUESTED,
    when: { type: 'LOCAL_CONTACT_UPDATED', data: { localCustomerContact: { name: 'Tom Weber', phone: '+4989123456' } } },
  },
  FILE_REMOVED: { given: [...OFFERED, { type: 'CHANGE_REQUEST', data: {} }], when: { type: 'FILE_REMOVED', data: { paths: [SITE_PHOTO.path] } } },
  FEEDBACK_SAVED: { given: COMPLETED, when: { type: 'FEEDBACK_SAVED', data: { feedbacks: [{ type: 'JOB_RATING', rating: 4, comment: 'Quick and tidy.' }] } } },
  CREATE_JOB_SPECIFICATION: { given: SUBMITTED, when: jobSpecified as Extract<OrderEvent, { type: 'CREATE_JOB_SPECIFICATION' }> },
  JOB_PLANNING: { given: PLANNED, when: { type: 'JOB_PLANNING', data: { jobId: 'job-1' } } },
  JOB_PLANNED: { given: [...SUBMITTED, jobSpecified], when: jobPlanned as Extract<OrderEvent, { type: 'JOB_PLANNED' }> },
  JOB_IN_PROGRESS: { given: PLANNED, when: jobStarted as Extract<OrderEvent, { type: 'JOB_IN_PROGRESS' }> },
  JOB_COMPLETED: { given: [...PLANNED, jobStarted], when: jobCompleted as Extract<OrderEvent, { type: 'JOB_COMPLETED' }> },
  JOB_CANCELLED: { given: PLANNED, when: { type: 'JOB_CANCELLED', data: { jobId: 'job-1', reason: 'Customer request' } } },
  JOB_CLOSED: { given: COMPLETED, when: { type: 'JOB_CLOSED', data: { jobId: 'job-1' } } },
  BILLED: { given: COMPLETED, when: { type: 'BILLED', data: { invoiceReference: 'INV-2026-0042' } } },
};

export const CASE_TYPES = Object.keys(ORDER_EVENT_CASES) as OrderEventType[];

/** The order, customer company and times of a case (events one hour apart from 08:00 on 1 June 2026). */
export function caseOrder(type: OrderEventType) {
  const n = CASE_TYPES.indexOf(type) + 1;
  const at = (version: number) => new Date(Date.UTC(2026, 5, 1, 7 + version)).toISOString();
  return {
    orderId: `o-${type.toLowerCase()}`,
    refId: `ON-26-${String(n).padStart(6, '0')}`,
    companyId: `company-${type.toLowerCase()}`,
    customerName: `Customer of ${type}`,
    at,
  };
}

let position = 0;
/** A case's stream as the event store records it: given, then when; the author is staff on the customer's behalf on every other event. */
export function streamOf(type: OrderEventType): RecordedEvent[] {
  const { given, when } = ORDER_EVENT_CASES[type];
  const { orderId, refId, companyId, customerName, at } = caseOrder(type);
  return [...given, when].map((event, i) => {
    const version = i + 1;
    const data =
      event.type === 'CREATE' || event.type === 'CREATE_IN_PREPARATION'
        ? { ...event.data, orderId, refId, customer: { companyId, name: customerName, country: 'de' } }
        : event.data;
    position++;
    return {
      eventId: `${orderId}-${version}`,
      streamId: `order-${orderId}`,
      streamVersion: version,
      checkpoint: String(position),
      globalPosition: String(position),
      type: event.type,
      data,
      metadata: {
        actorUserId: i % 2 === 0 ? 'customer-1' : 'staff-1',
        correlationId: 'c',
        causationId: 'c',
        occurredAt: at(version),
        ...(i % 2 === 1 ? { onBehalfOfUserId: 'customer-1' } : {}),
      },
      recordedAt: at(version),
    } as RecordedEvent;
  });
}

/** Applies events with a projection (by default the orders'), one transaction each, as the live runner's smallest batches do. */
export async function project(store: DocumentStore, events: readonly RecordedEvent[], projection: Projection = ordersProjection): Promise<void> {
  for (const event of events) await store.transaction((session) => projection.apply(event, session));
}

/** A store (by default an in-memory PGlite one) with every case's stream projected. */
export async function storeWithEveryCase(
  projection: Projection = ordersProjection,
  open: () => Promise<Stores> = () => createStores({ profile: 'embedded', dataDir: 'memory://' }),
): Promise<Stores> {
  const stores = await open();
  for (const c of projection.collections) await stores.documentStore.ensureCollection(c);
  for (const type of CASE_TYPES) await project(stores.documentStore, streamOf(type), projection);
  return stores;
}

/** Applies every case's events again, one by one and then all in one batch, and expects no document to change. */
export async function expectEveryEventAppliedTwiceToChangeNothing(store: DocumentStore, projection: Projection = ordersProjection): Promise<void> {
  const before = await snapshotOf(store, projection);
  const all = CASE_TYPES.flatMap((type) => streamOf(type));
  await project(store, all, projection);
  await store.transaction(async (session) => {
    for (const event of all) await projection.apply(event, session);
  });
  expect(await snapshotOf(store, projection)).toEqual(before);
}

/** Every document of the projection's collections, by collection, in id order. */
export async function snapshotOf(store: DocumentStore, projection: Projection): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const { name } of projection.collections) {
    const documents = await store.collection(name).findDocuments();
    out[name] = documents.map((d) => [d.id, d.revision, d.data]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  }
  return out;
}
