import { z } from 'zod';
import { COUNTRY_CODES, LANGUAGES } from '@onsite/domain';
import { CUSTOMER_ACTIONS } from '@onsite/domain';
import { ORDER_STATUSES, type OrderStatus } from '@onsite/domain';
import { CREATION_TYPES, ORDER_TYPES } from '@onsite/domain';

/** Fields the order list (and its export) sorts by. */
export const ORDER_LIST_SORT_FIELDS = [
  'updatedAt',
  'createdAt',
  'requestedAt',
  'refId',
  'status',
  'customerName',
  'firstStart',
  'windowStart',
  'offerExpiresAt',
] as const;
export type OrderListSortField = (typeof ORDER_LIST_SORT_FIELDS)[number];

export const ORDER_PAGE_SIZES = [10, 25, 100] as const;

const name = () => z.string().trim().max(200);
/** Wall-clock time at the service location (job times are local, docs/api.md, Values). */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'Use YYYY-MM-DDTHH:mm:ss.');

/** Which of the visible orders a list, its stats or its export covers (docs/api.md, Lists). */
export const OrderListFilterSchema = z
  .object({
    status: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional(),
    customer: name().optional().describe('Staff only: customers whose name contains this.'),
    endCustomer: name().optional().describe('Staff only: end customers whose name contains this.'),
    hasChanges: z.boolean().optional().describe('Only orders with (true) or without (false) an open change request.'),
    countries: z
      .array(z.enum(COUNTRY_CODES as [string, ...string[]]))
      .max(COUNTRY_CODES.length)
      .optional()
      .describe("Staff only: orders in these countries. It narrows the staff member's own country filter, never widens it."),
    offerExpiresBefore: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('Only orders whose open offer expires before this instant (the work queue: within 48 h).'),
    startsFrom: localDateTime
      .optional()
      .describe("Only orders whose service window (the planned job's, else the preferred time frame's) starts at or after this local time."),
    startsBefore: localDateTime.optional().describe('Only orders whose service window starts before this local time.'),
  })
  .meta({ id: 'OrderListFilter' });
export type OrderListFilter = z.infer<typeof OrderListFilterSchema>;

export const OrderListSortSchema = z.object({ field: z.enum(ORDER_LIST_SORT_FIELDS), direction: z.enum(['asc', 'desc']) }).meta({ id: 'OrderListSort' });
export type OrderListSort = z.infer<typeof OrderListSortSchema>;

/** One row of the order lists. `firstStart` and the window are local to the location, the other times are instants. */
export const OrderListItemSchema = z
  .object({
    _id: z.string(),
    refId: z.string(),
    status: z.enum(ORDER_STATUSES),
    creationType: z.enum(CREATION_TYPES),
    type: z.enum(ORDER_TYPES),
    companyId: z.string(),
    customerName: z.string(),
    endCustomerName: z.string().nullable(),
    country: z.string(),
    locationName: z.string().nullable(),
    city: z.string().nullable(),
    serviceNames: z.array(z.string()),
    serviceIds: z.array(z.string()).describe('Catalogue ids of the services, in the order of serviceNames.'),
    requestedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    firstStart: z.string().nullable().describe('Start of the preferred time frame, local to the location.'),
    timeZone: z.string().nullable(),
    hasChanges: z.boolean(),
    ownerUserId: z.string().nullable().describe('Staff only (null for customers).'),
    offerExpiresAt: z.string().nullable().describe('When the open offer expires (instant); null without an open offer.'),
    windowStart: z.string().nullable().describe("Start of the service window, local to the location: the planned job's, else the preferred time frame's."),
    windowEnd: z.string().nullable().describe('End of that window, local to the location.'),
    technicianNames: z
      .array(z.string())
      .optional()
      .describe(
        "The names of the planned job's technicians; empty before the job is planned (absent in rows of the read model's version before, until an upgrade swaps it, D210).",
      ),
    actionRequired: z.array(z.enum(CUSTOMER_ACTIONS)).describe('What the order waits for from its customer.'),
  })
  .meta({ id: 'OrderListItem' });

/** A row of `POST /order/list`: the list item with its owner's name (staff only; null for customers). */
export const OrderListRowSchema = OrderListItemSchema.extend({
  ownerName: z.string().nullable().describe('Staff only: the order owner on the provider side.'),
}).meta({
  id: 'OrderListRow',
});
export type OrderListRowData = z.infer<typeof OrderListRowSchema>;

