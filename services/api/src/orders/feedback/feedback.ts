import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler, type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SaveFeedbackSchema, type Actor, type FeedbackEntry } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { visibleOrder } from '../order-detail.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

const refId = z.string().trim().min(1, 'This field is required.').max(40);

export const ListFeedbackRequestSchema = z.object({ refId, onBehalfOfUserId: z.string().optional() }).meta({ id: 'ListFeedback' });
export type ListFeedbackRequest = z.infer<typeof ListFeedbackRequestSchema>;

export const SaveFeedbackRequestSchema = SaveFeedbackSchema.extend({ refId, version: ExistingOrderFields.version, onBehalfOfUserId: z.string().optional() }).meta({
  id: 'SaveFeedbackRequest',
  description: 'The customer rates the job while it is planned or completed: each type once; rated types 1 to 5 stars, with a comment for 1 or 2.',
});
export type SaveFeedbackRequest = z.infer<typeof SaveFeedbackRequestSchema>;

export class ListFeedbackQuery {
  constructor(
    readonly actor: Actor,
    readonly refId: string,
  ) {}
}

export class SaveFeedbackCommand extends OrderUseCase<SaveFeedbackRequest> {}

@QueryHandler(ListFeedbackQuery)
export class ListFeedbackHandler implements IQueryHandler<ListFeedbackQuery, readonly FeedbackEntry[]> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute({ actor, refId }: ListFeedbackQuery): Promise<readonly FeedbackEntry[]> {
    return (await visibleOrder(this.runtime.documentStore, actor, { refId })).feedback;
  }
}

@CommandHandler(SaveFeedbackCommand)
export class SaveFeedbackHandler implements ICommandHandler<SaveFeedbackCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute(useCase: SaveFeedbackCommand): Promise<OrderCommandResponse> {
    const { refId, version, feedbacks } = useCase.request;
    const order = await visibleOrder(this.runtime.documentStore, useCase.actor, { refId });
    return runOnOrder(this.runner, useCase, { orderId: order._id, version }, { type: 'SaveFeedback', data: { feedbacks } });
  }
}

@ApiTags('feedback')
@ApiBearerAuth()
@Controller('feedback')
export class FeedbackController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: 'The feedback given on an order.' })
  list(@Auth() auth: AuthContext, @Body({ schema: ListFeedbackRequestSchema }) body: ListFeedbackRequest): Promise<readonly FeedbackEntry[]> {
    return this.queries.execute(new ListFeedbackQuery(auth.actor, body.refId));
  }

  @Post('save')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the feedback on a planned or completed job.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  save(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: SaveFeedbackRequestSchema }) body: SaveFeedbackRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new SaveFeedbackCommand(auth.actor, body, correlationId));
  }
}
