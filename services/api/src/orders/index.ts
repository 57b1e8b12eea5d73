import type { Provider } from '@nestjs/common';
import { ActionRequiredController } from './action-required/action-required.js';
import { DeleteOrdersController } from './delete-order/delete-orders.js';
import { ExportOrdersController } from './export-orders/export-orders.js';
import { FeedbackController } from './feedback/feedback.js';
import { GetOrderController } from './get-order/get-order.js';
import { ListOrdersController } from './list-orders/list-orders.js';
import { OrderContentResolver } from './order-content.js';
import { OrderStatsController } from './order-stats/order-stats.js';
import { RetryExportController } from './retry-export/retry-export.js';
import { ORDER_COMMAND_CONTROLLERS, RunOrderCommandHandler } from './run-order-command.js';
import { GenerateServiceSchedulesController } from './service-schedule/generate-service-schedules.js';
import { FailedExportsController } from './work-queue/failed-exports.js';

export const ORDER_CONTROLLERS = [
  // every command on one order (order-use-cases.ts)
  ...ORDER_COMMAND_CONTROLLERS,
  DeleteOrdersController,
  RetryExportController,
  // reading
  GenerateServiceSchedulesController,
  ActionRequiredController,
  FeedbackController,
  ListOrdersController,
  OrderStatsController,
  ExportOrdersController,
  FailedExportsController,
  GetOrderController,
];

export const ORDER_PROVIDERS: Provider[] = [OrderContentResolver, RunOrderCommandHandler];
