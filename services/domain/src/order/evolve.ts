import { assertNever } from '../shared/metadata.js';
import type { OrderCreated, OrderEvent, OrderPreparationStarted } from './events.js';
import { initialOrderState, type ExistingOrderState, type OrderBody, type OrderState, type ReopenableDetail, type StatusDetail } from './state.js';
import { orderTypeOf, type Job, type Offer, type OfferOutcome, type OrderContent } from './types.js';

type CreationEvent = OrderCreated | OrderPreparationStarted;
type LaterEvent = Exclude<OrderEvent, CreationEvent>;

function newOrder(event: CreationEvent): OrderBody {
  const creationType = event.type === 'CREATE' ? event.data.creationType : 'QUOTE_REQUEST';
  return {
    orderId: event.data.orderId,
    refId: event.data.refId,
    customer: event.data.customer,
    creationType,
    type: orderTypeOf(creationType),
    content: event.data.content,
    offers: [],
    termsAccepted: false,
    supervisorUserIds: [],
    feedback: [],
    hasChanges: false,
    orderNotCompleted: false,
    previousStatus: null,
    shortNotice: null,
    ...(event.type === 'CREATE' && event.data.reorderedFrom ? { reorderedFrom: event.data.reorderedFrom } : {}),
  };
}

/** Moves to another status; `previousStatus` remembers the one left. */
function moveTo(state: ExistingOrderState, next: StatusDetail, order: OrderBody = state.order): ExistingOrderState {
  return { ...next, order: next.status === state.status ? order : { ...order, previousStatus: state.status } };
}

function withOrder(state: ExistingOrderState, order: OrderBody): ExistingOrderState {
  return { ...state, order };
}

function withOfferOutcome(offers: readonly Offer[], offerId: string, outcome: OfferOutcome, extra: Partial<Offer> = {}): Offer[] {
  return offers.map((offer) => (offer.offerId === offerId ? { ...offer, ...extra, outcome } : offer));
}

/** A new offer or a resubmitted request makes the open offer void. */
function supersedeOpenOffer(offers: readonly Offer[]): Offer[] {
  return offers.map((offer) => (offer.outcome === 'open' ? { ...offer, outcome: 'superseded' } : offer));
}

function withJob(order: OrderBody, change: Partial<Job>): OrderBody {
  return order.job ? { ...order, job: { ...order.job, ...change } } : order;
}

function withoutFiles(content: OrderContent, paths: readonly string[]): OrderContent {
  const files = content.additionalInformation.files?.filter((file) => !paths.includes(file.path));
  return files ? { ...content, additionalInformation: { ...content.additionalInformation, files } } : content;
}

/** The status part of a state, without the order body. */
function detailOf(state: ExistingOrderState): ReopenableDetail | null {
  switch (state.status) {
    case 'OFFERED':
      return { status: state.status, openOfferId: state.openOfferId };
    case 'DECLINED':
      return { status: state.status, declinedBy: state.declinedBy };
    case 'CLOSED':
    case 'DELETED':
      return null;
    default:
      return { status: state.status };
  }
}

function submitted(order: OrderBody, shortNotice: OrderBody['shortNotice']): OrderBody {
  return { ...order, hasChanges: false, orderNotCompleted: false, shortNotice };
}

