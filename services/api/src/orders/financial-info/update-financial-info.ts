import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { UpdateFinancialInfoSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const UpdateFinancialInfoRequestSchema = UpdateFinancialInfoSchema.extend(ExistingOrderFields).meta({
  id: 'UpdateFinancialInfoRequest',
  description: 'Staff only: the forecast of an order. Never shown to customers.',
});
export type UpdateFinancialInfoRequest = z.infer<typeof UpdateFinancialInfoRequestSchema>;

export class UpdateFinancialInfoCommand extends OrderUseCase<UpdateFinancialInfoRequest> {}

@CommandHandler(UpdateFinancialInfoCommand)
export class UpdateFinancialInfoHandler implements ICommandHandler<UpdateFinancialInfoCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: UpdateFinancialInfoCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'UpdateFinancialInfo', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class UpdateFinancialInfoController {
  constructor(private readonly commands: CommandBus) {}

  @Post('financial-info')
  @HttpCode(200)
  @ApiOperation({ summary: "Set an order's financial information (staff)." })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  update(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: UpdateFinancialInfoRequestSchema }) body: UpdateFinancialInfoRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new UpdateFinancialInfoCommand(auth.actor, body, correlationId));
  }
}
