import type { DomainEvent } from '../shared/metadata.js';
import type { OrderEvent, OrderEventType } from './events.js';
import type { OrderBody } from './state.js';
import type { Offer } from './types.js';

/**
 * Who may see each event. 'staff' events are hidden from customers entirely; in the others, a field named
 * `internalComment` is staff only. Read models that serve customers pass events through `visibleToCustomer`.
 */
export const ORDER_EVENT_AUDIENCE: { readonly [T in OrderEventType]: 'everyone' | 'staff' } = {
  CREATE: 'everyone',
  UPDATE: 'everyone',
  GET_QUOTE: 'everyone',
  DIRECT_ORDER: 'everyone',
  CREATE_IN_PREPARATION: 'everyone',
  UPDATE_IN_PREPARATION: 'everyone',
  CONVERT: 'everyone',
  CONVERT_INCOMPLETE: 'everyone',
  OFFER: 'everyone',
  OFFER_REMOVED: 'everyone',
  EXPIRE: 'everyone',
  OFFER_EXTENSION_REQUESTED: 'everyone',
  OFFER_EXTENDED: 'everyone',
  ACCEPT_OFFER: 'everyone',
  REJECT: 'everyone',
  DECLINE: 'everyone',
  CHANGE_REQUEST: 'everyone',
  COMPLETE: 'everyone',
  PO_UPDATED: 'everyone',
  CANCEL: 'everyone',
  CLOSE: 'everyone',
  REOPEN: 'everyone',
  DELETE: 'staff',
  COMMENT: 'everyone',
  CHANGE_OWNER: 'staff',
  SUPERVISOR_ADDED: 'everyone',
  SUPERVISOR_REMOVED: 'everyone',
  FINANCIAL_INFO_UPDATED: 'staff',
  LOCAL_CONTACT_UPDATED: 'everyone',
  FILE_REMOVED: 'everyone',
  FEEDBACK_SAVED: 'everyone',
  CREATE_JOB_SPECIFICATION: 'everyone',
  JOB_PLANNING: 'everyone',
  JOB_PLANNED: 'everyone',
  JOB_IN_PROGRESS: 'everyone',
  JOB_COMPLETED: 'everyone',
  JOB_CANCELLED: 'everyone',
  JOB_CLOSED: 'everyone',
  BILLED: 'everyone',
};

export const ORDER_EVENT_TYPES = Object.keys(ORDER_EVENT_AUDIENCE) as readonly OrderEventType[];

/** For projections reading the global log: whether a stored event belongs to the order stream. */
export function isOrderEvent(event: DomainEvent): event is OrderEvent {
  return Object.hasOwn(ORDER_EVENT_AUDIENCE, event.type);
}

type WithoutInternalComment<E> = E extends OrderEvent ? { readonly type: E['type']; readonly data: Omit<E['data'], 'internalComment'> } : never;
export type CustomerVisibleOrderEvent = WithoutInternalComment<OrderEvent>;

/** The event as a customer may see it, or null when it is staff only (including a purely internal comment). */
export function visibleToCustomer(event: OrderEvent): CustomerVisibleOrderEvent | null {
  if (ORDER_EVENT_AUDIENCE[event.type] === 'staff') return null;
  if (event.type === 'COMMENT' && event.data.externalComment === undefined) return null;
  if (!('internalComment' in event.data)) return event;
  const { internalComment: _staffOnly, ...data } = event.data;
  // Dropping one optional field keeps each variant's type/data pairing, which TypeScript cannot follow through the union.
  return { type: event.type, data } as CustomerVisibleOrderEvent;
}

export type CustomerOrderView = Omit<OrderBody, 'financialInfo' | 'ownerUserId' | 'offers'> & {
  readonly offers: readonly Omit<Offer, 'internalComment'>[];
};

/** The order without its staff-only parts: financial information, the provider-side owner and internal offer comments. */
export function orderForCustomer(order: OrderBody): CustomerOrderView {
  const { financialInfo: _forecast, ownerUserId: _owner, offers, ...rest } = order;
  return { ...rest, offers: offers.map(({ internalComment: _staffOnly, ...offer }) => offer) };
}
