import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { UpdateLocalContactSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const UpdateLocalContactRequestSchema = UpdateLocalContactSchema.extend(ExistingOrderFields).meta({
  id: 'UpdateLocalContactRequest',
  description: 'The local customer contact of a submitted order or its job; customers and staff.',
});
export type UpdateLocalContactRequest = z.infer<typeof UpdateLocalContactRequestSchema>;

export class UpdateLocalContactCommand extends OrderUseCase<UpdateLocalContactRequest> {}

@CommandHandler(UpdateLocalContactCommand)
export class UpdateLocalContactHandler implements ICommandHandler<UpdateLocalContactCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: UpdateLocalContactCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'UpdateLocalContact', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class UpdateLocalContactController {
  constructor(private readonly commands: CommandBus) {}

  @Post('local-contact')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the local customer contact of an order.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  update(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: UpdateLocalContactRequestSchema }) body: UpdateLocalContactRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new UpdateLocalContactCommand(auth.actor, body, correlationId));
  }
}
