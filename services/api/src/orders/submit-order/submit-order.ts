import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SubmitOrderSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const SubmitOrderRequestSchema = SubmitOrderSchema.extend(ExistingOrderFields).meta({
  id: 'SubmitOrderRequest',
  description: 'Submits a draft: a quote request becomes REQUESTED_QUOTE (GET_QUOTE), a direct order ORDER_SUBMITTED.',
});
export type SubmitOrderRequest = z.infer<typeof SubmitOrderRequestSchema>;

export class SubmitOrderCommand extends OrderUseCase<SubmitOrderRequest> {}

@CommandHandler(SubmitOrderCommand)
export class SubmitOrderHandler implements ICommandHandler<SubmitOrderCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  execute(useCase: SubmitOrderCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, {
      type: 'SubmitOrder',
      data: commandDataOf(useCase.request),
      facts: { maxJobWindowDays: this.runtime.config.maxJobWindowDays },
    });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class SubmitOrderController {
  constructor(private readonly commands: CommandBus) {}

  @Post('submit')
  @HttpCode(200)
  @ApiOperation({ summary: 'Submit a draft order or quote request.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  submit(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: SubmitOrderRequestSchema }) body: SubmitOrderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new SubmitOrderCommand(auth.actor, body, correlationId));
  }
}
