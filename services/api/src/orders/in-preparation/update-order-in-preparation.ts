import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { UpdateOrderInPreparationSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { contentOwnerOf, OrderContentRequestSchema, OrderContentResolver } from '../order-content.js';
import { existingOrder } from '../order-detail.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

export const UpdateOrderInPreparationRequestSchema = UpdateOrderInPreparationSchema.extend({ ...ExistingOrderFields, content: OrderContentRequestSchema }).meta({
  id: 'UpdateOrderInPreparationRequest',
  description: 'Staff replace the whole content of an order they are preparing.',
});
export type UpdateOrderInPreparationRequest = z.infer<typeof UpdateOrderInPreparationRequestSchema>;

export class UpdateOrderInPreparationCommand extends OrderUseCase<UpdateOrderInPreparationRequest> {}

@CommandHandler(UpdateOrderInPreparationCommand)
export class UpdateOrderInPreparationHandler implements ICommandHandler<UpdateOrderInPreparationCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly contents: OrderContentResolver,
  ) {}

  async execute(useCase: UpdateOrderInPreparationCommand): Promise<OrderCommandResponse> {
    const { request } = useCase;
    const order = await existingOrder(this.runtime.documentStore, request.orderId);
    return this.contents.withContent(request.content, contentOwnerOf(order), 'content', (content) =>
      runOnOrder(this.runner, useCase, request, { type: 'UpdateOrderInPreparation', data: { content } }),
    );
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller()
export class UpdateOrderInPreparationController {
  constructor(private readonly commands: CommandBus) {}

  @Post('update-in-preparation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the content of an order in preparation (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  update(
    @Auth() auth: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: UpdateOrderInPreparationRequestSchema }) body: UpdateOrderInPreparationRequest,
  ): Promise<OrderCommandResponse> {
    return this.commands.execute(new UpdateOrderInPreparationCommand(auth.actor, body, correlationId));
  }
}
