import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequestChangeSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderDetailFor, type OrderDetailResponse } from '../order-detail.js';
import { ExistingOrderFields } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

export const RequestChangeRequestSchema = RequestChangeSchema.extend(ExistingOrderFields).meta({
  id: 'RequestChangeRequest',
  description:
    'Puts a quote request, an offered or a submitted order back into the ordering flow: it keeps its status, is flagged hasChanges and orderNotCompleted, and must be resubmitted.',
});
export type RequestChangeRequest = z.infer<typeof RequestChangeRequestSchema>;

export class RequestChangeCommand extends OrderUseCase<RequestChangeRequest> {}

@CommandHandler(RequestChangeCommand)
export class RequestChangeHandler implements ICommandHandler<RequestChangeCommand, OrderDetailResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute(useCase: RequestChangeCommand): Promise<OrderDetailResponse> {
    await runOnOrder(this.runner, useCase, useCase.request, { type: 'RequestChange', data: {} });
    return orderDetailFor(this.runtime.documentStore, useCase.actor, { orderId: useCase.request.orderId });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class RequestChangeController {
  constructor(private readonly commands: CommandBus) {}

  @Post('change')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change a submitted order or quote request; the response is the order detail to resume editing.' })
  change(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: RequestChangeRequestSchema }) body: RequestChangeRequest): Promise<OrderDetailResponse> {
    return this.commands.execute(new RequestChangeCommand(auth.actor, body, correlationId));
  }
}
