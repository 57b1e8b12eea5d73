import type { DomainEvent } from '../shared/metadata.js';
import type {
  BillingAddressSnapshot,
  CreationType,
  CustomerRef,
  FeedbackEntry,
  FinancialInfo,
  Instant,
  LocalDateTime,
  OrderContact,
  OrderContent,
  OfferTerms,
  OrderReference,
  PurchaseOrder,
  RejectionReason,
  ShortNotice,
  TeamMember,
} from './types.js';

/*
 * Order events. The stored type is the product's event name (docs/event-catalogue.md) where one exists; the TypeScript
 * names say what happened. A field named `internalComment` is staff only wherever it occurs (see customer-view.ts).
 */

export type OrderCreated = DomainEvent<
  'CREATE',
  {
    readonly orderId: string;
    readonly refId: string;
    readonly customer: CustomerRef;
    readonly creationType: CreationType;
    readonly content: OrderContent;
    /** Set when the order is a reorder of an earlier one. */
    readonly reorderedFrom?: OrderReference;
  }
>;
export type DraftUpdated = DomainEvent<'UPDATE', { readonly content: OrderContent; readonly creationType?: CreationType }>;

interface SubmissionData {
  readonly disclaimerAccepted: true;
  readonly shortNotice: ShortNotice | null;
}
export type QuoteRequested = DomainEvent<'GET_QUOTE', SubmissionData>;
export type DirectOrderSubmitted = DomainEvent<'DIRECT_ORDER', SubmissionData>;

export type OrderPreparationStarted = DomainEvent<
  'CREATE_IN_PREPARATION',
  { readonly orderId: string; readonly refId: string; readonly customer: CustomerRef; readonly content: OrderContent }
>;
export type OrderInPreparationUpdated = DomainEvent<'UPDATE_IN_PREPARATION', { readonly content: OrderContent }>;
/** A prepared order becomes a quote request, as if the customer had submitted it. */
export type PreparedOrderConverted = DomainEvent<'CONVERT', { readonly shortNotice: ShortNotice | null }>;
/** A prepared order is handed to the customer as a draft to complete and submit. */
export type PreparedOrderConvertedToDraft = DomainEvent<'CONVERT_INCOMPLETE', Readonly<Record<string, never>>>;

export type OfferMade = DomainEvent<'OFFER', OfferTerms & { readonly offerId: string; readonly offeredAt: Instant }>;
export type OfferRemoved = DomainEvent<'OFFER_REMOVED', { readonly offerId: string; readonly reason: string; readonly removedAt: Instant }>;
export type OfferExpired = DomainEvent<'EXPIRE', { readonly offerId: string }>;
export type OfferExtensionRequested = DomainEvent<
  'OFFER_EXTENSION_REQUESTED',
  { readonly offerId: string; readonly comment?: string; readonly requestedAt: Instant }
>;
export type OfferExtended = DomainEvent<
  'OFFER_EXTENDED',
  /** v2 (shared/upcasting.ts): `extendedFrom` is the expiry this extension replaced (v1 called it `previousExpiresAt`). */
  { readonly offerId: string; readonly expiresAt: Instant; readonly extendedFrom: Instant; readonly comment?: string }
>;
export type OfferAccepted = DomainEvent<
  'ACCEPT_OFFER',
  {
    readonly offerId: string;
    readonly po: PurchaseOrder;
    readonly billingAddress: BillingAddressSnapshot;
    readonly termsAccepted: true;
    /** The version of the terms accepted (absent on acceptances recorded before it was kept). */
    readonly termsVersion?: string;
    /** OEM customers complete the additional information after accepting; until then the order is 'not completed'. */
    readonly additionalInformationRequired: boolean;
  }
>;
/** The customer turns down the request, the offer or the submitted order (reject). */
export type OrderRejected = DomainEvent<'REJECT', { readonly offerId?: string; readonly reasons: readonly RejectionReason[]; readonly comment?: string }>;
/** The provider declines a request for quote. */
export type QuoteRequestDeclined = DomainEvent<'DECLINE', { readonly externalComment: string; readonly internalComment: string }>;

export type ChangeRequested = DomainEvent<'CHANGE_REQUEST', Readonly<Record<string, never>>>;
/** An OEM customer completed the information still missing after accepting. */
export type OrderCompleted = DomainEvent<'COMPLETE', { readonly content: OrderContent; readonly shortNotice: ShortNotice | null }>;
export type PurchaseOrderUpdated = DomainEvent<'PO_UPDATED', { readonly po: PurchaseOrder }>;
export type OrderCancelled = DomainEvent<'CANCEL', { readonly comment?: string }>;

