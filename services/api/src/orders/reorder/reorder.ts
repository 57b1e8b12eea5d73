import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { effectiveCompanyId, forbidden, foldOrder, notFound, orderStreamId, reorderSourceOf, type OrderEvent } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { customerRefOf, uniqueRefId } from '../new-order-facts.js';
import { visibleOrder } from '../order-detail.js';
import { OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

export const ReorderRequestSchema = z
  .object({ orderId: z.string().trim().min(1, 'This field is required.'), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'ReorderRequest', description: 'A new draft (INCOMPLETE) with the content of an order the caller may see, without its dates and coupon; not submitted.' });
export type ReorderRequest = z.infer<typeof ReorderRequestSchema>;

export class ReorderCommand extends OrderUseCase<ReorderRequest> {}

@CommandHandler(ReorderCommand)
export class ReorderHandler implements ICommandHandler<ReorderCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute(useCase: ReorderCommand): Promise<OrderCommandResponse> {
    const { actor, request } = useCase;
    const sourceOrderId = request.orderId;
    await visibleOrder(this.runtime.documentStore, actor, { orderId: sourceOrderId });
    const source = foldOrder((await this.runtime.eventStore.readStream(orderStreamId(sourceOrderId))).map((e) => ({ type: e.type, data: e.data }) as OrderEvent));
    if (source.status === 'none') throw notFound('Order not found.');
    const customer = await customerRefOf(this.runtime, effectiveCompanyId(actor));
    if (!customer) throw forbidden('Orders are placed for a customer company: act on behalf of a customer.');
    const orderId = randomUUID();
    return runOnOrder(this.runner, useCase, { orderId, version: 0 }, {
      type: 'ReorderOrder',
      data: { sourceOrderId },
      facts: { orderId, refId: await uniqueRefId(this.runtime), customer, source: reorderSourceOf(source) },
    });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller()
export class ReorderController {
  constructor(private readonly commands: CommandBus) {}

  @Post('re-order')
  @HttpCode(200)
  @ApiOperation({ summary: 'Order again: a new draft copied from an earlier order.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  reorder(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: ReorderRequestSchema }) body: ReorderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new ReorderCommand(auth.actor, body, correlationId));
  }
}
