import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DeleteOrderSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const DeleteOrderRequestSchema = DeleteOrderSchema.extend(ExistingOrderFields).meta({
  id: 'DeleteOrderRequest',
  description: 'Staff delete an order with a reason and an internal comment; forever removes it from every list and history view.',
});
export type DeleteOrderRequest = z.infer<typeof DeleteOrderRequestSchema>;

export class DeleteOrderCommand extends OrderUseCase<DeleteOrderRequest> {}

@CommandHandler(DeleteOrderCommand)
export class DeleteOrderHandler implements ICommandHandler<DeleteOrderCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: DeleteOrderCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'DeleteOrder', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class DeleteOrderController {
  constructor(private readonly commands: CommandBus) {}

  @Post('remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete an order (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  remove(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: DeleteOrderRequestSchema }) body: DeleteOrderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new DeleteOrderCommand(auth.actor, body, correlationId));
  }
}
