/*
 * The order endpoints' answers against the shared response schemas the console parses them with (D55).
 * Types only: this file compiles to nothing, and the server's type check fails here when a read model, a
 * presenter or a schema changes without the other. `Assignable<A, B>` checks both ways: the schema accepts what
 * the api sends, and what the schema yields is what the api sends (no field left out, none invented).
 */
import type {
  ActionRequiredSchema,
  Assignable,
  FailedExportsSchema,
  OrderCommandResponse,
  OrderCommandResponseSchema,
  OrderDetailSchema,
  OrderListPageSchema,
  OrderStatsSchema,
  RetryExportResultSchema,
} from '@onsite/contracts';
import type { z } from 'zod';
import type { orderDetailAsOf } from '../audit/order-as-of.js';
import type { ActionRequiredController } from '../orders/action-required/action-required.js';
import type { JsonText } from '../common/envelope.js';
import type { ListOrdersController } from '../orders/list-orders/list-orders.js';
import type { orderDetailFor } from '../orders/order-detail.js';
import type { OrderStatsController } from '../orders/order-stats/order-stats.js';
import type { RetryExportController } from '../orders/retry-export/retry-export.js';
import type { FailedExportsController } from '../orders/work-queue/failed-exports.js';

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type In<Schema extends z.ZodType> = z.input<Schema>;
type Out<Schema extends z.ZodType> = z.output<Schema>;

/** `POST /order/getByRefId`, live and as of a past moment. */
type OrderDetailSent = Answer<typeof orderDetailFor> | Answer<typeof orderDetailAsOf>;
export type OrderDetailContract = [Assignable<OrderDetailSent, In<typeof OrderDetailSchema>>, Assignable<Out<typeof OrderDetailSchema>, OrderDetailSent>];

/** `POST /order/list`, `/order/stats`, `/order/action-required`, `/order/failed-exports`. */
type OrderListSent = Answer<ListOrdersController['list']> extends JsonText<infer T> ? T : never;
export type OrderListContract = [Assignable<OrderListSent, In<typeof OrderListPageSchema>>, Assignable<Out<typeof OrderListPageSchema>, OrderListSent>];
type OrderStatsSent = Answer<OrderStatsController['stats']>;
export type OrderStatsContract = [Assignable<OrderStatsSent, In<typeof OrderStatsSchema>>, Assignable<Out<typeof OrderStatsSchema>, OrderStatsSent>];
type ActionRequiredSent = Answer<ActionRequiredController['actionRequired']>;
export type ActionRequiredContract = [
  Assignable<ActionRequiredSent, In<typeof ActionRequiredSchema>>,
  Assignable<Out<typeof ActionRequiredSchema>, ActionRequiredSent>,
];
type FailedExportsSent = Answer<FailedExportsController['failedExports']>;
export type FailedExportsContract = [
  Assignable<FailedExportsSent, In<typeof FailedExportsSchema>>,
  Assignable<Out<typeof FailedExportsSchema>, FailedExportsSent>,
];

/** Every command on an order (the use cases return the shared `OrderCommandResponse`), and the export retry. */
export type OrderCommandContract = [
  Assignable<OrderCommandResponse, In<typeof OrderCommandResponseSchema>>,
  Assignable<Out<typeof OrderCommandResponseSchema>, OrderCommandResponse>,
];
type RetryExportSent = Answer<RetryExportController['retry']>;
export type RetryExportContract = [
  Assignable<RetryExportSent, In<typeof RetryExportResultSchema>>,
  Assignable<Out<typeof RetryExportResultSchema>, RetryExportSent>,
];
