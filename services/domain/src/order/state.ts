import type { OrderStatus } from './statuses.js';
import type {
  CreationType,
  CustomerRef,
  FeedbackEntry,
  FinancialInfo,
  Job,
  Offer,
  OrderContent,
  OrderReference,
  OrderType,
  PurchaseOrder,
  ShortNotice,
} from './types.js';

/** What an order is, whatever its status. */
export interface OrderBody {
  readonly orderId: string;
  readonly refId: string;
  readonly customer: CustomerRef;
  /** How the order was created; never changes after the draft is submitted. */
  readonly creationType: CreationType;
  readonly type: OrderType;
  readonly content: OrderContent;
  /** Every offer made, oldest first, with what became of it. */
  readonly offers: readonly Offer[];
  readonly po?: PurchaseOrder;
  readonly termsAccepted: boolean;
  readonly supervisorUserIds: readonly string[];
  /** The provider-side owner (staff user). */
  readonly ownerUserId?: string;
  readonly financialInfo?: FinancialInfo;
  readonly feedback: readonly FeedbackEntry[];
  readonly job?: Job;
  /** The customer asked to change the order and has not resubmitted it yet. */
  readonly hasChanges: boolean;
  /** Information is still missing: after a change request, or after an OEM customer accepted an offer. */
  readonly orderNotCompleted: boolean;
  /** The status the order had before its current one. */
  readonly previousStatus: OrderStatus | null;
  /** Recorded at the last submission when the job starts within the short-notice threshold. */
  readonly shortNotice: ShortNotice | null;
  readonly reorderedFrom?: OrderReference;
}

export type DeclinedBy = 'provider' | 'customer';

/** The status together with what only that status carries. */
export type StatusDetail =
  | { readonly status: Exclude<OrderStatus, 'OFFERED' | 'DECLINED' | 'CLOSED' | 'DELETED'> }
  | { readonly status: 'OFFERED'; readonly openOfferId: string }
  | { readonly status: 'DECLINED'; readonly declinedBy: DeclinedBy }
  | {
      readonly status: 'CLOSED';
      /** Reopening restores exactly this, as if the order had never been closed. */
      readonly reopensTo: { readonly detail: ReopenableDetail; readonly previousStatus: OrderStatus | null };
    }
  | { readonly status: 'DELETED'; readonly deletedForever: boolean };

export type ReopenableDetail = Exclude<StatusDetail, { readonly status: 'CLOSED' | 'DELETED' }>;

export type ExistingOrderState = StatusDetail & { readonly order: OrderBody };

/** The state of an order stream: nothing yet, or an order tagged by its status. */
export type OrderState = { readonly status: 'none' } | ExistingOrderState;

export const initialOrderState: OrderState = { status: 'none' };

/** The offer the customer can currently accept, if any. */
export function openOffer(state: OrderState): Offer | undefined {
  return state.status === 'OFFERED' ? state.order.offers.find((offer) => offer.offerId === state.openOfferId) : undefined;
}
