import type { DomainEvent } from '../shared/metadata.js';
import type { OrderEvent, OrderEventType } from './events.js';
import type { OrderBody } from './state.js';
import type { Offer } from './types.js';

/**
 * Who may see each event. 'staff' events are hidden from customers entirely; in the others, a field named
 * `internalComment` is staff only. Read models that serve customers pass events through `visibleToCustomer` (or rows of events through
 * `customerMaySee` and `withoutInternalComment`).
 */
const ORDER_EVENT_AUDIENCE: { readonly [T in OrderEventType]: 'everyone' | 'staff' } = {
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

/**
 * Whether a customer may see an event of this type carrying these fields: never a staff-only event, and a
 * comment only when it has an external part. Types that are not order events are not the rule's to hide.
 */
export function customerMaySee(type: string, fields: object): boolean {
  if (ORDER_EVENT_AUDIENCE[type as OrderEventType] === 'staff') return false;
  return !(type === 'COMMENT' && (fields as { readonly externalComment?: unknown }).externalComment === undefined);
}

/** The fields without the staff-only internal comment. */
export function withoutInternalComment<T extends object>(fields: T): Omit<T, 'internalComment'> {
  const { internalComment: _staffOnly, ...rest } = fields as T & { readonly internalComment?: unknown };
  return rest;
}

/** The event as a customer may see it, or null when it is staff only (including a purely internal comment). */
export function visibleToCustomer(event: OrderEvent): CustomerVisibleOrderEvent | null {
  if (!customerMaySee(event.type, event.data)) return null;
  // Dropping one optional field keeps each variant's type/data pairing, which TypeScript cannot follow through the union.
  return { type: event.type, data: withoutInternalComment(event.data) } as CustomerVisibleOrderEvent;
}

/** What of an order the customer view touches: the staff-only parts. */
interface WithStaffOnlyParts {
  readonly financialInfo?: unknown;
  readonly ownerUserId?: unknown;
  readonly offers: readonly Offer[];
}

export type CustomerOrderView<O extends WithStaffOnlyParts = OrderBody> = Omit<O, 'financialInfo' | 'ownerUserId' | 'offers'> & {
  readonly financialInfo: null;
  readonly ownerUserId: null;
  readonly offers: readonly Omit<Offer, 'internalComment'>[];
};

/**
 * The order (the domain's, or a read model of it) without its staff-only parts: financial information and the
 * provider-side owner are null, offers lose their internal comments.
 */
export function orderForCustomer<O extends WithStaffOnlyParts>(order: O): CustomerOrderView<O> {
  return { ...order, financialInfo: null, ownerUserId: null, offers: order.offers.map(withoutInternalComment) };
}
