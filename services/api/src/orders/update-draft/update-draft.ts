import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { UpdateDraftSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { contentOwnerOf, OrderContentRequestSchema, OrderContentResolver } from '../order-content.js';
import { existingOrder } from '../order-detail.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const UpdateDraftRequestSchema = UpdateDraftSchema.extend({ ...ExistingOrderFields, content: OrderContentRequestSchema }).meta({
  id: 'UpdateDraftRequest',
  description: 'Replaces the whole content of a draft, or of an order with a pending change (or still to be completed after accepting).',
});
export type UpdateDraftRequest = z.infer<typeof UpdateDraftRequestSchema>;

export class UpdateDraftCommand extends OrderUseCase<UpdateDraftRequest> {}

@CommandHandler(UpdateDraftCommand)
export class UpdateDraftHandler implements ICommandHandler<UpdateDraftCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly contents: OrderContentResolver,
  ) {}

  async execute(useCase: UpdateDraftCommand): Promise<OrderCommandResponse> {
    const { request } = useCase;
    const order = await existingOrder(this.runtime.documentStore, request.orderId);
    return this.contents.withContent(request.content, contentOwnerOf(order), 'content', (content) =>
      runOnOrder(this.runner, useCase, request, { type: 'UpdateDraft', data: { ...commandDataOf(request), content } }),
    );
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class UpdateDraftController {
  constructor(private readonly commands: CommandBus) {}

  @Post('update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the content of a draft or of an order being changed.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  update(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: UpdateDraftRequestSchema }) body: UpdateDraftRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new UpdateDraftCommand(auth.actor, body, correlationId));
  }
}
