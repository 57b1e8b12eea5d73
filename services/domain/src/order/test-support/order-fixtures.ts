import type { Actor } from '../../identity/actor.js';
import type { Role, UserType } from '../../identity/roles.js';
import type { CommandContext } from '../../shared/command.js';
import { DomainError } from '../../shared/errors.js';
import type { OrderCommand, OrderCommandType } from '../commands.js';
import { decideOrder } from '../decide.js';
import type { OrderEvent } from '../events.js';
import { foldOrder } from '../evolve.js';
import type { ExistingOrderState, OrderState } from '../state.js';
import type { OrderStatus } from '../statuses.js';
import type { BillingAddressSnapshot, CreationType, CustomerRef, OrderContent, OrderFile, TimeFrame } from '../types.js';

// ---- people

export const CUSTOMER_COMPANY = 'company-acme';
export const OTHER_COMPANY = 'company-rival';

export function customerUser(type: Exclude<UserType, 'BL'>, role: Role, companyId = CUSTOMER_COMPANY): Actor {
  return { userId: `${type.toLowerCase()}-${role.toLowerCase()}`, type, role, companyId, country: 'de' };
}

export const EC_ADMIN = customerUser('EC', 'ADMIN');
export const OEM_ADMIN = customerUser('OEM', 'ADMIN');
export const STAFF: Actor = { userId: 'staff-anna', type: 'BL', role: 'ADMIN', companyId: 'provider', country: 'de' };

export function staffOnBehalfOf(customer: Actor): Actor {
  const { userId, type, role, companyId, country } = customer;
  return { ...STAFF, onBehalfOf: { userId, type, role, companyId, country } };
}

// ---- time: jobs two weeks after NOW, offers valid for a week

export const NOW = '2026-06-01T08:00:00.000Z';
export const OFFER_EXPIRES_AT = '2026-06-08T00:00:00.000Z';
export const AFTER_OFFER_EXPIRY = '2026-06-09T00:00:00.000Z';

export function contextOf(actor: Actor, now = NOW): CommandContext {
  let sequence = 0;
  return { actor, now, newId: () => `id-${++sequence}` };
}

// ---- content

export const PDF: OrderFile = { path: 'offers/offer-1.pdf', name: 'Offer 1.pdf', mimeType: 'application/pdf' };
export const SITE_PHOTO: OrderFile = { path: 'orders/site.jpg', name: 'site.jpg', mimeType: 'image/jpeg' };

export function timeFrame(from: string, to: string, overrides: Partial<TimeFrame> = {}): TimeFrame {
  return {
    date: { from, to },
    timeFrameType: 'FIXED',
    workingTime: { firstDay: { from: '8:00', to: '18:00' }, intermediate: { from: '8:00', to: '18:00' }, lastDay: { from: '8:00', to: '18:00' } },
    firstDayNightShift: false,
    intermediateNightShift: false,
    lastDayNightShift: false,
    ...overrides,
  };
}

export const BILLING_ADDRESS: BillingAddressSnapshot = {
  id: 'billing-1',
  firstName: 'Jana',
  lastName: 'Becker',
  email: 'accounts@acme.example',
  department: 'Accounting',
  addressLine1: 'Industriestraße 5',
  addressCity: 'München',
  addressPostCode: '80331',
  addressState: 'Bayern',
  addressCountry: 'de',
  taxNumber: 'DE123456789',
};

/** A quote request ready to submit: location, one service, a time frame two weeks ahead, two technicians. */
export const SUBMITTABLE_CONTENT: OrderContent = {
  location: {
    name: 'Plant Munich',
    addressLine1: 'Industriestraße 5',
    city: 'München',
    postCode: '80331',
    country: 'de',
    timeZone: 'Europe/Berlin',
  },
  timeframes: [timeFrame('2026-06-15T08:00:00', '2026-06-17T18:00:00')],
  services: [{ serviceId: 'svc-calibration', name: 'Sensor and instrument calibration', price: { amount: 64_000, currency: 'EUR' }, equipmentItems: [] }],
  equipments: [{ producer: 'Mettler', machine: 'Checkweigher', amount: 1, machineNumbers: ['CW-100'] }],
  additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 2 }, files: [SITE_PHOTO] },
  contacts: { additionalContacts: [] },
};

