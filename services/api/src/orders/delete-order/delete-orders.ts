import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { canActAsProvider, DomainError, forbidden, type Actor } from '@onsite/domain';
import { DeleteOrdersRequestSchema, type DeleteOrdersRequest } from '@onsite/contracts';
import { VersionConflictError } from '@onsite/infrastructure';
import { findOrderIds } from '@onsite/projections';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderScopeOf } from '../order-scope.js';
import type { OrderCommandSpec } from '../order-use-cases.js';
import { RunOrderCommand } from '../run-order-command.js';

type DeleteOne = { readonly orderId: string } & Omit<DeleteOrdersRequest, 'filter' | 'onBehalfOfUserId'>;

/** The single delete, on each order at its current version (the caller saw a list, not each order's version). */
const deleteAtCurrentVersion: OrderCommandSpec<DeleteOne> = {
  target: ({ orderId }) => ({ orderId }),
  command: ({ reason, internalComment, forever }) => ({ type: 'DeleteOrder', data: { reason, internalComment, forever } }),
};

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class DeleteOrdersController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: CommandBus,
  ) {}

  @Post('removeMany')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete every visible order matching a filter (staff); the response has the deleted count as result.' })
  async removeMany(
    @Auth() { actor }: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: DeleteOrdersRequestSchema }) body: DeleteOrdersRequest,
  ): Promise<{ result: number }> {
    if (!canActAsProvider(actor)) throw forbidden("Only the provider's staff may do this.");
    const { filter, reason, internalComment, forever } = body;
    const orderIds = await findOrderIds(this.runtime.documentStore, orderScopeOf(actor), {
      statuses: filter.status,
      search: filter.search,
      orderIds: filter.orderIds,
    });
    let deleted = 0;
    for (const orderId of orderIds) {
      if (await this.deleteOne(actor, correlationId, { orderId, reason, internalComment, forever })) deleted++;
    }
    return { result: deleted };
  }

  /** An order whose state refuses the deletion is skipped; a refusal of the request itself (role, input) stops the batch. */
  private async deleteOne(actor: Actor, correlationId: string, request: DeleteOne): Promise<boolean> {
    try {
      await this.commands.execute(new RunOrderCommand(deleteAtCurrentVersion, actor, request, correlationId));
      return true;
    } catch (error) {
      if (error instanceof VersionConflictError || (error instanceof DomainError && error.kind === 'conflict')) return false;
      throw error;
    }
  }
}
