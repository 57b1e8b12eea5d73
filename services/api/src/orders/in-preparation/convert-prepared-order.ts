import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ConvertPreparedOrderSchema, ConvertPreparedOrderToDraftSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

export const ConvertPreparedOrderRequestSchema = ConvertPreparedOrderSchema.extend(ExistingOrderFields).meta({
  id: 'ConvertPreparedOrderRequest',
  description: 'A prepared order that passes the submission rules becomes a quote request (REQUESTED_QUOTE), as if the customer had submitted it.',
});
export type ConvertPreparedOrderRequest = z.infer<typeof ConvertPreparedOrderRequestSchema>;

export const ConvertPreparedOrderToDraftRequestSchema = ConvertPreparedOrderToDraftSchema.extend(ExistingOrderFields).meta({
  id: 'ConvertPreparedOrderToDraftRequest',
  description: 'A prepared order is handed to the customer as a draft (INCOMPLETE) to complete and submit.',
});
export type ConvertPreparedOrderToDraftRequest = z.infer<typeof ConvertPreparedOrderToDraftRequestSchema>;

export class ConvertPreparedOrderCommand extends OrderUseCase<ConvertPreparedOrderRequest> {}
export class ConvertPreparedOrderToDraftCommand extends OrderUseCase<ConvertPreparedOrderToDraftRequest> {}

@CommandHandler(ConvertPreparedOrderCommand)
export class ConvertPreparedOrderHandler implements ICommandHandler<ConvertPreparedOrderCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  execute(useCase: ConvertPreparedOrderCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, {
      type: 'ConvertPreparedOrder',
      data: {},
      facts: { maxJobWindowDays: this.runtime.config.maxJobWindowDays },
    });
  }
}

@CommandHandler(ConvertPreparedOrderToDraftCommand)
export class ConvertPreparedOrderToDraftHandler implements ICommandHandler<ConvertPreparedOrderToDraftCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: ConvertPreparedOrderToDraftCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'ConvertPreparedOrderToDraft', data: {} });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller()
export class ConvertPreparedOrderController {
  constructor(private readonly commands: CommandBus) {}

  @Post('convert')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turn an order in preparation into a quote request (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  convert(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: ConvertPreparedOrderRequestSchema }) body: ConvertPreparedOrderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new ConvertPreparedOrderCommand(auth.actor, body, correlationId));
  }

  @Post('convert-incomplete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Hand an order in preparation to the customer as a draft (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  convertToDraft(
    @Auth() auth: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: ConvertPreparedOrderToDraftRequestSchema }) body: ConvertPreparedOrderToDraftRequest,
  ): Promise<OrderCommandResponse> {
    return this.commands.execute(new ConvertPreparedOrderToDraftCommand(auth.actor, body, correlationId));
  }
}
