import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { canActAsProvider, DeleteOrderSchema, DomainError, forbidden, ORDER_STATUSES, type DeleteOrderData } from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import { findOrderIds } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderScopeOf } from '../order-scope.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

const DeleteOrdersFilterSchema = z
  .object({
    status: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional(),
    search: z.string().trim().max(200).optional(),
    orderIds: z.array(z.string().trim().min(1)).max(1000).optional(),
  })
  .refine((filter) => Boolean(filter.status?.length || filter.search || filter.orderIds?.length), {
    message: 'Narrow the selection: give statuses, a search or order ids.',
  });

export const DeleteOrdersRequestSchema = DeleteOrderSchema.extend({ filter: DeleteOrdersFilterSchema, onBehalfOfUserId: z.string().optional() }).meta({
  id: 'DeleteOrdersRequest',
  description:
    'Staff delete every order they can see that matches the filter, each at its current version, with one reason and internal comment. Orders that cannot be deleted (e.g. already deleted, without forever) are skipped. result: how many were deleted.',
});
export type DeleteOrdersRequest = z.infer<typeof DeleteOrdersRequestSchema>;

export interface DeleteOrdersResponse {
  readonly result: number;
}

export class DeleteOrdersCommand extends OrderUseCase<DeleteOrdersRequest> {}

@CommandHandler(DeleteOrdersCommand)
export class DeleteOrdersHandler implements ICommandHandler<DeleteOrdersCommand, DeleteOrdersResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute(useCase: DeleteOrdersCommand): Promise<DeleteOrdersResponse> {
    const { actor, request } = useCase;
    if (!canActAsProvider(actor)) throw forbidden("Only the provider's staff may do this.");
    const { filter, reason, internalComment, forever } = request;
    const orderIds = await findOrderIds(this.runtime.documentStore, orderScopeOf(actor), { statuses: filter.status, search: filter.search, orderIds: filter.orderIds });
    let deleted = 0;
    for (const orderId of orderIds) {
      if (await this.deleteOne(useCase, orderId, { reason, internalComment, forever })) deleted++;
    }
    return { result: deleted };
  }

  /** An order whose state refuses the deletion is skipped; a refusal of the request itself (role, input) stops the batch. */
  private async deleteOne(useCase: DeleteOrdersCommand, orderId: string, data: DeleteOrderData): Promise<boolean> {
    try {
      await runOnOrder(this.runner, useCase, { orderId }, { type: 'DeleteOrder', data });
      return true;
    } catch (error) {
      if (error instanceof VersionConflictError || (error instanceof DomainError && error.kind === 'conflict')) return false;
      throw error;
    }
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class DeleteOrdersController {
  constructor(private readonly commands: CommandBus) {}

  @Post('removeMany')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete every visible order matching a filter (staff); the response has the deleted count as result.' })
  removeMany(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: DeleteOrdersRequestSchema }) body: DeleteOrdersRequest): Promise<DeleteOrdersResponse> {
    return this.commands.execute(new DeleteOrdersCommand(auth.actor, body, correlationId));
  }
}
