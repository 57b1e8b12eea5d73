import { evolveOrder, orderCountryOf, SUBMISSION_EVENTS, type OrderEvent, type OrderState, type RecordedEvent } from '@onsite/domain';
import type {
  CreationType,
  CustomerRef,
  ExistingOrderState,
  FeedbackEntry,
  FinancialInfo,
  Job,
  Offer,
  OrderContent,
  OrderFile,
  OrderStatus,
  OrderType,
  PurchaseOrder,
  ShortNotice,
} from '@onsite/domain';
import type { OrderReadModel } from '../order-read-model.js';

/** The order detail page's question: everything about one order, with its events table. */
export const ORDER_DETAILS = 'order_details';

/** One row of an order's events table. */
export interface OrderEventRow {
  readonly _id: string;
  readonly event: string;
  /** Status after the event, and before it. */
  readonly status: OrderStatus;
  readonly previousStatus: OrderStatus | null;
  readonly timestamp: string;
  readonly authorUserId: string;
  readonly onBehalfOfUserId: string | null;
  /** The API token the event came with (D211). */
  readonly viaApiToken?: { readonly id: string; readonly name: string };
  readonly externalComment?: string;
  /** Staff only. */
  readonly internalComment?: string;
  readonly comment?: string;
  readonly po?: string;
  readonly expiryDate?: string;
  readonly offerId?: string;
  readonly reasons?: readonly string[];
}

/**
 * What came of the order's current job (D217), from the planning tool's progress events: when the work started,
 * and its outcome with its time. `outcome` is null while the job has none yet. The cancellation reason is staff
 * only (queries strip it for customers).
 */
export interface JobResultView {
  readonly jobId: string;
  readonly outcome: 'COMPLETED' | 'CANCELED' | 'CLOSED' | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly cancelledAt: string | null;
  readonly cancellationReason: string | null;
  readonly closedAt: string | null;
}

/** The order's billing (D217): when staff marked it billed, and the invoice reference they gave. */
export interface InvoiceView {
  readonly billedAt: string;
  readonly invoiceReference: string | null;
}

/** Everything the order detail page shows, staff-only fields included (queries strip them for customers). */
export interface OrderDetailView {
  readonly _id: string;
  readonly refId: string;
  readonly version: number;
  readonly status: OrderStatus;
  readonly previousStatus: OrderStatus | null;
  readonly creationType: CreationType;
  readonly type: OrderType;
  readonly customer: CustomerRef;
  readonly country: string;
  readonly content: OrderContent;
  readonly offers: readonly Offer[];
  readonly openOfferId: string | null;
  readonly po: PurchaseOrder | null;
  readonly termsAccepted: boolean;
  readonly supervisorUserIds: readonly string[];
  readonly ownerUserId: string | null;
  readonly financialInfo: FinancialInfo | null;
  readonly feedback: readonly FeedbackEntry[];
  readonly job: Job | null;
  /** Null until the order has a job (D217). */
  readonly jobResult: JobResultView | null;
  /** Null until the order is billed (D217). */
  readonly invoice: InvoiceView | null;
  readonly hasChanges: boolean;
  readonly orderNotCompleted: boolean;
  readonly shortNotice: ShortNotice | null;
  readonly deletedForever: boolean;
  readonly createdAt: string;
  readonly createdByUserId: string;
  /** When the customer first submitted (quote requested or order placed); null for drafts. */
  readonly requestedAt: string | null;
  readonly updatedAt: string;
  readonly events: readonly OrderEventRow[];
  /** Storage paths of every file the order refers to: the index from a file to the orders that may serve it. */
  readonly filePaths: readonly string[];
}

export function detailFromState(
  state: ExistingOrderState,
  previous: OrderDetailView | null,
  meta: {
    readonly version: number;
    readonly at: string;
    readonly actorUserId: string;
    readonly submitted: boolean;
    readonly row: OrderEventRow;
    readonly event?: OrderEvent;
  },
): OrderDetailView {
  const o = state.order;
  return {
    _id: o.orderId,
    refId: o.refId,
    version: meta.version,
    status: state.status,
    previousStatus: o.previousStatus,
    creationType: o.creationType,
    type: o.type,
    customer: o.customer,
    country: orderCountryOf(o),
    content: o.content,
    offers: o.offers,
    openOfferId: state.status === 'OFFERED' ? state.openOfferId : null,
    po: o.po ?? null,
    termsAccepted: o.termsAccepted,
    supervisorUserIds: o.supervisorUserIds,
    ownerUserId: o.ownerUserId ?? null,
    financialInfo: o.financialInfo ?? null,
    feedback: o.feedback,
    job: o.job ?? null,
    jobResult: jobResultOf(o.job, previous?.jobResult ?? null, meta.event, meta.at),
    invoice: meta.event?.type === 'BILLED' ? { billedAt: meta.at, invoiceReference: meta.event.data.invoiceReference ?? null } : (previous?.invoice ?? null),
    hasChanges: o.hasChanges,
    orderNotCompleted: o.orderNotCompleted,
    shortNotice: o.shortNotice,
    deletedForever: state.status === 'DELETED' && state.deletedForever,
    createdAt: previous?.createdAt ?? meta.at,
    createdByUserId: previous?.createdByUserId ?? meta.actorUserId,
    requestedAt: previous?.requestedAt ?? (meta.submitted ? meta.at : null),
    updatedAt: meta.at,
    events: [...(previous?.events ?? []), meta.row],
    filePaths: orderFilesOf(o).map((file) => file.path),
  };
}

