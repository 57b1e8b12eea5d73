/** The order statuses (docs/product.md, orders). */
export const ORDER_STATUSES = [
  'IN_PREPARATION',
  'INCOMPLETE',
  'REQUESTED_QUOTE',
  'OFFERED',
  'EXPIRED',
  'DELETED',
  'CANCELED',
  'DECLINED',
  'ORDER_SUBMITTED',
  'JOB_IN_PLANNING',
  'JOB_PLANNED',
  'JOB_IN_PROGRESS',
  'JOB_COMPLETED',
  'JOB_CANCELLED',
  'JOB_CLOSED',
  'BILLED',
  'CLOSED',
  'REOPENED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What customers may see of their orders: never one the provider is still preparing, nor a deleted one. */
export const CUSTOMER_VISIBLE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'IN_PREPARATION' && s !== 'DELETED');

/** The status of a stream that has no order yet. */
export type OrderStatusOrNone = OrderStatus | 'none';

/** Status filter offered to staff in order lists. */
export const BL_STATUS_FILTER: readonly OrderStatus[] = [
  'IN_PREPARATION',
  'INCOMPLETE',
  'REQUESTED_QUOTE',
  'OFFERED',
  'DELETED',
  'EXPIRED',
  'ORDER_SUBMITTED',
  'JOB_PLANNED',
  'JOB_IN_PROGRESS',
  'JOB_COMPLETED',
  'CANCELED',
  'CLOSED',
  'DECLINED',
];

/** Status filter offered to EC and OEM users. */
export const CUSTOMER_STATUS_FILTER: readonly OrderStatus[] = [
  'INCOMPLETE',
  'REQUESTED_QUOTE',
  'OFFERED',
  'EXPIRED',
  'ORDER_SUBMITTED',
  'JOB_PLANNED',
  'JOB_IN_PROGRESS',
  'JOB_COMPLETED',
  'CLOSED',
  'DECLINED',
  'CANCELED',
];

/**
 * What each filter button stands for. There are buttons for the main statuses only, so a button also
 * covers the statuses next to it that have none (a job being planned shows under 'job planned', a billed job
 * under 'job completed', ...): every status a user may see is reachable through the buttons.
 */
export const STATUS_FILTER_COVERS: Partial<Readonly<Record<OrderStatus, readonly OrderStatus[]>>> = {
  REQUESTED_QUOTE: ['REQUESTED_QUOTE', 'REOPENED'],
  JOB_PLANNED: ['JOB_IN_PLANNING', 'JOB_PLANNED'],
  JOB_COMPLETED: ['JOB_COMPLETED', 'JOB_CLOSED', 'BILLED'],
  CANCELED: ['CANCELED', 'JOB_CANCELLED'],
};

/** The statuses to ask the list for when these filter buttons are on. */
export function statusesOfFilter(buttons: readonly OrderStatus[]): OrderStatus[] {
  return [...new Set(buttons.flatMap((button) => STATUS_FILTER_COVERS[button] ?? [button]))];
}

/** Statuses preselected when an order list opens. */
export const DEFAULT_STATUS_FILTER: readonly OrderStatus[] = ['REQUESTED_QUOTE', 'OFFERED', 'ORDER_SUBMITTED', 'CANCELED', 'IN_PREPARATION'];

/** The statuses in which the order detail shows the action header (accept, reject, change). */
export const ACTIONABLE_STATUSES = ['REQUESTED_QUOTE', 'OFFERED', 'ORDER_SUBMITTED'] as const satisfies readonly OrderStatus[];
