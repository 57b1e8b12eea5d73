import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { OrderStatsRequestSchema, OrderStatsSchema, type OrderStats, type OrderStatsRequest } from '@onsite/contracts';
import { countOrdersByStatus } from '@onsite/projections';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderCriteriaOf } from '../list-orders/list-orders.js';
import { orderScopeOf } from '../order-scope.js';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class OrderStatsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @ApiResponse({ status: 200, standardSchema: OrderStatsSchema })
  @Post('stats')
  @HttpCode(200)
  @ApiOperation({ summary: 'How many of the orders the caller may see have each status, for the same search as /order/list (the stats cards).' })
  stats(@Auth() auth: AuthContext, @Body({ schema: OrderStatsRequestSchema }) body: OrderStatsRequest): Promise<OrderStats> {
    return countOrdersByStatus(this.runtime.documentStore, orderScopeOf(auth.actor), orderCriteriaOf(body.filter, body.search));
  }
}
