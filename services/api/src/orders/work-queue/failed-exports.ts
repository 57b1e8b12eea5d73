import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { canActAsProvider, forbidden, ORDER_STATUSES } from '@onsite/domain';
import { FailedExportsRequestSchema, FailedExportsSchema } from '@onsite/contracts';
import { listOrders, type OrderListItem } from '@onsite/projections';
import { JOB_EXPORTS_COLLECTION, type JobExportRecord } from '@onsite/workers';
import type { z } from 'zod';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderScopeOf } from '../order-scope.js';

/** At most this many orders with failed exports are listed (the personal page shows the oldest work first). */
const LIMIT = 100;

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class FailedExportsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @ApiResponse({ status: 200, standardSchema: FailedExportsSchema })
  @Post('failed-exports')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff: orders in the caller's countries whose job-specification export to the planning tool finally failed." })
  async failedExports(
    @Auth() auth: AuthContext,
    @Body({ schema: FailedExportsRequestSchema }) _body: z.infer<typeof FailedExportsRequestSchema>,
  ): Promise<{ items: readonly OrderListItem[] }> {
    if (!canActAsProvider(auth.actor) || auth.actor.onBehalfOf) throw forbidden("Only the provider's staff may see export failures.");
    const failed = await this.runtime.documentStore
      .collection<JobExportRecord>(JOB_EXPORTS_COLLECTION)
      .find({ filter: { status: 'failed' } })
      .catch(() => []);
    const orderIds = [...new Set(failed.map((record) => record.orderId))];
    if (orderIds.length === 0) return { items: [] };
    const page = await listOrders(this.runtime.documentStore, orderScopeOf(auth.actor), {
      page: 1,
      pageSize: LIMIT,
      statuses: ORDER_STATUSES,
      orderIds,
      sort: { field: 'updatedAt', direction: 'asc' },
    });
    return { items: page.items };
  }
}
