import type { CollectionDefinition, DocumentSession } from '@onsite/infrastructure';

/** What one order event did to an order: its detail before the event (null: none yet) and after it. */
export interface OrderChange<Detail> {
  readonly orderId: string;
  readonly version: number;
  readonly before: Detail | null;
  readonly after: Detail;
}

/**
 * A read model answering one question about orders, kept by the orders projection from each change of an order's
 * detail (the domain state is folded once, there, for all of them).
 */
export interface OrderReadModel<Detail> {
  readonly collections: readonly CollectionDefinition[];
  apply(change: OrderChange<Detail>, session: DocumentSession): Promise<void>;
}
