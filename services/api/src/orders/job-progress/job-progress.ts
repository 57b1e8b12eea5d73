import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { jobProgressCommand, JobProgressSchema, MarkOrderBilledSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const RecordJobProgressRequestSchema = JobProgressSchema.extend(ExistingOrderFields).meta({
  id: 'RecordJobProgressRequest',
  description: "Staff record a job's progress by hand (the planning tool is down or reported by phone): the same steps and rules as the tool's signed reports.",
});
export type RecordJobProgressRequest = z.infer<typeof RecordJobProgressRequestSchema>;

export class RecordJobProgressCommand extends OrderUseCase<RecordJobProgressRequest> {}

@CommandHandler(RecordJobProgressCommand)
export class RecordJobProgressHandler implements ICommandHandler<RecordJobProgressCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: RecordJobProgressCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, jobProgressCommand(commandDataOf(useCase.request)));
  }
}

export const MarkBilledRequestSchema = MarkOrderBilledSchema.extend(ExistingOrderFields).meta({
  id: 'MarkBilledRequest',
  description: 'Staff mark a completed or closed job as billed (BILLED), with the invoice reference.',
});
export type MarkBilledRequest = z.infer<typeof MarkBilledRequestSchema>;

export class MarkBilledCommand extends OrderUseCase<MarkBilledRequest> {}

@CommandHandler(MarkBilledCommand)
export class MarkBilledHandler implements ICommandHandler<MarkBilledCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: MarkBilledCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'MarkOrderBilled', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class JobProgressController {
  constructor(private readonly commands: CommandBus) {}

  @Post('job-progress')
  @HttpCode(200)
  @ApiOperation({ summary: "Record a job's progress by hand (staff)." })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  record(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: RecordJobProgressRequestSchema }) body: RecordJobProgressRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new RecordJobProgressCommand(auth.actor, body, correlationId));
  }

  @Post('bill')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark an order billed (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  bill(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: MarkBilledRequestSchema }) body: MarkBilledRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new MarkBilledCommand(auth.actor, body, correlationId));
  }
}
