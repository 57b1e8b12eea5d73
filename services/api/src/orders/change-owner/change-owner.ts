import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ChangeOwnerSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { requireStaffUser } from '../order-people.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const ChangeOwnerRequestSchema = ChangeOwnerSchema.extend(ExistingOrderFields).meta({
  id: 'ChangeOwnerRequest',
  description: "Staff hand the order to another member of staff (the provider-side owner). Never shown to customers.",
});
export type ChangeOwnerRequest = z.infer<typeof ChangeOwnerRequestSchema>;

export class ChangeOwnerCommand extends OrderUseCase<ChangeOwnerRequest> {}

@CommandHandler(ChangeOwnerCommand)
export class ChangeOwnerHandler implements ICommandHandler<ChangeOwnerCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute(useCase: ChangeOwnerCommand): Promise<OrderCommandResponse> {
    await requireStaffUser(this.runtime, useCase.request.ownerUserId, 'ownerUserId');
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'ChangeOwner', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class ChangeOwnerController {
  constructor(private readonly commands: CommandBus) {}

  @Post('change-owner')
  @HttpCode(200)
  @ApiOperation({ summary: "Change an order's owner on the provider side (staff)." })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  change(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: ChangeOwnerRequestSchema }) body: ChangeOwnerRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new ChangeOwnerCommand(auth.actor, body, correlationId));
  }
}
