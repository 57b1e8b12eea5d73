import type { ReorderSource } from './commands.js';
import type { ExistingOrderState } from './state.js';
import type { OrderContent } from './types.js';

/** What the api passes as `facts.source` of a ReorderOrder, from the folded source order. */
export function reorderSourceOf(source: ExistingOrderState): ReorderSource {
  const { orderId, refId, customer, creationType, content } = source.order;
  return { orderId, refId, companyId: customer.companyId, status: source.status, creationType, content };
}

/** A reorder keeps what the job is about and where, but not when: old dates are past, and a coupon is per request. */
export function reorderedContent(content: OrderContent): OrderContent {
  const { couponCode: _notCopied, ...kept } = content;
  return { ...kept, timeframes: [] };
}
