import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RejectOfferSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

/** The spec's reject call names the offer `offerID`. */
export const RejectOfferRequestSchema = RejectOfferSchema.omit({ offerId: true })
  .extend({ ...ExistingOrderFields, offerID: RejectOfferSchema.shape.offerId })
  .meta({
    id: 'RejectOfferRequest',
    description:
      'The customer turns down a quote request, the open offer (offerID required) or a submitted order: at least one reason, OTHER with a comment, SOMEONE_ELSE not for a quote request. The order becomes DECLINED.',
  });
export type RejectOfferRequest = z.infer<typeof RejectOfferRequestSchema>;

export class RejectOfferCommand extends OrderUseCase<RejectOfferRequest> {}

@CommandHandler(RejectOfferCommand)
export class RejectOfferHandler implements ICommandHandler<RejectOfferCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: RejectOfferCommand): Promise<OrderCommandResponse> {
    const { offerID, reasons, comment } = useCase.request;
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'RejectOffer', data: { offerId: offerID, reasons, comment } });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class RejectOfferController {
  constructor(private readonly commands: CommandBus) {}

  @Post('reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a quote request, an offer or a submitted order, with reasons.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  reject(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: RejectOfferRequestSchema }) body: RejectOfferRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new RejectOfferCommand(auth.actor, body, correlationId));
  }
}
