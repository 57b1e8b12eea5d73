import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RemoveOfferSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const RemoveOfferRequestSchema = RemoveOfferSchema.extend(ExistingOrderFields).meta({
  id: 'RemoveOfferRequest',
  description: 'Staff withdraw the open offer with a reason; the order returns to REQUESTED_QUOTE.',
});
export type RemoveOfferRequest = z.infer<typeof RemoveOfferRequestSchema>;

export class RemoveOfferCommand extends OrderUseCase<RemoveOfferRequest> {}

@CommandHandler(RemoveOfferCommand)
export class RemoveOfferHandler implements ICommandHandler<RemoveOfferCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: RemoveOfferCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'RemoveOffer', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class RemoveOfferController {
  constructor(private readonly commands: CommandBus) {}

  @Post('remove-offer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove the open offer (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  remove(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: RemoveOfferRequestSchema }) body: RemoveOfferRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new RemoveOfferCommand(auth.actor, body, correlationId));
  }
}