export const ActionRequiredSchema = z
  .object({ items: z.array(OrderListItemSchema) })
  .meta({ id: 'ActionRequired', description: "The caller's orders that wait for them, oldest first (at most 50)." });
export type ActionRequired = z.infer<typeof ActionRequiredSchema>;
export type OrderListItemData = z.infer<typeof OrderListItemSchema>;

/** Where a list narrowed beyond its per-status counts (a search, a name, a date) stops counting (D67). */
export const ORDER_LIST_COUNT_LIMIT = 1000;

export const OrderListPageSchema = z
  .object({
    items: z.array(OrderListRowSchema),
    total: z.number().int(),
    totalCapped: z
      .boolean()
      .describe(
        `true: there are more than \`total\` matches (a search, a name or a date narrows the list, and its count stops at ${ORDER_LIST_COUNT_LIMIT.toLocaleString('en')}); false: \`total\` is exact.`,
      ),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'OrderListPage' });
export type OrderListPage = z.infer<typeof OrderListPageSchema>;

/** The stats cards: counts of the visible orders per status, for the same search as the list (every status). */
export const OrderStatsRequestSchema = z
  .object({
    filter: OrderListFilterSchema.omit({ status: true }).default({}),
    search: name().optional(),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'OrderStatsRequest' });
export type OrderStatsRequest = z.infer<typeof OrderStatsRequestSchema>;

export const OrderStatsSchema = z
  .object({ total: z.number().int(), byStatus: z.partialRecord(z.enum(ORDER_STATUSES), z.number().int()) })
  .meta({ id: 'OrderStats', description: 'total: every visible order; byStatus: the count of each status that has orders.' });
export type OrderStats = z.infer<typeof OrderStatsSchema>;

/** The whole filtered list as an .xlsx file (not just one page). */
export const OrderExportRequestSchema = z
  .object({
    filter: OrderListFilterSchema.default({}),
    search: name().optional(),
    sort: OrderListSortSchema.default({ field: 'updatedAt', direction: 'desc' }),
    lang: z.enum(LANGUAGES).default('en').describe('Language of the headers, statuses and country names.'),
    timeZone: z.string().max(64).optional().describe('IANA zone in which instants are written as Excel dates; default UTC.'),
  })
  .meta({ id: 'OrderExportRequest' });
export type OrderExportRequest = z.infer<typeof OrderExportRequestSchema>;

/** The staff's bulk delete of selected orders (`/order/removeMany` with order ids). */
export const DeleteSelectedOrdersSchema = z
  .object({
    filter: z.object({ orderIds: z.array(z.string().min(1)).min(1).max(1000) }),
    reason: z.string().trim().min(1).max(2000),
    internalComment: z.string().trim().min(1).max(2000),
    forever: z.boolean(),
  })
  .meta({ id: 'DeleteSelectedOrders' });
export type DeleteSelectedOrders = z.infer<typeof DeleteSelectedOrdersSchema>;

export const DeleteOrdersResultSchema = z.object({ result: z.number().int() }).meta({ id: 'DeleteOrdersResult' });

/**
 * The stats cards of the order history: each a group of statuses with one meaning (and one colour),
 * and each a filter of the list.
 */
export const ORDER_STATUS_GROUPS = {
  drafts: ['IN_PREPARATION', 'INCOMPLETE'],
  requests: ['REQUESTED_QUOTE', 'REOPENED'],
  offers: ['OFFERED'],
  orders: ['ORDER_SUBMITTED'],
  jobs: ['JOB_IN_PLANNING', 'JOB_PLANNED', 'JOB_IN_PROGRESS'],
  completed: ['JOB_COMPLETED', 'JOB_CLOSED', 'CLOSED', 'BILLED'],
  lost: ['DECLINED', 'CANCELED', 'JOB_CANCELLED', 'EXPIRED'],
  deleted: ['DELETED'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderStatusGroup = keyof typeof ORDER_STATUS_GROUPS;
export const ORDER_STATUS_GROUP_NAMES = Object.keys(ORDER_STATUS_GROUPS) as OrderStatusGroup[];

/** The staff personal page's failed job-specification exports: the orders, scoped like the list. */
export const FailedExportsRequestSchema = z.object({ onBehalfOfUserId: z.string().optional() }).meta({ id: 'FailedExportsRequest' });
export const FailedExportsSchema = z.object({ items: z.array(OrderListItemSchema) }).meta({ id: 'FailedExports' });
