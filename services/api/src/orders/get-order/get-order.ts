import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { GetOrderRequestSchema, OrderDetailSchema, type GetOrderRequest } from '@onsite/contracts';
import type { AuthContext } from '../../common/request-context.js';
import { ApiTokenScopeOf } from '../../api-tokens/api-token-auth.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderDetailAsOf, type AsOf } from '../../audit/order-as-of.js';
import { orderDetailFor, type OrderDetailResponse } from '../order-detail.js';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class GetOrderController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @ApiResponse({ status: 200, standardSchema: OrderDetailSchema })
  @Post('getByRefId')
  @HttpCode(200)
  @ApiTokenScopeOf('orders:read')
  @ApiOperation({
    summary:
      'The order detail with its events table; 404 when the caller may not see it. With `asOf` (ISO instant), `asOfVersion` (event number) or `asOfEventId` ' +
      'the detail as of that moment, folded from the event stream, with `historical` telling which moment (customers: their view only).',
  })
  get(@Auth() auth: AuthContext, @Body({ schema: GetOrderRequestSchema }) body: GetOrderRequest): Promise<OrderDetailResponse> {
    const until: AsOf | undefined =
      body.asOf !== undefined
        ? { asOf: body.asOf }
        : body.asOfVersion !== undefined
          ? { asOfVersion: body.asOfVersion }
          : body.asOfEventId !== undefined
            ? { asOfEventId: body.asOfEventId }
            : undefined;
    return until ? orderDetailAsOf(this.runtime, auth.actor, body.refId, until) : orderDetailFor(this.runtime.documentStore, auth.actor, { refId: body.refId });
  }
}
