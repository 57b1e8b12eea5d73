import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { forbidden } from '@onsite/domain';
import { ActionRequiredRequestSchema, ActionRequiredSchema } from '@onsite/contracts';
import { listActionRequired, type OrderListItem } from '@onsite/projections';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderScopeOf } from '../order-scope.js';

/** The customer's home page: their orders that wait for them (staff have their work queue instead). */
@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class ActionRequiredController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Post('action-required')
  @HttpCode(200)
  @ApiOperation({
    summary: "A customer's orders that wait for them: an offer to decide on, a PO number to add, feedback to give, a draft or a change to finish.",
  })
  @ApiResponse({ status: 200, standardSchema: ActionRequiredSchema })
  async actionRequired(@Auth() auth: AuthContext, @Body({ schema: ActionRequiredRequestSchema }) _body: unknown): Promise<{ items: readonly OrderListItem[] }> {
    const scope = orderScopeOf(auth.actor);
    if (scope.kind !== 'company') throw forbidden('This list is for customers; staff have their personal page.');
    return { items: await listActionRequired(this.runtime.documentStore, scope) };
  }
}
