import type { OrderStatus } from './statuses.js';
import type {
  BillingAddressSnapshot,
  CreationType,
  CustomerRef,
  FeedbackEntry,
  FinancialInfo,
  Instant,
  LocalDateTime,
  OfferTerms,
  OrderContact,
  OrderContent,
  PurchaseOrder,
  RejectionReason,
  TeamMember,
} from './types.js';

/**
 * A command: `data` is what the caller asked for (validated at the HTTP boundary by the schema of the
 * same name in schemas.ts); `facts` is what the api established itself and never takes from a request.
 */
export interface OrderCommandOf<Type extends string, Data> {
  readonly type: Type;
  readonly data: Data;
}

export interface OrderCommandWithFacts<Type extends string, Data, Facts> extends OrderCommandOf<Type, Data> {
  readonly facts: Facts;
}

/** Ids and customer of a new order stream. The api generates the ids and resolves the customer company. */
export interface NewOrderFacts {
  readonly orderId: string;
  /** Human reference shown in console links. */
  readonly refId: string;
  readonly customer: CustomerRef;
}

/** Configuration the api passes to commands that validate time frames. */
export interface SubmissionSettings {
  /** The longest job window allowed; DEFAULT_MAX_JOB_WINDOW_DAYS when absent. */
  readonly maxJobWindowDays?: number;
}

/** The order a reorder copies from, as the api loaded it. Build it with `reorderSourceOf`. */
export interface ReorderSource {
  readonly orderId: string;
  readonly refId: string;
  readonly companyId: string;
  readonly status: OrderStatus;
  readonly creationType: CreationType;
  readonly content: OrderContent;
}

// ---- customer commands (staff may issue them while acting on behalf of a customer user)

export interface CreateOrderData {
  readonly creationType: CreationType;
  readonly content: OrderContent;
}
export type CreateOrder = OrderCommandWithFacts<'CreateOrder', CreateOrderData, NewOrderFacts>;

export interface ReorderOrderData {
  readonly sourceOrderId: string;
}
export type ReorderOrder = OrderCommandWithFacts<'ReorderOrder', ReorderOrderData, NewOrderFacts & { readonly source: ReorderSource }>;

export interface UpdateDraftData {
  readonly content: OrderContent;
  /** Switches between quote request and direct order; only while the draft is INCOMPLETE. */
  readonly creationType?: CreationType;
}
export type UpdateDraft = OrderCommandOf<'UpdateDraft', UpdateDraftData>;

export interface SubmitOrderData {
  readonly disclaimerAccepted: boolean;
  /** The customer confirmed a job start within the short-notice threshold (extra charges may apply). */
  readonly shortNoticeConfirmed: boolean;
}
export interface SubmitOrder extends OrderCommandOf<'SubmitOrder', SubmitOrderData> {
  readonly facts?: SubmissionSettings;
}

export type RequestChange = OrderCommandOf<'RequestChange', Readonly<Record<string, never>>>;

export interface CancelOrderData {
  readonly comment?: string;
}
export type CancelOrder = OrderCommandOf<'CancelOrder', CancelOrderData>;

export interface RejectOfferData {
  /** Required while an offer is open: the offer being rejected. */
  readonly offerId?: string;
  readonly reasons: readonly RejectionReason[];
  readonly comment?: string;
}
export type RejectOffer = OrderCommandOf<'RejectOffer', RejectOfferData>;

export interface AcceptOfferData {
  readonly offerId: string;
  readonly po: PurchaseOrder;
  readonly billingAddress: BillingAddressSnapshot;
  readonly termsAccepted: boolean;
}
export interface AcceptOfferFacts {
  /** The customer company's profile is complete (company record `completed`). */
  readonly companyProfileCompleted: boolean;
  /** The terms version in force (shared/legal.ts), recorded with the acceptance; absent in older commands. */
  readonly termsVersion?: string;
}
export type AcceptOffer = OrderCommandWithFacts<'AcceptOffer', AcceptOfferData, AcceptOfferFacts>;

