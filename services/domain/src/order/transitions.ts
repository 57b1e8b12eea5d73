import type { OrderCommandType } from './commands.js';
import type { OrderEventType } from './events.js';
import { ACTIONABLE_STATUSES, ORDER_STATUSES, type OrderStatus, type OrderStatusOrNone } from './statuses.js';

/**
 * Who may issue a command.
 * - customer: an OEM or EC user, or staff acting on behalf of one (their type and role count);
 * - staff: a BL user;
 * - system: an integration or worker running as a staff actor (offer expiry, job-planning tool);
 * - customer or staff: either.
 * Role rules within a party (e.g. only ADMIN and PLANNER accept) live in policy.ts.
 */
export type Party = 'customer' | 'staff' | 'customer or staff' | 'system';

/** 'unchanged': the status stays; 'previous': the status the order had before it was closed. */
export type ResultingStatus = OrderStatus | 'unchanged' | 'previous';

export interface Transition {
  readonly from: readonly OrderStatusOrNone[];
  readonly event: OrderEventType;
  readonly to: ResultingStatus;
  /** A condition beyond the status, in words (enforced by decide). */
  readonly when?: string;
}

export interface CommandLifecycle {
  readonly by: Party;
  readonly transitions: readonly Transition[];
  /** In a status no transition lists, the command is refused with `orderError` unless it is 'ignored' (no events). */
  readonly elsewhere?: 'ignored';
}

const except = (...excluded: OrderStatus[]): OrderStatus[] => ORDER_STATUSES.filter((status) => !excluded.includes(status));

const NOT_DELETED = except('DELETED');
const CLOSABLE = except('DELETED', 'CLOSED', 'IN_PREPARATION', 'INCOMPLETE');
/** Where a pending change is edited and resubmitted: the offer may expire while the customer is changing the order. */
const CHANGING: OrderStatus[] = [...ACTIONABLE_STATUSES, 'EXPIRED'];
const JOB_AHEAD: OrderStatus[] = ['ORDER_SUBMITTED', 'JOB_IN_PLANNING', 'JOB_PLANNED', 'JOB_IN_PROGRESS'];