function evolveExisting(state: ExistingOrderState, event: LaterEvent): ExistingOrderState {
  const { order } = state;
  switch (event.type) {
    case 'UPDATE': {
      const creationType = event.data.creationType ?? order.creationType;
      return withOrder(state, { ...order, content: event.data.content, creationType, type: orderTypeOf(creationType) });
    }
    case 'UPDATE_IN_PREPARATION':
      return withOrder(state, { ...order, content: event.data.content });
    case 'GET_QUOTE':
    case 'CONVERT':
      return moveTo(state, { status: 'REQUESTED_QUOTE' }, { ...submitted(order, event.data.shortNotice), offers: supersedeOpenOffer(order.offers) });
    case 'DIRECT_ORDER':
      return moveTo(state, { status: 'ORDER_SUBMITTED' }, submitted(order, event.data.shortNotice));
    case 'CONVERT_INCOMPLETE':
      return moveTo(state, { status: 'INCOMPLETE' });
    case 'OFFER': {
      const offer: Offer = { ...event.data, outcome: 'open' };
      return moveTo(state, { status: 'OFFERED', openOfferId: offer.offerId }, { ...order, offers: [...supersedeOpenOffer(order.offers), offer] });
    }
    case 'OFFER_REMOVED': {
      const { offerId, reason, removedAt } = event.data;
      const offers = withOfferOutcome(order.offers, offerId, 'removed', { removalReason: reason, removedAt });
      return moveTo(state, { status: 'REQUESTED_QUOTE' }, { ...order, offers });
    }
    case 'OFFER_EXTENSION_REQUESTED':
      return withOrder(state, {
        ...order,
        offers: order.offers.map((o) => (o.offerId === event.data.offerId ? { ...o, extensionRequestedAt: event.data.requestedAt } : o)),
      });
    case 'OFFER_EXTENDED': {
      const { offerId, expiresAt, extendedFrom } = event.data;
      const offers = order.offers.map((o) => (o.offerId === offerId ? { ...o, expiresAt, originalExpiresAt: o.originalExpiresAt ?? extendedFrom } : o));
      return withOrder(state, { ...order, offers });
    }
    case 'EXPIRE':
      return moveTo(state, { status: 'EXPIRED' }, { ...order, offers: withOfferOutcome(order.offers, event.data.offerId, 'expired') });
    case 'ACCEPT_OFFER': {
      const { offerId, po, billingAddress, additionalInformationRequired } = event.data;
      return moveTo(
        state,
        { status: 'ORDER_SUBMITTED' },
        {
          ...order,
          offers: withOfferOutcome(order.offers, offerId, 'accepted'),
          po,
          content: { ...order.content, billingAddress },
          termsAccepted: true,
          orderNotCompleted: additionalInformationRequired,
        },
      );
    }
    case 'REJECT': {
      const { offerId } = event.data;
      const offers = offerId === undefined ? order.offers : withOfferOutcome(order.offers, offerId, 'rejected');
      return moveTo(state, { status: 'DECLINED', declinedBy: 'customer' }, { ...order, offers });
    }
    case 'DECLINE':
      return moveTo(state, { status: 'DECLINED', declinedBy: 'provider' });
    case 'CHANGE_REQUEST':
      return withOrder(state, { ...order, hasChanges: true, orderNotCompleted: true });
    case 'COMPLETE':
      return withOrder(state, { ...order, content: event.data.content, orderNotCompleted: false, shortNotice: event.data.shortNotice });
    case 'PO_UPDATED':
      return withOrder(state, { ...order, po: event.data.po });
    case 'CANCEL':
      return moveTo(state, { status: 'CANCELED' });
    case 'CLOSE': {
      const detail = detailOf(state);
      // The decider never closes a closed or deleted order; should such an event exist, it changes nothing.
      return detail ? moveTo(state, { status: 'CLOSED', reopensTo: { detail, previousStatus: order.previousStatus } }) : state;
    }
    case 'REOPEN':
      return state.status === 'CLOSED' ? { ...state.reopensTo.detail, order: { ...order, previousStatus: state.reopensTo.previousStatus } } : state;
    case 'DELETE':
      return moveTo(state, { status: 'DELETED', deletedForever: event.data.forever });
    case 'COMMENT':
      return state;
    case 'CHANGE_OWNER':
      return withOrder(state, { ...order, ownerUserId: event.data.ownerUserId });
    case 'SUPERVISOR_ADDED':
      return withOrder(state, { ...order, supervisorUserIds: [...order.supervisorUserIds, event.data.userId] });
    case 'SUPERVISOR_REMOVED':
      return withOrder(state, { ...order, supervisorUserIds: order.supervisorUserIds.filter((id) => id !== event.data.userId) });
    case 'FINANCIAL_INFO_UPDATED':
      return withOrder(state, { ...order, financialInfo: event.data.financialInfo });
    case 'LOCAL_CONTACT_UPDATED':
      return withOrder(state, {
        ...order,
        content: { ...order.content, contacts: { ...order.content.contacts, localCustomerContact: event.data.localCustomerContact } },
      });
    case 'FILE_REMOVED':
      return withOrder(state, { ...order, content: withoutFiles(order.content, event.data.paths) });
    case 'FEEDBACK_SAVED':
      return withOrder(state, { ...order, feedback: event.data.feedbacks });
    case 'CREATE_JOB_SPECIFICATION':
      return moveTo(
        state,
        { status: 'JOB_IN_PLANNING' },
        {
          ...order,
          job: {
            jobId: event.data.jobId,
            status: 'CREATED',
            team: [],
            ...(event.data.teamSize === undefined ? {} : { requestedTeamSize: event.data.teamSize }),
            ...(event.data.window ? { requestedWindow: event.data.window } : {}),
          },
        },
      );
    case 'JOB_PLANNING':
      return moveTo(state, { status: 'JOB_IN_PLANNING' }, withJob(order, { status: 'CREATED' }));
    case 'JOB_PLANNED': {
      const { team, schedule } = event.data;
      return moveTo(state, { status: 'JOB_PLANNED' }, withJob(order, { status: 'PLANNED', team, ...(schedule ? { schedule } : {}) }));
    }
    case 'JOB_IN_PROGRESS':
      return moveTo(state, { status: 'JOB_IN_PROGRESS' }, withJob(order, { status: 'IN_PROGRESS' }));
    case 'JOB_COMPLETED':
      return moveTo(state, { status: 'JOB_COMPLETED' }, withJob(order, { status: 'COMPLETED' }));
    case 'JOB_CANCELLED':
      return moveTo(state, { status: 'JOB_CANCELLED' }, withJob(order, { status: 'CANCELED' }));
    case 'JOB_CLOSED':
      return moveTo(state, { status: 'JOB_CLOSED' }, withJob(order, { status: 'CLOSED' }));
    case 'BILLED':
      return moveTo(state, { status: 'BILLED' });
    default:
      return assertNever(event, 'order event');
  }
}

/** Applies one event. Events are facts: evolve never refuses one. */
export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'CREATE') return { status: 'INCOMPLETE', order: newOrder(event) };
  if (event.type === 'CREATE_IN_PREPARATION') return { status: 'IN_PREPARATION', order: newOrder(event) };
  // Events before a creation event cannot come from the decider; they are ignored rather than invented into an order.
  if (state.status === 'none') return state;
  return evolveExisting(state, event);
}

export function foldOrder(events: readonly OrderEvent[]): OrderState {
  return events.reduce(evolveOrder, initialOrderState);
}
