import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@onsite/domain';
import { z } from 'zod';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderDetailFor, type OrderDetailResponse } from '../order-detail.js';

export const GetOrderRequestSchema = z
  .object({ refId: z.string().trim().min(1, 'This field is required.').max(40), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'GetOrder' });
export type GetOrderRequest = z.infer<typeof GetOrderRequestSchema>;

export class GetOrderQuery {
  constructor(
    readonly actor: Actor,
    readonly refId: string,
  ) {}
}

@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderDetailResponse> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ actor, refId }: GetOrderQuery): Promise<OrderDetailResponse> {
    return orderDetailFor(this.runtime.documentStore, actor, { refId });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class GetOrderController {
  constructor(private readonly queries: QueryBus) {}

  @Post('getByRefId')
  @HttpCode(200)
  @ApiOperation({ summary: 'The order detail with its events table; 404 when the caller may not see it.' })
  get(@Auth() auth: AuthContext, @Body({ schema: GetOrderRequestSchema }) body: GetOrderRequest): Promise<OrderDetailResponse> {
    return this.queries.execute(new GetOrderQuery(auth.actor, body.refId));
  }
}
