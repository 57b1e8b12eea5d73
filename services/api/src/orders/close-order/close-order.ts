import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CloseOrderSchema, ReopenOrderSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const CloseOrderRequestSchema = CloseOrderSchema.extend(ExistingOrderFields).meta({
  id: 'CloseOrderRequest',
  description: 'Staff close an order that has left the draft stage (CLOSED); reopening restores its status.',
});
export type CloseOrderRequest = z.infer<typeof CloseOrderRequestSchema>;

export class CloseOrderCommand extends OrderUseCase<CloseOrderRequest> {}

@CommandHandler(CloseOrderCommand)
export class CloseOrderHandler implements ICommandHandler<CloseOrderCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: CloseOrderCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'CloseOrder', data: commandDataOf(useCase.request) });
  }
}

export const ReopenOrderRequestSchema = ReopenOrderSchema.extend(ExistingOrderFields).meta({
  id: 'ReopenOrderRequest',
  description: 'Staff reopen a closed order: it returns to the status it had before closing.',
});
export type ReopenOrderRequest = z.infer<typeof ReopenOrderRequestSchema>;

export class ReopenOrderCommand extends OrderUseCase<ReopenOrderRequest> {}

@CommandHandler(ReopenOrderCommand)
export class ReopenOrderHandler implements ICommandHandler<ReopenOrderCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: ReopenOrderCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'ReopenOrder', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class CloseOrderController {
  constructor(private readonly commands: CommandBus) {}

  @Post('close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Close an order (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  close(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: CloseOrderRequestSchema }) body: CloseOrderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new CloseOrderCommand(auth.actor, body, correlationId));
  }

  @Post('reopen')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reopen a closed order (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  reopen(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: ReopenOrderRequestSchema }) body: ReopenOrderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new ReopenOrderCommand(auth.actor, body, correlationId));
  }
}
