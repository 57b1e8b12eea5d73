import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AddCommentSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const AddCommentRequestSchema = AddCommentSchema.extend(ExistingOrderFields).meta({
  id: 'AddCommentRequest',
  description: 'A comment in the events table; the internal comment is staff only and never shown to customers.',
});
export type AddCommentRequest = z.infer<typeof AddCommentRequestSchema>;

export class AddCommentCommand extends OrderUseCase<AddCommentRequest> {}

@CommandHandler(AddCommentCommand)
export class AddCommentHandler implements ICommandHandler<AddCommentCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: AddCommentCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'AddComment', data: commandDataOf(useCase.request) });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class AddCommentController {
  constructor(private readonly commands: CommandBus) {}

  @Post('comment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a comment to an order (internal comments: staff only).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  comment(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: AddCommentRequestSchema }) body: AddCommentRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new AddCommentCommand(auth.actor, body, correlationId));
  }
}
