import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { PrepareJobSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const PrepareJobRequestSchema = PrepareJobSchema.extend(ExistingOrderFields).meta({
  id: 'PrepareJobRequest',
  description: 'Staff send the job specification of a submitted, completed order to job planning (JOB_IN_PLANNING).',
});
export type PrepareJobRequest = z.infer<typeof PrepareJobRequestSchema>;

export class PrepareJobCommand extends OrderUseCase<PrepareJobRequest> {}

@CommandHandler(PrepareJobCommand)
export class PrepareJobHandler implements ICommandHandler<PrepareJobCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: PrepareJobCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'PrepareJob', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class PrepareJobController {
  constructor(private readonly commands: CommandBus) {}

  @Post('prepare-job')
  @HttpCode(200)
  @ApiOperation({ summary: 'Prepare the job of a submitted order (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  prepare(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: PrepareJobRequestSchema }) body: PrepareJobRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new PrepareJobCommand(auth.actor, body, correlationId));
  }
}
