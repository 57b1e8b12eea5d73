import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RemoveFilesSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

/** The spec's call sends the storage paths as `files`. */
export const RemoveFilesRequestSchema = z
  .object({ ...ExistingOrderFields, files: RemoveFilesSchema.shape.paths })
  .meta({
    id: 'RemoveFilesRequest',
    description: 'Removes files (storage paths) from the additional information of an order whose content is editable. Paths the order does not hold are ignored.',
  });
export type RemoveFilesRequest = z.infer<typeof RemoveFilesRequestSchema>;

export class RemoveFilesCommand extends OrderUseCase<RemoveFilesRequest> {}

@CommandHandler(RemoveFilesCommand)
export class RemoveFilesHandler implements ICommandHandler<RemoveFilesCommand, OrderCommandResponse> {
  constructor(private readonly runner: CommandRunner) {}

  execute(useCase: RemoveFilesCommand): Promise<OrderCommandResponse> {
    return runOnOrder(this.runner, useCase, useCase.request, { type: 'RemoveFiles', data: { paths: useCase.request.files } });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class RemoveFilesController {
  constructor(private readonly commands: CommandBus) {}

  @Post('fileRemove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove files from the additional information of an order.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  remove(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: RemoveFilesRequestSchema }) body: RemoveFilesRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new RemoveFilesCommand(auth.actor, body, correlationId));
  }
}
