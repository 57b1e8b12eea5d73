import type { ExistingOrderState, RecordedEvent } from '@onsite/domain';
import type { CollectionDefinition, DocumentSession } from '@onsite/infrastructure';

/**
 * What one order event did to an order: its detail before the event (null: none yet) and after it, with the event
 * and the domain state it folded to (for read models that need what the detail does not say, e.g. who submitted).
 */
export interface OrderChange<Detail> {
  readonly orderId: string;
  readonly version: number;
  readonly before: Detail | null;
  readonly after: Detail;
  readonly event: RecordedEvent;
  readonly state: ExistingOrderState;
}

/**
 * A read model answering one question about orders, kept by the orders projection from each change of an order's
 * detail (the domain state is folded once, there, for all of them).
 */
export interface OrderReadModel<Detail> {
  readonly collections: readonly CollectionDefinition[];
  apply(change: OrderChange<Detail>, session: DocumentSession): Promise<void>;
}
