import { customerActionsOf, orderCountryOf } from '@onsite/domain';
import type {
  CreationType, CustomerAction, CustomerRef, ExistingOrderState, FeedbackEntry, FinancialInfo, Job, Offer, OrderContent, OrderFile, OrderStatus, OrderType,
  PurchaseOrder, ShortNotice,
} from '@onsite/domain';

/** One row of an order's events table (spec section 3, order event). */
export interface OrderEventRow {
  readonly _id: string;
  readonly event: string;
  /** Status after the event, and before it. */
  readonly status: OrderStatus;
  readonly previousStatus: OrderStatus | null;
  readonly timestamp: string;
  readonly authorUserId: string;
  readonly onBehalfOfUserId: string | null;
  readonly externalComment?: string;
  /** Staff only. */
  readonly internalComment?: string;
  readonly comment?: string;
  readonly po?: string;
  readonly expiryDate?: string;
  readonly offerId?: string;
  readonly reasons?: readonly string[];
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

/** One row of the order lists (my service orders, order history). */
export interface OrderListItem {
  readonly _id: string;
  readonly refId: string;
  readonly status: OrderStatus;
  readonly creationType: CreationType;
  readonly type: OrderType;
  readonly companyId: string;
  readonly customerName: string;
  readonly endCustomerName: string | null;
  readonly country: string;
  readonly locationName: string | null;
  readonly city: string | null;
  readonly serviceNames: readonly string[];
  /** Catalogue ids of the services, in the order of serviceNames (the console shows the names in its language). */
  readonly serviceIds: readonly string[];
  readonly requestedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Start of the preferred time frame, local to the location. */
  readonly firstStart: string | null;
  readonly timeZone: string | null;
  readonly hasChanges: boolean;
  readonly ownerUserId: string | null;
  /** When the open offer expires; null without one. */
  readonly offerExpiresAt: string | null;
  /** The service window, local to the location: the planned job's schedule, else the preferred time frame. */
  readonly windowStart: string | null;
  readonly windowEnd: string | null;
  /** What the order waits for from its customer (none: it is in the provider's hands or done). */
  readonly actionRequired: readonly CustomerAction[];
}

export function detailFromState(
  state: ExistingOrderState,
  previous: OrderDetailView | null,
  meta: { readonly version: number; readonly at: string; readonly actorUserId: string; readonly submitted: boolean; readonly row: OrderEventRow },
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

/** Every stored file an order refers to: additional information, offer documents and attachments, the PO document. */
export function orderFilesOf(order: { readonly content: OrderContent; readonly offers: readonly Offer[]; readonly po?: PurchaseOrder | null }): OrderFile[] {
  return [
    ...(order.content.additionalInformation.files ?? []),
    ...order.offers.flatMap((offer) => [offer.pdf, ...offer.attachments]),
    ...(order.po?.document ? [order.po.document] : []),
  ];
}

export function listItemOf(detail: OrderDetailView): OrderListItem {
  const { content } = detail;
  return {
    _id: detail._id,
    refId: detail.refId,
    status: detail.status,
    creationType: detail.creationType,
    type: detail.type,
    companyId: detail.customer.companyId,
    customerName: detail.customer.name,
    endCustomerName: content.endCustomer?.name ?? null,
    country: detail.country,
    locationName: content.location?.name ?? null,
    city: content.location?.city ?? null,
    serviceNames: content.services.map((s) => s.name),
    serviceIds: content.services.map((s) => s.serviceId),
    requestedAt: detail.requestedAt,
    createdAt: detail.createdAt,
    updatedAt: detail.updatedAt,
    firstStart: content.timeframes[0]?.date.from ?? null,
    timeZone: content.location?.timeZone ?? null,
    hasChanges: detail.hasChanges,
    ownerUserId: detail.ownerUserId,
    offerExpiresAt: detail.offers.find((offer) => offer.offerId === detail.openOfferId)?.expiresAt ?? null,
    windowStart: detail.job?.schedule?.from ?? content.timeframes[0]?.date.from ?? null,
    windowEnd: detail.job?.schedule?.to ?? content.timeframes[0]?.date.to ?? null,
    actionRequired: customerActionsOf(detail),
  };
}
