import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CompleteOrderSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { contentOwnerOf, OrderContentRequestSchema, OrderContentResolver } from '../order-content.js';
import { existingOrder } from '../order-detail.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const CompleteOrderRequestSchema = CompleteOrderSchema.extend({ ...ExistingOrderFields, content: OrderContentRequestSchema }).meta({
  id: 'CompleteOrderRequest',
  description: 'After an OEM customer accepted an offer: the completed content, with the disclaimer (and the short-notice confirmation when the job starts within 72 hours).',
});
export type CompleteOrderRequest = z.infer<typeof CompleteOrderRequestSchema>;

export class CompleteOrderCommand extends OrderUseCase<CompleteOrderRequest> {}

@CommandHandler(CompleteOrderCommand)
export class CompleteOrderHandler implements ICommandHandler<CompleteOrderCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly contents: OrderContentResolver,
  ) {}

  async execute(useCase: CompleteOrderCommand): Promise<OrderCommandResponse> {
    const { request } = useCase;
    const order = await existingOrder(this.runtime.documentStore, request.orderId);
    return this.contents.withContent(request.content, contentOwnerOf(order), 'content', (content) =>
      runOnOrder(this.runner, useCase, request, {
        type: 'CompleteOrder',
        data: { ...commandDataOf(request), content },
        facts: { maxJobWindowDays: this.runtime.config.maxJobWindowDays },
      }),
    );
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class CompleteOrderController {
  constructor(private readonly commands: CommandBus) {}

  @Post('complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Complete the information still missing after accepting an offer (OEM).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  complete(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: CompleteOrderRequestSchema }) body: CompleteOrderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new CompleteOrderCommand(auth.actor, body, correlationId));
  }
}