export type OrderClosed = DomainEvent<'CLOSE', { readonly comment?: string }>;
export type OrderReopened = DomainEvent<'REOPEN', { readonly comment?: string }>;
/** `forever`: read models drop the order from every list and history view. Events are never physically deleted. */
export type OrderDeleted = DomainEvent<'DELETE', { readonly reason: string; readonly internalComment: string; readonly forever: boolean }>;

export type CommentAdded = DomainEvent<'COMMENT', { readonly externalComment?: string; readonly internalComment?: string }>;
export type OwnerChanged = DomainEvent<'CHANGE_OWNER', { readonly ownerUserId: string }>;
export type SupervisorAdded = DomainEvent<'SUPERVISOR_ADDED', { readonly userId: string }>;
export type SupervisorRemoved = DomainEvent<'SUPERVISOR_REMOVED', { readonly userId: string }>;
export type FinancialInfoUpdated = DomainEvent<'FINANCIAL_INFO_UPDATED', { readonly financialInfo: FinancialInfo }>;
export type LocalContactUpdated = DomainEvent<'LOCAL_CONTACT_UPDATED', { readonly localCustomerContact: OrderContact }>;
/** Files removed from the additional information; file storage may delete them. */
export type FilesRemoved = DomainEvent<'FILE_REMOVED', { readonly paths: readonly string[] }>;
export type FeedbackSaved = DomainEvent<'FEEDBACK_SAVED', { readonly feedbacks: readonly FeedbackEntry[] }>;

/** Staff prepared the job: a job specification goes to the external job-planning tool. */
export type JobSpecificationCreated = DomainEvent<
  'CREATE_JOB_SPECIFICATION',
  {
    readonly jobId: string;
    readonly notes?: string;
    readonly teamSize?: number;
    readonly window?: { readonly from: LocalDateTime; readonly to: LocalDateTime };
  }
>;
export type JobPlanningStarted = DomainEvent<'JOB_PLANNING', { readonly jobId: string }>;
export type JobPlanned = DomainEvent<
  'JOB_PLANNED',
  { readonly jobId: string; readonly team: readonly TeamMember[]; readonly schedule?: { readonly from: LocalDateTime; readonly to: LocalDateTime } }
>;
export type JobStarted = DomainEvent<'JOB_IN_PROGRESS', { readonly jobId: string }>;
export type JobCompleted = DomainEvent<'JOB_COMPLETED', { readonly jobId: string }>;
export type JobCancelled = DomainEvent<'JOB_CANCELLED', { readonly jobId: string; readonly reason?: string }>;
export type JobClosed = DomainEvent<'JOB_CLOSED', { readonly jobId: string }>;
export type OrderBilled = DomainEvent<'BILLED', { readonly invoiceReference?: string }>;

export type OrderEvent =
  | OrderCreated
  | DraftUpdated
  | QuoteRequested
  | DirectOrderSubmitted
  | OrderPreparationStarted
  | OrderInPreparationUpdated
  | PreparedOrderConverted
  | PreparedOrderConvertedToDraft
  | OfferMade
  | OfferRemoved
  | OfferExpired
  | OfferExtensionRequested
  | OfferExtended
  | OfferAccepted
  | OrderRejected
  | QuoteRequestDeclined
  | ChangeRequested
  | OrderCompleted
  | PurchaseOrderUpdated
  | OrderCancelled
  | OrderClosed
  | OrderReopened
  | OrderDeleted
  | CommentAdded
  | OwnerChanged
  | SupervisorAdded
  | SupervisorRemoved
  | FinancialInfoUpdated
  | LocalContactUpdated
  | FilesRemoved
  | FeedbackSaved
  | JobSpecificationCreated
  | JobPlanningStarted
  | JobPlanned
  | JobStarted
  | JobCompleted
  | JobCancelled
  | JobClosed
  | OrderBilled;

export type OrderEventType = OrderEvent['type'];

/** The events by which a request or an order reaches the provider: when the first of them happened, it was requested. */
export const SUBMISSION_EVENTS: ReadonlySet<string> = new Set<OrderEventType>(['GET_QUOTE', 'DIRECT_ORDER', 'CONVERT']);
