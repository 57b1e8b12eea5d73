import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { OrderStatsRequestSchema, OrderStatsSchema, type Actor, type OrderStats, type OrderStatsRequest } from '@onsite/domain';
import { countOrdersByStatus } from '@onsite/projections';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderCriteriaOf } from '../list-orders/list-orders.js';
import { orderScopeOf } from '../order-scope.js';

export class OrderStatsQuery {
  constructor(
    readonly actor: Actor,
    readonly request: OrderStatsRequest,
  ) {}
}

@QueryHandler(OrderStatsQuery)
export class OrderStatsHandler implements IQueryHandler<OrderStatsQuery, OrderStats> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ actor, request }: OrderStatsQuery): Promise<OrderStats> {
    return countOrdersByStatus(this.runtime.documentStore, orderScopeOf(actor), orderCriteriaOf(request.filter, request.search));
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class OrderStatsController {
  constructor(private readonly queries: QueryBus) {}

  @ApiResponse({ status: 200, standardSchema: OrderStatsSchema })
  @Post('stats')
  @HttpCode(200)
  @ApiOperation({ summary: 'How many of the orders the caller may see have each status, for the same search as /order/list (the stats cards).' })
  stats(@Auth() auth: AuthContext, @Body({ schema: OrderStatsRequestSchema }) body: OrderStatsRequest): Promise<OrderStats> {
    return this.queries.execute(new OrderStatsQuery(auth.actor, body));
  }
}
