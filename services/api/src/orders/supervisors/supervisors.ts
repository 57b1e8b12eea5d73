import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AddSupervisorSchema, RemoveSupervisorSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { existingOrder } from '../order-detail.js';
import { requireCompanyUser, requireSupervisorCandidate } from '../order-people.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const AddSupervisorRequestSchema = AddSupervisorSchema.extend(ExistingOrderFields).meta({
  id: 'AddSupervisorRequest',
  description: "Staff name a supervisor for the job: a user with the SUPERVISOR role of the order's company.",
});
export type AddSupervisorRequest = z.infer<typeof AddSupervisorRequestSchema>;

export const RemoveSupervisorRequestSchema = RemoveSupervisorSchema.extend(ExistingOrderFields).meta({
  id: 'RemoveSupervisorRequest',
  description: "Staff take a supervisor (a user of the order's company) off the job.",
});
export type RemoveSupervisorRequest = z.infer<typeof RemoveSupervisorRequestSchema>;

export class AddSupervisorCommand extends OrderUseCase<AddSupervisorRequest> {}
export class RemoveSupervisorCommand extends OrderUseCase<RemoveSupervisorRequest> {}

@CommandHandler(AddSupervisorCommand)
export class AddSupervisorHandler implements ICommandHandler<AddSupervisorCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute(useCase: AddSupervisorCommand): Promise<OrderCommandResponse> {
    const order = await existingOrder(this.runtime.documentStore, useCase.request.orderId);
    await requireSupervisorCandidate(this.runtime, order.customer.companyId, useCase.request.userId);
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'AddSupervisor', data: commandDataOf(useCase.request) });
  }
}

@CommandHandler(RemoveSupervisorCommand)
export class RemoveSupervisorHandler implements ICommandHandler<RemoveSupervisorCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute(useCase: RemoveSupervisorCommand): Promise<OrderCommandResponse> {
    const order = await existingOrder(this.runtime.documentStore, useCase.request.orderId);
    await requireCompanyUser(this.runtime, order.customer.companyId, useCase.request.userId);
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'RemoveSupervisor', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class SupervisorsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('addSupervisor')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a supervisor to an order (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  add(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: AddSupervisorRequestSchema }) body: AddSupervisorRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new AddSupervisorCommand(auth.actor, body, correlationId));
  }

  @Post('removeSupervisor')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove a supervisor from an order (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  remove(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: RemoveSupervisorRequestSchema }) body: RemoveSupervisorRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new RemoveSupervisorCommand(auth.actor, body, correlationId));
  }
}
