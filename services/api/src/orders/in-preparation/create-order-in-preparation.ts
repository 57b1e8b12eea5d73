import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CreateOrderInPreparationSchema, validationError } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { customerRefOf, uniqueRefId } from '../new-order-facts.js';
import { OrderContentRequestSchema, OrderContentResolver } from '../order-content.js';
import { OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';

export const CreateOrderInPreparationRequestSchema = CreateOrderInPreparationSchema.extend({
  content: OrderContentRequestSchema,
  onBehalfOfUserId: z.string().optional(),
}).meta({
  id: 'CreateOrderInPreparationRequest',
  description: 'Staff prepare a quote request for a customer company (IN_PREPARATION, not visible to the customer until converted).',
});
export type CreateOrderInPreparationRequest = z.infer<typeof CreateOrderInPreparationRequestSchema>;

export class CreateOrderInPreparationCommand extends OrderUseCase<CreateOrderInPreparationRequest> {}

@CommandHandler(CreateOrderInPreparationCommand)
export class CreateOrderInPreparationHandler implements ICommandHandler<CreateOrderInPreparationCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly contents: OrderContentResolver,
  ) {}

  async execute(useCase: CreateOrderInPreparationCommand): Promise<OrderCommandResponse> {
    const { companyId } = useCase.request;
    const customer = await customerRefOf(this.runtime, companyId);
    if (!customer) throw validationError('One or more fields contain errors.', [{ path: 'companyId', code: 'unknown_company', message: 'No customer company has this id.' }]);
    const orderId = randomUUID();
    const refId = await uniqueRefId(this.runtime);
    return this.contents.withContent(useCase.request.content, { country: customer.country, files: [] }, 'content', (content) =>
      runOnOrder(this.runner, useCase, { orderId, version: 0 }, {
        type: 'CreateOrderInPreparation',
        data: { companyId, content },
        facts: { orderId, refId, customer },
      }),
    );
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class CreateOrderInPreparationController {
  constructor(private readonly commands: CommandBus) {}

  @Post('create-in-preparation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Prepare a quote request for a customer company (staff).' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  create(
    @Auth() auth: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: CreateOrderInPreparationRequestSchema }) body: CreateOrderInPreparationRequest,
  ): Promise<OrderCommandResponse> {
    return this.commands.execute(new CreateOrderInPreparationCommand(auth.actor, body, correlationId));
  }
}
