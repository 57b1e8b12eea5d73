import { randomUUID } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CREATION_TYPES, DomainError, effectiveCompanyId, validationError, type Actor } from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import { findOrderDetail } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { stableUuid } from '../../common/stable-id.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { customerRefOf, uniqueRefId } from '../new-order-facts.js';
import { OrderContentRequestSchema, OrderContentResolver } from '../order-content.js';
import { OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

export const CreateOrderRequestSchema = z
  .object({
    creationType: z.enum(CREATION_TYPES),
    content: OrderContentRequestSchema,
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'CreateOrderRequest', description: 'A new draft order (status INCOMPLETE). End customers can only create quote requests.' });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;

export class CreateOrderCommand extends OrderUseCase<CreateOrderRequest> {
  constructor(
    actor: Actor,
    request: CreateOrderRequest,
    correlationId: string,
    readonly idempotencyKey?: string,
  ) {
    super(actor, request, correlationId);
  }
}

@CommandHandler(CreateOrderCommand)
export class CreateOrderHandler implements ICommandHandler<CreateOrderCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly contents: OrderContentResolver,
  ) {}

  async execute(useCase: CreateOrderCommand): Promise<OrderCommandResponse> {
    const { actor, request, idempotencyKey } = useCase;
    const companyId = effectiveCompanyId(actor);
    const customer = await customerRefOf(this.runtime, companyId);
    if (!customer) throw new DomainError('forbidden', 'forbidden', 'Orders are placed for a customer company: act on behalf of a customer.');

    // A retried create with the same Idempotency-Key maps to the same order id, so it cannot create a second order.
    const orderId = idempotencyKey ? stableUuid('onsite-idempotency', `${actor.userId}:${idempotencyKey}`) : randomUUID();
    try {
      const refId = await uniqueRefId(this.runtime);
      return await this.contents.withContent(request.content, { country: customer.country, files: [] }, 'content', (content) =>
        runOnOrder(this.runner, useCase, { orderId, version: 0 }, {
          type: 'CreateOrder',
          data: { creationType: request.creationType, content },
          facts: { orderId, refId, customer },
        }),
      );
    } catch (error) {
      if (!(idempotencyKey && error instanceof VersionConflictError)) throw error;
      const existing = await findOrderDetail(this.runtime.documentStore, { kind: 'company', companyId }, { orderId });
      if (!existing) throw error;
      return { _id: existing._id, refId: existing.refId, version: existing.version, status: existing.status };
    }
  }
}


@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class CreateOrderController {
  constructor(private readonly commands: CommandBus) {}

  @Post('create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a draft order or quote request (status INCOMPLETE; submit it with /order/submit).' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A retry with the same key returns the first result.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  create(
    @Auth() auth: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: CreateOrderRequestSchema }) body: CreateOrderRequest,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<OrderCommandResponse> {
    const key = idempotencyKey?.trim();
    if (key !== undefined && !/^[\w.:-]{1,200}$/.test(key)) throw validationError('The Idempotency-Key header is malformed.');
    return this.commands.execute(new CreateOrderCommand(auth.actor, body, correlationId, key || undefined));
  }
}
