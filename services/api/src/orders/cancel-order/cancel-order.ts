import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CancelOrderSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const CancelOrderRequestSchema = CancelOrderSchema.extend(ExistingOrderFields).meta({
  id: 'CancelOrderRequest',
  description: 'The customer cancels a quote request or a submitted order (CANCELED); ORDER_SUBMITTED: ADMIN and PLANNER only.',
});
export type CancelOrderRequest = z.infer<typeof CancelOrderRequestSchema>;

export class CancelOrderCommand extends OrderUseCase<CancelOrderRequest> {}

@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: CancelOrderCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'CancelOrder', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class CancelOrderController {
  constructor(private readonly commands: CommandBus) {}

  @Post('cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a quote request or a submitted order.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  cancel(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: CancelOrderRequestSchema }) body: CancelOrderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new CancelOrderCommand(auth.actor, body, correlationId));
  }
}