export const DIRECT_ORDER_CONTENT: OrderContent = { ...SUBMITTABLE_CONTENT, billingAddress: BILLING_ADDRESS };

export const CUSTOMER: CustomerRef = { companyId: CUSTOMER_COMPANY, name: 'Acme Foods GmbH', country: 'de' };

// ---- events

export const ev = {
  created: (creationType: CreationType = 'QUOTE_REQUEST', content: OrderContent = SUBMITTABLE_CONTENT): OrderEvent => ({
    type: 'CREATE',
    data: { orderId: 'order-1', refId: 'ON-26-AAAAAA', customer: CUSTOMER, creationType, content },
  }),
  preparationStarted: (): OrderEvent => ({
    type: 'CREATE_IN_PREPARATION',
    data: { orderId: 'order-1', refId: 'ON-26-AAAAAA', customer: CUSTOMER, content: SUBMITTABLE_CONTENT },
  }),
  quoteRequested: (): OrderEvent => ({ type: 'GET_QUOTE', data: { disclaimerAccepted: true, shortNotice: null } }),
  directOrderSubmitted: (): OrderEvent => ({ type: 'DIRECT_ORDER', data: { disclaimerAccepted: true, shortNotice: null } }),
  offerMade: (offerId = 'offer-1', expiresAt = OFFER_EXPIRES_AT): OrderEvent => ({
    type: 'OFFER',
    data: { offerId, pdf: PDF, attachments: [], internalComment: 'Margin 30 %', expiresAt, offeredAt: NOW },
  }),
  offerExpired: (offerId = 'offer-1'): OrderEvent => ({ type: 'EXPIRE', data: { offerId } }),
  offerAccepted: (additionalInformationRequired = false, offerId = 'offer-1'): OrderEvent => ({
    type: 'ACCEPT_OFFER',
    data: { offerId, po: { number: 'PO-778' }, billingAddress: BILLING_ADDRESS, termsAccepted: true, additionalInformationRequired },
  }),
  changeRequested: (): OrderEvent => ({ type: 'CHANGE_REQUEST', data: {} }),
  cancelled: (): OrderEvent => ({ type: 'CANCEL', data: {} }),
  declined: (): OrderEvent => ({ type: 'DECLINE', data: { externalComment: 'We cannot serve this region.', internalComment: 'No technicians' } }),
  deleted: (forever = false): OrderEvent => ({ type: 'DELETE', data: { reason: 'Duplicate', internalComment: 'Entered twice', forever } }),
  closed: (): OrderEvent => ({ type: 'CLOSE', data: {} }),
  jobSpecified: (): OrderEvent => ({ type: 'CREATE_JOB_SPECIFICATION', data: { jobId: 'job-1' } }),
  jobPlanned: (): OrderEvent => ({ type: 'JOB_PLANNED', data: { jobId: 'job-1', team: [{ id: 'tech-1', name: 'Max Huber' }] } }),
  jobStarted: (): OrderEvent => ({ type: 'JOB_IN_PROGRESS', data: { jobId: 'job-1' } }),
  jobCompleted: (): OrderEvent => ({ type: 'JOB_COMPLETED', data: { jobId: 'job-1' } }),
  jobCancelled: (): OrderEvent => ({ type: 'JOB_CANCELLED', data: { jobId: 'job-1' } }),
  jobClosed: (): OrderEvent => ({ type: 'JOB_CLOSED', data: { jobId: 'job-1' } }),
  billed: (): OrderEvent => ({ type: 'BILLED', data: {} }),
  supervisorAdded: (userId = 'supervisor-1'): OrderEvent => ({ type: 'SUPERVISOR_ADDED', data: { userId } }),
};

const REQUESTED: OrderEvent[] = [ev.created(), ev.quoteRequested()];
const OFFERED: OrderEvent[] = [...REQUESTED, ev.offerMade()];
const SUBMITTED: OrderEvent[] = [...OFFERED, ev.offerAccepted()];
const PLANNED: OrderEvent[] = [...SUBMITTED, ev.jobSpecified(), ev.jobPlanned()];
const COMPLETED: OrderEvent[] = [...PLANNED, ev.jobStarted(), ev.jobCompleted()];

