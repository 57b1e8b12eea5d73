import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { canActAsProvider, conflict, forbidden, isReadOnlyActor } from '@onsite/domain';
import { RetryExportRequestSchema, RetryExportResultSchema, type RetryExportRequest } from '@onsite/contracts';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { visibleOrder } from '../order-detail.js';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class RetryExportController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @ApiResponse({ status: 200, standardSchema: RetryExportResultSchema })
  @Post('retry-export')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff: send an order's finally failed job specification to the planning tool again (same idempotency key)." })
  async retry(@Auth() auth: AuthContext, @Body({ schema: RetryExportRequestSchema }) body: RetryExportRequest): Promise<{ retried: string[] }> {
    // Visibility first: an order the caller may not see is 404, whoever asks.
    const order = await visibleOrder(this.runtime.documentStore, auth.actor, { orderId: body.orderId });
    if (!canActAsProvider(auth.actor) || auth.actor.onBehalfOf || isReadOnlyActor(auth.actor)) throw forbidden("Only the provider's staff may retry exports.");
    if (!this.runtime.retryFailedExports)
      throw conflict('exports_not_here', 'This server does not export job specifications (no planning tool, or the workers run elsewhere).');
    return { retried: await this.runtime.retryFailedExports(order._id) };
  }
}