export interface CompleteOrderData {
  readonly content: OrderContent;
  readonly disclaimerAccepted: boolean;
  readonly shortNoticeConfirmed: boolean;
}
export interface CompleteOrder extends OrderCommandOf<'CompleteOrder', CompleteOrderData> {
  readonly facts?: SubmissionSettings;
}

export interface UpdatePurchaseOrderData {
  readonly po: PurchaseOrder;
}
export type UpdatePurchaseOrder = OrderCommandOf<'UpdatePurchaseOrder', UpdatePurchaseOrderData>;

export interface SaveFeedbackData {
  readonly feedbacks: readonly FeedbackEntry[];
}
export type SaveFeedback = OrderCommandOf<'SaveFeedback', SaveFeedbackData>;

export interface UpdateLocalContactData {
  readonly localCustomerContact: OrderContact;
}
export type UpdateLocalContact = OrderCommandOf<'UpdateLocalContact', UpdateLocalContactData>;

export interface AddCommentData {
  readonly externalComment?: string;
  /** Staff only. */
  readonly internalComment?: string;
}
export type AddComment = OrderCommandOf<'AddComment', AddCommentData>;

export interface RemoveFilesData {
  /** Storage paths of additional-information files. */
  readonly paths: readonly string[];
}
export type RemoveFiles = OrderCommandOf<'RemoveFiles', RemoveFilesData>;

// ---- staff commands

export interface CreateOrderInPreparationData {
  readonly companyId: string;
  readonly content: OrderContent;
}
export type CreateOrderInPreparation = OrderCommandWithFacts<'CreateOrderInPreparation', CreateOrderInPreparationData, NewOrderFacts>;

export interface UpdateOrderInPreparationData {
  readonly content: OrderContent;
}
export type UpdateOrderInPreparation = OrderCommandOf<'UpdateOrderInPreparation', UpdateOrderInPreparationData>;

export interface ConvertPreparedOrder extends OrderCommandOf<'ConvertPreparedOrder', Readonly<Record<string, never>>> {
  readonly facts?: SubmissionSettings;
}
export type ConvertPreparedOrderToDraft = OrderCommandOf<'ConvertPreparedOrderToDraft', Readonly<Record<string, never>>>;

export type MakeOfferData = OfferTerms;
export type MakeOffer = OrderCommandOf<'MakeOffer', MakeOfferData>;

export interface RemoveOfferData {
  readonly offerId: string;
  readonly reason: string;
}
export type RemoveOffer = OrderCommandOf<'RemoveOffer', RemoveOfferData>;

export interface ExpireOfferData {
  readonly offerId: string;
  /** The expiry the job was scheduled for: when the offer's validity was extended since, there is nothing to do. */
  readonly expiresAt?: Instant;
}
/** Issued by the offer-expiry worker when an offer's expiry instant has passed. */
export type ExpireOffer = OrderCommandOf<'ExpireOffer', ExpireOfferData>;

export interface RequestOfferExtensionData {
  readonly offerId: string;
  /** Why the customer needs more time, e.g. an approval still pending. */
  readonly comment?: string;
}
/** The customer asks staff for more time to decide on the open offer. */
export type RequestOfferExtension = OrderCommandOf<'RequestOfferExtension', RequestOfferExtensionData>;

export interface ExtendOfferData {
  readonly offerId: string;
  /** The new expiry: later than the current one and in the future. */
  readonly expiresAt: Instant;
  readonly comment?: string;
}
/** Staff move the open offer's expiry. */
export type ExtendOffer = OrderCommandOf<'ExtendOffer', ExtendOfferData>;

export interface DeclineRequestData {
  /** Shown to the customer. */
  readonly externalComment: string;
  readonly internalComment: string;
}
export type DeclineRequest = OrderCommandOf<'DeclineRequest', DeclineRequestData>;

