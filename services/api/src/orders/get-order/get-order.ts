import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { OrderDetailSchema, type Actor } from '@onsite/domain';
import { z } from 'zod';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderDetailAsOf, type AsOf } from '../../audit/order-as-of.js';
import { orderDetailFor, type OrderDetailResponse } from '../order-detail.js';

export const GetOrderRequestSchema = z
  .object({
    refId: z.string().trim().min(1, 'This field is required.').max(40),
    onBehalfOfUserId: z.string().optional(),
    /** Time travel (issue 16): the order as of this instant, folded from its events; or as of this event number. */
    asOf: z.iso.datetime({ offset: true }).optional(),
    asOfVersion: z.number().int().min(1).optional(),
    /** …or as of this event of its events table (its `_id`). */
    asOfEventId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((body) => [body.asOf, body.asOfVersion, body.asOfEventId].filter((v) => v !== undefined).length <= 1, {
    message: 'Send at most one of asOf, asOfVersion and asOfEventId.',
    path: ['asOfVersion'],
  })
  .meta({ id: 'GetOrder' });
export type GetOrderRequest = z.infer<typeof GetOrderRequestSchema>;

export class GetOrderQuery {
  constructor(
    readonly actor: Actor,
    readonly refId: string,
    /** Absent: the live detail (read model); present: the detail as of that moment, folded from the events. */
    readonly until?: AsOf,
  ) {}
}

@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderDetailResponse> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ actor, refId, until }: GetOrderQuery): Promise<OrderDetailResponse> {
    if (until) return orderDetailAsOf(this.runtime, actor, refId, until);
    return orderDetailFor(this.runtime.documentStore, actor, { refId });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class GetOrderController {
  constructor(private readonly queries: QueryBus) {}

  @ApiResponse({ status: 200, standardSchema: OrderDetailSchema })
  @Post('getByRefId')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The order detail with its events table; 404 when the caller may not see it. With `asOf` (ISO instant), `asOfVersion` (event number) or `asOfEventId` ' +
      'the detail as of that moment, folded from the event stream, with `historical` telling which moment (customers: their view only).',
  })
  get(@Auth() auth: AuthContext, @Body({ schema: GetOrderRequestSchema }) body: GetOrderRequest): Promise<OrderDetailResponse> {
    const until: AsOf | undefined =
      body.asOf !== undefined ? { asOf: body.asOf }
      : body.asOfVersion !== undefined ? { asOfVersion: body.asOfVersion }
      : body.asOfEventId !== undefined ? { asOfEventId: body.asOfEventId }
      : undefined;
    return this.queries.execute(new GetOrderQuery(auth.actor, body.refId, until));
  }
}
