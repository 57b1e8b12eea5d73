import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeclineRequestSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderDetailFor, type OrderEventEntry } from '../order-detail.js';
import { ExistingOrderFields, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

/** The spec's decline payload names the order `_id`; `orderId` as everywhere else is accepted too. */
export const DeclineQuoteRequestSchema = DeclineRequestSchema.extend({
  ...ExistingOrderFields,
  orderId: ExistingOrderFields.orderId.optional(),
  _id: ExistingOrderFields.orderId.optional(),
})
  .transform(({ _id, orderId, ...request }, ctx) => {
    const id = orderId ?? _id;
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'This field is required.' });
      return z.NEVER;
    }
    return { ...request, orderId: id };
  })
  .meta({
    id: 'DeclineQuoteRequest',
    description: 'Staff decline a request for quote (DECLINED). Both comments are required; only the external one is shown to the customer.',
  });
export type DeclineQuoteRequest = z.infer<typeof DeclineQuoteRequestSchema>;

export type DeclineQuoteResponse = OrderCommandResponse & { readonly events: readonly OrderEventEntry[] };

export class DeclineQuoteRequestCommand extends OrderUseCase<DeclineQuoteRequest> {}

@CommandHandler(DeclineQuoteRequestCommand)
export class DeclineQuoteRequestHandler implements ICommandHandler<DeclineQuoteRequestCommand, DeclineQuoteResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute(useCase: DeclineQuoteRequestCommand): Promise<DeclineQuoteResponse> {
    const { orderId, externalComment, internalComment } = useCase.request;
    const declined = await runOnOrder(this.runner, useCase, useCase.request, { type: 'DeclineRequest', data: { externalComment, internalComment } });
    const { events } = await orderDetailFor(this.runtime.documentStore, useCase.actor, { orderId });
    return { ...declined, events };
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class DeclineQuoteRequestController {
  constructor(private readonly commands: CommandBus) {}

  @Post('decline')
  @HttpCode(200)
  @ApiOperation({ summary: "Decline a request for quote (staff); the response carries the order's events table." })
  decline(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: DeclineQuoteRequestSchema }) body: DeclineQuoteRequest): Promise<DeclineQuoteResponse> {
    return this.commands.execute(new DeclineQuoteRequestCommand(auth.actor, body, correlationId));
  }
}