export interface CloseOrderData {
  readonly comment?: string;
}
export type CloseOrder = OrderCommandOf<'CloseOrder', CloseOrderData>;

export interface ReopenOrderData {
  readonly comment?: string;
}
export type ReopenOrder = OrderCommandOf<'ReopenOrder', ReopenOrderData>;

export interface DeleteOrderData {
  readonly reason: string;
  readonly internalComment: string;
  /** Remove the order from every list and history view. */
  readonly forever: boolean;
}
export type DeleteOrder = OrderCommandOf<'DeleteOrder', DeleteOrderData>;

export interface PrepareJobData {
  /** Instructions for the job planners. */
  readonly notes?: string;
  /** How many technicians the job needs. */
  readonly teamSize?: number;
  /** When the job should run, location-local (from before to). */
  readonly window?: { readonly from: LocalDateTime; readonly to: LocalDateTime };
}
export type PrepareJob = OrderCommandOf<'PrepareJob', PrepareJobData>;

export interface JobRef {
  readonly jobId: string;
}
/** Commands issued by the job-planning integration as the external tool reports progress. */
export type RecordJobPlanning = OrderCommandOf<'RecordJobPlanning', JobRef>;
export interface RecordJobPlannedData extends JobRef {
  readonly team: readonly TeamMember[];
  readonly schedule?: { readonly from: LocalDateTime; readonly to: LocalDateTime };
}
export type RecordJobPlanned = OrderCommandOf<'RecordJobPlanned', RecordJobPlannedData>;
export type RecordJobStarted = OrderCommandOf<'RecordJobStarted', JobRef>;
export type RecordJobCompleted = OrderCommandOf<'RecordJobCompleted', JobRef>;
export interface RecordJobCancelledData extends JobRef {
  readonly reason?: string;
}
export type RecordJobCancelled = OrderCommandOf<'RecordJobCancelled', RecordJobCancelledData>;
export type RecordJobClosed = OrderCommandOf<'RecordJobClosed', JobRef>;

export interface MarkOrderBilledData {
  readonly invoiceReference?: string;
}
export type MarkOrderBilled = OrderCommandOf<'MarkOrderBilled', MarkOrderBilledData>;

export interface ChangeOwnerData {
  readonly ownerUserId: string;
}
export type ChangeOwner = OrderCommandOf<'ChangeOwner', ChangeOwnerData>;

export interface UpdateFinancialInfoData {
  readonly financialInfo: FinancialInfo;
}
export type UpdateFinancialInfo = OrderCommandOf<'UpdateFinancialInfo', UpdateFinancialInfoData>;

export interface SupervisorData {
  readonly userId: string;
}
export type AddSupervisor = OrderCommandOf<'AddSupervisor', SupervisorData>;
export type RemoveSupervisor = OrderCommandOf<'RemoveSupervisor', SupervisorData>;

export type OrderCommand =
  | CreateOrder
  | ReorderOrder
  | UpdateDraft
  | SubmitOrder
  | RequestChange
  | CancelOrder
  | RejectOffer
  | AcceptOffer
  | CompleteOrder
  | UpdatePurchaseOrder
  | SaveFeedback
  | UpdateLocalContact
  | AddComment
  | RemoveFiles
  | CreateOrderInPreparation
  | UpdateOrderInPreparation
  | ConvertPreparedOrder
  | ConvertPreparedOrderToDraft
  | MakeOffer
  | RemoveOffer
  | ExpireOffer
  | RequestOfferExtension
  | ExtendOffer
  | DeclineRequest
  | CloseOrder
  | ReopenOrder
  | DeleteOrder
  | PrepareJob
  | RecordJobPlanning
  | RecordJobPlanned
  | RecordJobStarted
  | RecordJobCompleted
  | RecordJobCancelled
  | RecordJobClosed
  | MarkOrderBilled
  | ChangeOwner
  | UpdateFinancialInfo
  | AddSupervisor
  | RemoveSupervisor;

export type OrderCommandType = OrderCommand['type'];