/** The order lifecycle as data: for every command, who may issue it, from which statuses, and what follows. */
export const ORDER_TRANSITIONS: { readonly [C in OrderCommandType]: CommandLifecycle } = {
  CreateOrder: { by: 'customer', transitions: [{ from: ['none'], event: 'CREATE', to: 'INCOMPLETE' }] },
  ReorderOrder: {
    by: 'customer',
    transitions: [{ from: ['none'], event: 'CREATE', to: 'INCOMPLETE', when: "copies the source order's content into a new draft" }],
  },
  UpdateDraft: {
    by: 'customer',
    transitions: [
      { from: ['INCOMPLETE'], event: 'UPDATE', to: 'unchanged' },
      { from: CHANGING, event: 'UPDATE', to: 'unchanged', when: 'a change is pending, or an accepted order is being completed' },
    ],
  },
  SubmitOrder: {
    by: 'customer',
    transitions: [
      { from: ['INCOMPLETE'], event: 'GET_QUOTE', to: 'REQUESTED_QUOTE', when: 'quote request' },
      { from: ['INCOMPLETE'], event: 'DIRECT_ORDER', to: 'ORDER_SUBMITTED', when: 'direct order (ADMIN or PLANNER)' },
      { from: CHANGING, event: 'GET_QUOTE', to: 'REQUESTED_QUOTE', when: 'a changed quote request is resubmitted' },
      { from: ['ORDER_SUBMITTED'], event: 'DIRECT_ORDER', to: 'ORDER_SUBMITTED', when: 'a changed direct order is resubmitted' },
    ],
  },
  RequestChange: {
    by: 'customer',
    transitions: [{ from: ACTIONABLE_STATUSES, event: 'CHANGE_REQUEST', to: 'unchanged', when: 'no events while a change is already pending' }],
  },
  CancelOrder: { by: 'customer', transitions: [{ from: ['REQUESTED_QUOTE', 'ORDER_SUBMITTED'], event: 'CANCEL', to: 'CANCELED' }] },
  RejectOffer: { by: 'customer', transitions: [{ from: ACTIONABLE_STATUSES, event: 'REJECT', to: 'DECLINED' }] },
  AcceptOffer: {
    by: 'customer',
    transitions: [
      {
        from: ['OFFERED'],
        event: 'ACCEPT_OFFER',
        to: 'ORDER_SUBMITTED',
        when: 'ADMIN or PLANNER, company profile completed, the open offer before its expiry, no change pending',
      },
    ],
  },
  CompleteOrder: {
    by: 'customer',
    transitions: [{ from: ['ORDER_SUBMITTED'], event: 'COMPLETE', to: 'unchanged', when: 'the order is not completed (OEM after accepting)' }],
  },
  UpdatePurchaseOrder: { by: 'customer or staff', transitions: [{ from: ['ORDER_SUBMITTED'], event: 'PO_UPDATED', to: 'unchanged' }] },
  SaveFeedback: { by: 'customer', transitions: [{ from: ['JOB_PLANNED', 'JOB_COMPLETED'], event: 'FEEDBACK_SAVED', to: 'unchanged' }] },
  UpdateLocalContact: { by: 'customer or staff', transitions: [{ from: JOB_AHEAD, event: 'LOCAL_CONTACT_UPDATED', to: 'unchanged' }] },
  AddComment: { by: 'customer or staff', transitions: [{ from: NOT_DELETED, event: 'COMMENT', to: 'unchanged' }] },
  RemoveFiles: {
    by: 'customer or staff',
    transitions: [
      {
        from: ['IN_PREPARATION', 'INCOMPLETE', ...CHANGING],
        event: 'FILE_REMOVED',
        to: 'unchanged',
        when: 'the content is editable (a draft, a pending change, or an order still to be completed)',
      },
    ],
  },

  CreateOrderInPreparation: { by: 'staff', transitions: [{ from: ['none'], event: 'CREATE_IN_PREPARATION', to: 'IN_PREPARATION' }] },
  UpdateOrderInPreparation: { by: 'staff', transitions: [{ from: ['IN_PREPARATION'], event: 'UPDATE_IN_PREPARATION', to: 'unchanged' }] },
  ConvertPreparedOrder: { by: 'staff', transitions: [{ from: ['IN_PREPARATION'], event: 'CONVERT', to: 'REQUESTED_QUOTE' }] },
  ConvertPreparedOrderToDraft: { by: 'staff', transitions: [{ from: ['IN_PREPARATION'], event: 'CONVERT_INCOMPLETE', to: 'INCOMPLETE' }] },
  MakeOffer: {
    by: 'staff',
    transitions: [{ from: ['REQUESTED_QUOTE', 'OFFERED', 'EXPIRED'], event: 'OFFER', to: 'OFFERED', when: 'no change pending; replaces the open offer' }],
  },
  RemoveOffer: { by: 'staff', transitions: [{ from: ['OFFERED'], event: 'OFFER_REMOVED', to: 'REQUESTED_QUOTE', when: 'the open offer' }] },
  ExpireOffer: {
    by: 'system',
    transitions: [{ from: ['OFFERED'], event: 'EXPIRE', to: 'EXPIRED', when: 'the offer is still the open one and its expiry has passed' }],
    elsewhere: 'ignored',
  },
  RequestOfferExtension: { by: 'customer', transitions: [{ from: ['OFFERED'], event: 'OFFER_EXTENSION_REQUESTED', to: 'unchanged', when: 'the open offer' }] },
  ExtendOffer: { by: 'staff', transitions: [{ from: ['OFFERED'], event: 'OFFER_EXTENDED', to: 'unchanged', when: 'the open offer, to a later instant' }] },
  DeclineRequest: { by: 'staff', transitions: [{ from: ['REQUESTED_QUOTE'], event: 'DECLINE', to: 'DECLINED' }] },
  CloseOrder: { by: 'staff', transitions: [{ from: CLOSABLE, event: 'CLOSE', to: 'CLOSED' }] },
  ReopenOrder: { by: 'staff', transitions: [{ from: ['CLOSED'], event: 'REOPEN', to: 'previous' }] },
  DeleteOrder: {
    by: 'staff',
    transitions: [
      { from: NOT_DELETED, event: 'DELETE', to: 'DELETED' },
      { from: ['DELETED'], event: 'DELETE', to: 'DELETED', when: 'forever, when not yet deleted forever' },
    ],
  },
  PrepareJob: {
    by: 'staff',
    transitions: [
      { from: ['ORDER_SUBMITTED'], event: 'CREATE_JOB_SPECIFICATION', to: 'JOB_IN_PLANNING', when: 'the order is completed and no change is pending' },
    ],
  },
  RecordJobPlanning: { by: 'system', transitions: [{ from: ['JOB_IN_PLANNING', 'JOB_PLANNED'], event: 'JOB_PLANNING', to: 'JOB_IN_PLANNING' }] },
  RecordJobPlanned: { by: 'system', transitions: [{ from: ['JOB_IN_PLANNING', 'JOB_PLANNED'], event: 'JOB_PLANNED', to: 'JOB_PLANNED' }] },
  RecordJobStarted: { by: 'system', transitions: [{ from: ['JOB_PLANNED'], event: 'JOB_IN_PROGRESS', to: 'JOB_IN_PROGRESS' }] },
  RecordJobCompleted: { by: 'system', transitions: [{ from: ['JOB_PLANNED', 'JOB_IN_PROGRESS'], event: 'JOB_COMPLETED', to: 'JOB_COMPLETED' }] },
  RecordJobCancelled: {
    by: 'system',
    transitions: [{ from: ['JOB_IN_PLANNING', 'JOB_PLANNED', 'JOB_IN_PROGRESS'], event: 'JOB_CANCELLED', to: 'JOB_CANCELLED' }],
  },
  RecordJobClosed: { by: 'system', transitions: [{ from: ['JOB_COMPLETED'], event: 'JOB_CLOSED', to: 'JOB_CLOSED' }] },
  MarkOrderBilled: { by: 'staff', transitions: [{ from: ['JOB_COMPLETED', 'JOB_CLOSED'], event: 'BILLED', to: 'BILLED' }] },
  ChangeOwner: { by: 'staff', transitions: [{ from: NOT_DELETED, event: 'CHANGE_OWNER', to: 'unchanged' }] },
  UpdateFinancialInfo: { by: 'staff', transitions: [{ from: NOT_DELETED, event: 'FINANCIAL_INFO_UPDATED', to: 'unchanged' }] },
  AddSupervisor: { by: 'staff', transitions: [{ from: NOT_DELETED, event: 'SUPERVISOR_ADDED', to: 'unchanged' }] },
  RemoveSupervisor: { by: 'staff', transitions: [{ from: NOT_DELETED, event: 'SUPERVISOR_REMOVED', to: 'unchanged' }] },
};

/** The statuses from which a command is accepted (before its further conditions are checked). */
export function allowedStatuses(command: OrderCommandType): ReadonlySet<OrderStatusOrNone> {
  return new Set(ORDER_TRANSITIONS[command].transitions.flatMap((transition) => transition.from));
}

/** Whether a command may be issued in this status; the console uses it to show or hide actions. */
export function isAllowedIn(command: OrderCommandType, status: OrderStatusOrNone): boolean {
  return allowedStatuses(command).has(status);
}
