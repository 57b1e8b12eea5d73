import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ExtendOfferSchema, RequestOfferExtensionSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const RequestOfferExtensionRequestSchema = RequestOfferExtensionSchema.extend(ExistingOrderFields).meta({
  id: 'RequestOfferExtensionRequest',
  description: 'The customer asks for more time to decide on the open offer (OFFER_EXTENSION_REQUESTED; the status stays OFFERED).',
});
export type RequestOfferExtensionRequest = z.infer<typeof RequestOfferExtensionRequestSchema>;

export const ExtendOfferRequestSchema = ExtendOfferSchema.extend(ExistingOrderFields).meta({
  id: 'ExtendOfferRequest',
  description: "Staff move the open offer's expiry to a later instant (OFFER_EXTENDED); the expiry job and the reminder follow.",
});
export type ExtendOfferRequest = z.infer<typeof ExtendOfferRequestSchema>;

export class RequestOfferExtensionCommand extends OrderUseCase<RequestOfferExtensionRequest> {}
export class ExtendOfferCommand extends OrderUseCase<ExtendOfferRequest> {}

@CommandHandler(RequestOfferExtensionCommand)
export class RequestOfferExtensionHandler implements ICommandHandler<RequestOfferExtensionCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: RequestOfferExtensionCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'RequestOfferExtension', data: commandDataOf(useCase.request) });
  }
}

@CommandHandler(ExtendOfferCommand)
export class ExtendOfferHandler implements ICommandHandler<ExtendOfferCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: ExtendOfferCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'ExtendOffer', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class OfferValidityController {
  constructor(private readonly commands: CommandBus) {}

  @Post('request-more-time')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask for more time to decide on the open offer (customer).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  requestMoreTime(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: RequestOfferExtensionRequestSchema }) body: RequestOfferExtensionRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new RequestOfferExtensionCommand(auth.actor, body, correlationId));
  }

  @Post('extend-offer')
  @HttpCode(200)
  @ApiOperation({ summary: "Extend the open offer's validity (staff)." })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  extend(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: ExtendOfferRequestSchema }) body: ExtendOfferRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new ExtendOfferCommand(auth.actor, body, correlationId));
  }
}
