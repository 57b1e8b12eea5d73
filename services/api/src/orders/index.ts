import { CreateOrderController, CreateOrderHandler } from './create-order/create-order.js';
import { GetOrderController, GetOrderHandler } from './get-order/get-order.js';
import { ListOrdersController, ListOrdersHandler } from './list-orders/list-orders.js';
import { SubmitOrderController, SubmitOrderHandler } from './submit-order/submit-order.js';

export const ORDER_CONTROLLERS = [CreateOrderController, SubmitOrderController, ListOrdersController, GetOrderController];
export const ORDER_HANDLERS = [CreateOrderHandler, SubmitOrderHandler, ListOrdersHandler, GetOrderHandler];
