import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MakeOfferSchema } from '@onsite/domain';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import { CorrelationId } from '../../common/correlation-id.js';
import type { AuthContext } from '../../common/request-context.js';
import { FileUploads, FileUploadSchema, MAX_ATTACHMENTS } from '../../files/uploads.js';
import { Auth } from '../../identity/auth.guard.js';
import { ExistingOrderFields, OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { commandDataOf, OrderUseCase, runOnOrder } from '../order-use-case.js';

export const MakeOfferRequestSchema = MakeOfferSchema.extend({
  ...ExistingOrderFields,
  pdf: FileUploadSchema,
  attachments: z.array(FileUploadSchema).max(MAX_ATTACHMENTS).default([]),
}).meta({
  id: 'MakeOfferRequest',
  description: 'Staff offer a quote: the offer PDF and further attachments as uploads, and its expiry, a UTC instant in the future. A new offer replaces the open one.',
});
export type MakeOfferRequest = z.infer<typeof MakeOfferRequestSchema>;

export class MakeOfferCommand extends OrderUseCase<MakeOfferRequest> {}

@CommandHandler(MakeOfferCommand)
export class MakeOfferHandler implements ICommandHandler<MakeOfferCommand, OrderCommandResponse> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly uploads: FileUploads,
  ) {}

  execute(useCase: MakeOfferCommand): Promise<OrderCommandResponse> {
    const { pdf, attachments } = useCase.request;
    const files = this.uploads.check([{ upload: pdf, path: 'pdf' }, ...attachments.map((upload, i) => ({ upload, path: `attachments.${i}` }))]);
    return this.uploads.storeDuring(files, ([offerPdf, ...offerAttachments]) =>
      runOnOrder(this.runner, useCase, useCase.request, {
        type: 'MakeOffer',
        data: { ...commandDataOf(useCase.request), pdf: offerPdf!, attachments: offerAttachments },
      }),
    );
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class MakeOfferController {
  constructor(private readonly commands: CommandBus) {}

  @Post('offer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Make an offer for a quote request (staff); the order becomes OFFERED.' })
  @ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema })
  offer(@Auth() auth: AuthContext, @CorrelationId() correlationId: string, @Body({ schema: MakeOfferRequestSchema }) body: MakeOfferRequest): Promise<OrderCommandResponse> {
    return this.commands.execute(new MakeOfferCommand(auth.actor, body, correlationId));
  }
}
