import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptOfferSchema, TERMS_VERSION } from '@onsite/domain';
import { getCompany } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { FileUploads } from '../../files/uploads.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { existingOrder, orderDetailFor, type OrderDetailResponse } from '../order-detail.js';
import { ExistingOrderFields } from '../order-summary.js';
import { OrderUseCase, runOnOrder } from '../order-use-case.js';
import { PurchaseOrderFields, purchaseOrderOf, purchaseOrderUploads } from '../purchase-order/purchase-order-fields.js';

/** The spec's accept call: `offerID`, the PO number as `po` with its document in `files`, the terms as `tc`. */
export const AcceptOfferRequestSchema = z
  .object({
    ...ExistingOrderFields,
    offerID: AcceptOfferSchema.shape.offerId,
    billingAddress: AcceptOfferSchema.shape.billingAddress,
    ...PurchaseOrderFields,
    tc: z.boolean(),
  })
  .meta({
    id: 'AcceptOfferRequest',
    description: "The customer (ADMIN or PLANNER, company profile completed) accepts the open offer: terms ticked, a PO number ('-' when there is none), a billing address with an id. The order becomes ORDER_SUBMITTED.",
  });
export type AcceptOfferRequest = z.infer<typeof AcceptOfferRequestSchema>;

export class AcceptOfferCommand extends OrderUseCase<AcceptOfferRequest> {}

@CommandHandler(AcceptOfferCommand)
export class AcceptOfferHandler implements ICommandHandler<AcceptOfferCommand, OrderDetailResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly uploads: FileUploads,
  ) {}

  async execute(useCase: AcceptOfferCommand): Promise<OrderDetailResponse> {
    const { orderId, offerID, billingAddress, po, files, tc } = useCase.request;
    const documents = this.uploads.check(purchaseOrderUploads(files));
    const store = this.runtime.documentStore;
    const company = await getCompany(store, (await existingOrder(store, orderId)).customer.companyId);
    await this.uploads.storeDuring(documents, ([document]) =>
      runOnOrder(this.runner, useCase, useCase.request, {
        type: 'AcceptOffer',
        data: { offerId: offerID, billingAddress, po: purchaseOrderOf(po, document), termsAccepted: tc },
        facts: { companyProfileCompleted: company?.completed ?? false, termsVersion: TERMS_VERSION },
      }),
    );
    return orderDetailFor(store, useCase.actor, { orderId });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class AcceptOfferController {
  constructor(private readonly commands: CommandBus) {}

  @Post('accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept the open offer; the response is the updated order detail.' })
  accept(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: AcceptOfferRequestSchema }) body: AcceptOfferRequest): Promise<OrderDetailResponse> {
    return this.commands.execute(new AcceptOfferCommand(auth.actor, body, correlationId));
  }
}
