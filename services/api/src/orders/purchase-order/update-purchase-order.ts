import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { FileUploads } from '../../files/uploads.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { existingOrder } from '../order-detail.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';
import { PurchaseOrderFields, purchaseOrderOf, purchaseOrderUploads } from './purchase-order-fields.js';

export const UpdatePurchaseOrderRequestSchema = z.object({ ...ExistingOrderFields, ...PurchaseOrderFields }).meta({
  id: 'UpdatePurchaseOrderRequest',
  description: 'Edits the PO of a submitted order. Without files the current PO document is kept; files: [] removes it.',
});
export type UpdatePurchaseOrderRequest = z.infer<typeof UpdatePurchaseOrderRequestSchema>;

export class UpdatePurchaseOrderCommand extends OrderUseCase<UpdatePurchaseOrderRequest> {}

@CommandHandler(UpdatePurchaseOrderCommand)
export class UpdatePurchaseOrderHandler implements ICommandHandler<UpdatePurchaseOrderCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly uploads: FileUploads,
  ) {}

  async execute(useCase: UpdatePurchaseOrderCommand): Promise<OrderCommandResponse> {
    const { orderId, po, files } = useCase.request;
    const documents = this.uploads.check(purchaseOrderUploads(files));
    const current = files ? undefined : (await existingOrder(this.runtime.documentStore, orderId)).po?.document;
    return this.uploads.storeDuring(documents, ([uploaded]) =>
      runOnOrder(this.runner, useCase, useCase.request, { type: 'UpdatePurchaseOrder', data: { po: purchaseOrderOf(po, uploaded ?? current) } }),
    );
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class UpdatePurchaseOrderController {
  constructor(private readonly commands: CommandBus) {}

  @Post('updatePurchaseOrderNumber')
  @HttpCode(200)
  @ApiOperation({ summary: 'Edit the PO number (and document) of a submitted order.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  update(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: UpdatePurchaseOrderRequestSchema }) body: UpdatePurchaseOrderRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new UpdatePurchaseOrderCommand(auth.actor, body, correlationId));
  }
}
