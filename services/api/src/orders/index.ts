import type { Provider } from '@nestjs/common';
import { AcceptOfferController, AcceptOfferHandler } from './accept-offer/accept-offer.js';
import { ActionRequiredController } from './action-required/action-required.js';
import { CancelOrderController, CancelOrderHandler } from './cancel-order/cancel-order.js';
import { ChangeOwnerController, ChangeOwnerHandler } from './change-owner/change-owner.js';
import { CloseOrderController, CloseOrderHandler, ReopenOrderHandler } from './close-order/close-order.js';
import { AddCommentController, AddCommentHandler } from './comment/add-comment.js';
import { CompleteOrderController, CompleteOrderHandler } from './complete-order/complete-order.js';
import { CreateOrderController, CreateOrderHandler } from './create-order/create-order.js';
import { DeclineQuoteRequestController, DeclineQuoteRequestHandler } from './decline-request/decline-request.js';
import { DeleteOrderController, DeleteOrderHandler } from './delete-order/delete-order.js';
import { DeleteOrdersController, DeleteOrdersHandler } from './delete-order/delete-orders.js';
import { FeedbackController, ListFeedbackHandler, SaveFeedbackHandler } from './feedback/feedback.js';
import { UpdateFinancialInfoController, UpdateFinancialInfoHandler } from './financial-info/update-financial-info.js';
import { GetOrderController, GetOrderHandler } from './get-order/get-order.js';
import { ConvertPreparedOrderController, ConvertPreparedOrderHandler, ConvertPreparedOrderToDraftHandler } from './in-preparation/convert-prepared-order.js';
import { CreateOrderInPreparationController, CreateOrderInPreparationHandler } from './in-preparation/create-order-in-preparation.js';
import { UpdateOrderInPreparationController, UpdateOrderInPreparationHandler } from './in-preparation/update-order-in-preparation.js';
import { ExportOrdersController } from './export-orders/export-orders.js';
import { FailedExportsController } from './work-queue/failed-exports.js';
import { ListOrdersController, ListOrdersHandler } from './list-orders/list-orders.js';
import { OrderStatsController, OrderStatsHandler } from './order-stats/order-stats.js';
import { UpdateLocalContactController, UpdateLocalContactHandler } from './local-contact/update-local-contact.js';
import { MakeOfferController, MakeOfferHandler } from './offers/make-offer.js';
import { RemoveOfferController, RemoveOfferHandler } from './offers/remove-offer.js';
import { OrderContentResolver } from './order-content.js';
import { PrepareJobController, PrepareJobHandler } from './prepare-job/prepare-job.js';
import { ExtendOfferHandler, OfferValidityController, RequestOfferExtensionHandler } from './offers/offer-validity.js';
import { RetryExportController } from './retry-export/retry-export.js';
import { JobProgressController, MarkBilledHandler, RecordJobProgressHandler } from './job-progress/job-progress.js';
import { UpdatePurchaseOrderController, UpdatePurchaseOrderHandler } from './purchase-order/update-purchase-order.js';
import { RejectOfferController, RejectOfferHandler } from './reject-offer/reject-offer.js';
import { RemoveFilesController, RemoveFilesHandler } from './remove-files/remove-files.js';
import { ReorderController, ReorderHandler } from './reorder/reorder.js';
import { RequestChangeController, RequestChangeHandler } from './request-change/request-change.js';
import { GenerateServiceSchedulesController, GenerateServiceSchedulesHandler } from './service-schedule/generate-service-schedules.js';
import { SubmitOrderController, SubmitOrderHandler } from './submit-order/submit-order.js';
import { SupervisorsController, AddSupervisorHandler, RemoveSupervisorHandler } from './supervisors/supervisors.js';
import { UpdateDraftController, UpdateDraftHandler } from './update-draft/update-draft.js';

export const ORDER_CONTROLLERS = [
  // the customer's ordering flow
  CreateOrderController,
  UpdateDraftController,
  SubmitOrderController,
  RequestChangeController,
  CompleteOrderController,
  CancelOrderController,
  RejectOfferController,
  AcceptOfferController,
  UpdatePurchaseOrderController,
  RemoveFilesController,
  ReorderController,
  GenerateServiceSchedulesController,
  FeedbackController,
  ActionRequiredController,
  // customers and staff
  UpdateLocalContactController,
  AddCommentController,
  // staff
  CreateOrderInPreparationController,
  UpdateOrderInPreparationController,
  ConvertPreparedOrderController,
  MakeOfferController,
  RemoveOfferController,
  DeclineQuoteRequestController,
  CloseOrderController,
  DeleteOrderController,
  DeleteOrdersController,
  PrepareJobController,
  JobProgressController,
  RetryExportController,
  OfferValidityController,
  UpdateFinancialInfoController,
  ChangeOwnerController,
  SupervisorsController,
  // reading
  ListOrdersController,
  OrderStatsController,
  ExportOrdersController,
  FailedExportsController,
  GetOrderController,
];

export const ORDER_HANDLERS: Provider[] = [
  OrderContentResolver,
  CreateOrderHandler,
  UpdateDraftHandler,
  SubmitOrderHandler,
  RequestChangeHandler,
  CompleteOrderHandler,
  CancelOrderHandler,
  RejectOfferHandler,
  AcceptOfferHandler,
  UpdatePurchaseOrderHandler,
  RemoveFilesHandler,
  ReorderHandler,
  GenerateServiceSchedulesHandler,
  ListFeedbackHandler,
  SaveFeedbackHandler,
  UpdateLocalContactHandler,
  AddCommentHandler,
  CreateOrderInPreparationHandler,
  UpdateOrderInPreparationHandler,
  ConvertPreparedOrderHandler,
  ConvertPreparedOrderToDraftHandler,
  MakeOfferHandler,
  RemoveOfferHandler,
  DeclineQuoteRequestHandler,
  CloseOrderHandler,
  ReopenOrderHandler,
  DeleteOrderHandler,
  DeleteOrdersHandler,
  PrepareJobHandler,
  RecordJobProgressHandler,
  MarkBilledHandler,
  RequestOfferExtensionHandler,
  ExtendOfferHandler,
  UpdateFinancialInfoHandler,
  ChangeOwnerHandler,
  AddSupervisorHandler,
  RemoveSupervisorHandler,
  ListOrdersHandler,
  OrderStatsHandler,
  GetOrderHandler,
];