/** An EC quote request's history up to each status (REOPENED is not reachable through events; see stateIn). */
export const HISTORY: { readonly [S in Exclude<OrderStatus, 'REOPENED'>]: readonly OrderEvent[] } = {
  IN_PREPARATION: [ev.preparationStarted()],
  INCOMPLETE: [ev.created()],
  REQUESTED_QUOTE: REQUESTED,
  OFFERED,
  EXPIRED: [...OFFERED, ev.offerExpired()],
  DELETED: [...REQUESTED, ev.deleted()],
  CANCELED: [...REQUESTED, ev.cancelled()],
  DECLINED: [...REQUESTED, ev.declined()],
  ORDER_SUBMITTED: SUBMITTED,
  JOB_IN_PLANNING: [...SUBMITTED, ev.jobSpecified()],
  JOB_PLANNED: PLANNED,
  JOB_IN_PROGRESS: [...PLANNED, ev.jobStarted()],
  JOB_COMPLETED: COMPLETED,
  JOB_CANCELLED: [...PLANNED, ev.jobCancelled()],
  JOB_CLOSED: [...COMPLETED, ev.jobClosed()],
  BILLED: [...COMPLETED, ev.billed()],
  CLOSED: [...SUBMITTED, ev.closed()],
};

/** An OEM direct order, submitted. */
export const DIRECT_ORDER_HISTORY: readonly OrderEvent[] = [ev.created('DIRECT_ORDER', DIRECT_ORDER_CONTENT), ev.directOrderSubmitted()];
/** An OEM customer accepted an offer and still has to complete the order. */
export const OEM_ACCEPTED_HISTORY: readonly OrderEvent[] = [...OFFERED, ev.offerAccepted(true)];

function existingOrFail(state: OrderState): ExistingOrderState {
  if (state.status === 'none') throw new Error('the history does not create an order');
  return state;
}

/** The state of an EC quote request in `status`, after `extra` further events. */
export function stateIn(status: OrderStatus, extra: readonly OrderEvent[] = []): ExistingOrderState {
  if (status !== 'REOPENED') return existingOrFail(foldOrder([...HISTORY[status], ...extra]));
  // Legacy status: no event leads here, so the state is built directly.
  const order = existingOrFail(foldOrder([...SUBMITTED, ...extra])).order;
  return { status: 'REOPENED', order: { ...order, previousStatus: 'CLOSED' } };
}

