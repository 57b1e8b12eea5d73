import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { orderStreamId, SubmitOrderSchema, type Actor } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import type { AppRequest, AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderDecider } from '../order-decider.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';

export const SubmitOrderRequestSchema = SubmitOrderSchema.extend(ExistingOrderFields).meta({
  id: 'SubmitOrderRequest',
  description: 'Submits a draft: a quote request becomes REQUESTED_QUOTE (GET_QUOTE), a direct order ORDER_SUBMITTED.',
});
export type SubmitOrderRequest = z.infer<typeof SubmitOrderRequestSchema>;

export class SubmitOrderCommand {
  constructor(
    readonly actor: Actor,
    readonly request: SubmitOrderRequest,
    readonly correlationId: string,
  ) {}
}

@CommandHandler(SubmitOrderCommand)
export class SubmitOrderHandler implements ICommandHandler<SubmitOrderCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute({ actor, request, correlationId }: SubmitOrderCommand): Promise<OrderCommandResponse> {
    const result = await this.runner.run(orderDecider, {
      streamId: orderStreamId(request.orderId),
      actor,
      correlationId,
      expectedVersion: request.version,
      command: {
        type: 'SubmitOrder',
        data: { disclaimerAccepted: request.disclaimerAccepted, shortNoticeConfirmed: request.shortNoticeConfirmed },
        facts: { maxJobWindowDays: this.runtime.config.maxJobWindowDays },
      },
    });
    const state = result.state;
    if (state.status === 'none') throw new Error('SubmitOrder on an empty stream');
    return { _id: request.orderId, refId: state.order.refId, version: result.version, status: state.status };
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
  submit(@Auth() auth: AuthContext, @Req() request: AppRequest, @Body({ schema: SubmitOrderRequestSchema }) body: SubmitOrderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new SubmitOrderCommand(auth.actor, body, request.correlationId ?? randomUUID()));
  }
}