/** The current job's result after an event: a new job starts a new result; progress events add their times. */
function jobResultOf(job: Job | undefined, previous: JobResultView | null, event: OrderEvent | undefined, at: string): JobResultView | null {
  if (!job) return null;
  const base: JobResultView =
    previous?.jobId === job.jobId
      ? previous
      : { jobId: job.jobId, outcome: null, startedAt: null, completedAt: null, cancelledAt: null, cancellationReason: null, closedAt: null };
  switch (event?.type) {
    case 'JOB_IN_PROGRESS':
      return { ...base, startedAt: at };
    case 'JOB_COMPLETED':
      return { ...base, outcome: 'COMPLETED', completedAt: at };
    case 'JOB_CANCELLED':
      return { ...base, outcome: 'CANCELED', cancelledAt: at, cancellationReason: event.data.reason ?? null };
    case 'JOB_CLOSED':
      return { ...base, outcome: 'CLOSED', closedAt: at };
    default:
      return base;
  }
}

/** Every stored file an order refers to: additional information, offer documents and attachments, the PO document. */
export function orderFilesOf(order: { readonly content: OrderContent; readonly offers: readonly Offer[]; readonly po?: PurchaseOrder | null }): OrderFile[] {
  return [
    ...(order.content.additionalInformation.files ?? []),
    ...order.offers.flatMap((offer) => [offer.pdf, ...offer.attachments]),
    ...(order.po?.document ? [order.po.document] : []),
  ];
}

function eventRow(recorded: RecordedEvent, event: OrderEvent, before: OrderState, after: OrderState): OrderEventRow {
  const d = event.data as Record<string, unknown>;
  const text = (key: string) => (typeof d[key] === 'string' ? { [key]: d[key] as string } : {});
  const po = typeof d.po === 'object' && d.po !== null ? (d.po as { number?: string }).number : undefined;
  return {
    _id: recorded.eventId,
    event: event.type,
    status: after.status === 'none' ? 'INCOMPLETE' : after.status,
    previousStatus: before.status === 'none' ? null : before.status,
    timestamp: recorded.metadata.occurredAt,
    authorUserId: recorded.metadata.actorUserId,
    onBehalfOfUserId: recorded.metadata.onBehalfOfUserId ?? null,
    ...(recorded.metadata.viaApiToken ? { viaApiToken: { id: recorded.metadata.viaApiToken.id, name: recorded.metadata.viaApiToken.name } } : {}),
    ...text('externalComment'),
    ...text('internalComment'),
    ...text('comment'),
    ...text('offerId'),
    ...(typeof d.expiresAt === 'string' ? { expiryDate: d.expiresAt } : {}),
    ...(po ? { po } : {}),
    ...(Array.isArray(d.reasons) ? { reasons: d.reasons as string[] } : {}),
  };
}

/**
 * One order event applied to the folded domain state and to the detail before it: the projection's step, pure,
 * so that the order as of any event (time travel, D16) is folded from the stream exactly as the live
 * detail was. `detail` is null while the order does not exist (the previous detail stands).
 */
export function applyOrderEvent(
  recorded: RecordedEvent,
  before: OrderState,
  previous: OrderDetailView | null,
): { readonly state: OrderState; readonly detail: OrderDetailView | null } {
  const event = { type: recorded.type, data: recorded.data } as OrderEvent;
  const after = evolveOrder(before, event);
  if (after.status === 'none') return { state: after, detail: null };
  const detail = detailFromState(after, previous, {
    version: recorded.streamVersion,
    at: recorded.metadata.occurredAt,
    actorUserId: recorded.metadata.actorUserId,
    submitted: SUBMISSION_EVENTS.has(event.type),
    row: eventRow(recorded, event, before, after),
    event,
  });
  return { state: after, detail };
}

/** Stores each order's detail with the stream version it reflects. */
export const orderDetailReadModel: OrderReadModel<OrderDetailView> = {
  collections: [
    {
      name: ORDER_DETAILS,
      indexes: [
        { name: 'order_details_ref', paths: ['refId'], unique: true },
        { name: 'order_details_files', has: 'filePaths' },
        // The workers' scan at start of the orders with an open offer, a page at a time in the order of their id
        // (eachOfferedOrderPage, services/workers): without it each page read every detail (3.3 s a page at 100,000).
        { name: 'order_details_status_by_id', within: ['status'], sort: [{ path: '_id', direction: 'asc' }] },
      ],
    },
  ],
  async apply({ orderId, version, after }, session) {
    await session.collection<OrderDetailView>(ORDER_DETAILS).upsert(orderId, after, version);
  },
};