/** A valid command of each type, for an order built from HISTORY. */
export const SAMPLE_COMMANDS: { readonly [C in OrderCommandType]: Extract<OrderCommand, { readonly type: C }> } = {
  CreateOrder: {
    type: 'CreateOrder',
    data: { creationType: 'QUOTE_REQUEST', content: SUBMITTABLE_CONTENT },
    facts: { orderId: 'order-2', refId: 'ON-26-BBBBBB', customer: CUSTOMER },
  },
  ReorderOrder: {
    type: 'ReorderOrder',
    data: { sourceOrderId: 'order-1' },
    facts: {
      orderId: 'order-2',
      refId: 'ON-26-BBBBBB',
      customer: CUSTOMER,
      source: {
        orderId: 'order-1',
        refId: 'ON-26-AAAAAA',
        companyId: CUSTOMER_COMPANY,
        status: 'JOB_CLOSED',
        creationType: 'QUOTE_REQUEST',
        content: SUBMITTABLE_CONTENT,
      },
    },
  },
  UpdateDraft: { type: 'UpdateDraft', data: { content: { ...SUBMITTABLE_CONTENT, couponCode: 'SPRING26' } } },
  SubmitOrder: { type: 'SubmitOrder', data: { disclaimerAccepted: true, shortNoticeConfirmed: false } },
  RequestChange: { type: 'RequestChange', data: {} },
  CancelOrder: { type: 'CancelOrder', data: { comment: 'Plant shutdown moved' } },
  RejectOffer: { type: 'RejectOffer', data: { offerId: 'offer-1', reasons: ['PRICE_TOO_HIGH'] } },
  AcceptOffer: {
    type: 'AcceptOffer',
    data: { offerId: 'offer-1', po: { number: ' PO-901 ' }, billingAddress: BILLING_ADDRESS, termsAccepted: true },
    facts: { companyProfileCompleted: true },
  },
  CompleteOrder: { type: 'CompleteOrder', data: { content: DIRECT_ORDER_CONTENT, disclaimerAccepted: true, shortNoticeConfirmed: false } },
  UpdatePurchaseOrder: { type: 'UpdatePurchaseOrder', data: { po: { number: 'PO-902' } } },
  SaveFeedback: { type: 'SaveFeedback', data: { feedbacks: [{ type: 'JOB_RATING', rating: 5 }] } },
  UpdateLocalContact: { type: 'UpdateLocalContact', data: { localCustomerContact: { name: 'Tom Weber', phone: '+4989123456' } } },
  AddComment: { type: 'AddComment', data: { externalComment: 'Gate 3 is open from 7:00.' } },
  RemoveFiles: { type: 'RemoveFiles', data: { paths: [SITE_PHOTO.path] } },
  CreateOrderInPreparation: {
    type: 'CreateOrderInPreparation',
    data: { companyId: CUSTOMER_COMPANY, content: SUBMITTABLE_CONTENT },
    facts: { orderId: 'order-2', refId: 'ON-26-BBBBBB', customer: CUSTOMER },
  },
  UpdateOrderInPreparation: { type: 'UpdateOrderInPreparation', data: { content: SUBMITTABLE_CONTENT } },
  ConvertPreparedOrder: { type: 'ConvertPreparedOrder', data: {} },
  ConvertPreparedOrderToDraft: { type: 'ConvertPreparedOrderToDraft', data: {} },
  MakeOffer: { type: 'MakeOffer', data: { pdf: PDF, attachments: [], expiresAt: '2026-06-20T00:00:00.000Z' } },
  RemoveOffer: { type: 'RemoveOffer', data: { offerId: 'offer-1', reason: 'Wrong price list' } },
  ExpireOffer: { type: 'ExpireOffer', data: { offerId: 'offer-1' } },
  RequestOfferExtension: { type: 'RequestOfferExtension', data: { offerId: 'offer-1', comment: 'Budget approval on Friday.' } },
  ExtendOffer: { type: 'ExtendOffer', data: { offerId: 'offer-1', expiresAt: '2026-06-15T00:00:00.000Z' } },
  DeclineRequest: { type: 'DeclineRequest', data: { externalComment: 'Not in our region.', internalComment: 'No capacity' } },
  CloseOrder: { type: 'CloseOrder', data: {} },
  ReopenOrder: { type: 'ReopenOrder', data: {} },
  DeleteOrder: { type: 'DeleteOrder', data: { reason: 'Test order', internalComment: 'Created in training', forever: false } },
  PrepareJob: { type: 'PrepareJob', data: {} },
  RecordJobPlanning: { type: 'RecordJobPlanning', data: { jobId: 'job-1' } },
  RecordJobPlanned: { type: 'RecordJobPlanned', data: { jobId: 'job-1', team: [{ id: 'tech-2', name: 'Lea Graf' }] } },
  RecordJobStarted: { type: 'RecordJobStarted', data: { jobId: 'job-1' } },
  RecordJobCompleted: { type: 'RecordJobCompleted', data: { jobId: 'job-1' } },
  RecordJobCancelled: { type: 'RecordJobCancelled', data: { jobId: 'job-1', reason: 'Customer request' } },
  RecordJobClosed: { type: 'RecordJobClosed', data: { jobId: 'job-1' } },
  MarkOrderBilled: { type: 'MarkOrderBilled', data: { invoiceReference: 'INV-2026-0042' } },
  ChangeOwner: { type: 'ChangeOwner', data: { ownerUserId: 'staff-ben' } },
  UpdateFinancialInfo: {
    type: 'UpdateFinancialInfo',
    data: {
      financialInfo: {
        expectedRevenue: { amount: 1_250_000, currency: 'EUR' },
        probability: 60,
        relevantForForecast: true,
        estimatedReleaseDate: '2026-07-01',
      },
    },
  },
  AddSupervisor: { type: 'AddSupervisor', data: { userId: 'supervisor-2' } },
  RemoveSupervisor: { type: 'RemoveSupervisor', data: { userId: 'supervisor-1' } },
};

// ---- given / when / then

export function given(history: readonly OrderEvent[] | OrderState) {
  const state = Array.isArray(history) ? foldOrder(history) : (history as OrderState);
  return {
    state,
    when: (command: OrderCommand, ctx: CommandContext) => decideOrder(command, state, ctx),
  };
}

/** Runs `decide` and returns the DomainError it throws (failing the test if it throws none, or another error). */
export function refusal(decide: () => unknown): DomainError {
  try {
    decide();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}
