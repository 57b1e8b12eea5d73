import { createHash, randomUUID } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  CREATION_TYPES, currencyOf, DomainError, effectiveCompanyId, OrderContentSchema, orderStreamId, validationError,
  type Actor, type OrderContent, type OrderedService,
} from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import { findCatalogueServices, findOrderDetail, getCompany } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../../common/command-runner.js';
import type { AppRequest, AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderDecider } from '../order-decider.js';
import { OrderCommandResponseSchema, type OrderCommandResponse } from '../order-summary.js';
import { newRefId } from '../ref-id.js';

/** The client names catalogue services; their names and prices come from the catalogue, never from the request. */
const RequestedServiceSchema = z.object({
  serviceId: z.string().trim().min(1, 'This field is required.'),
  equipmentItems: z
    .array(z.object({ manufacturer: z.string().optional(), machineModel: z.string().trim().min(1), machineVariant: z.string().optional(), quantity: z.number().int().min(1) }))
    .default([]),
});

export const CreateOrderRequestSchema = z
  .object({
    creationType: z.enum(CREATION_TYPES),
    content: OrderContentSchema.extend({ services: z.array(RequestedServiceSchema).max(50).default([]) }),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'CreateOrderRequest', description: 'A new draft order (status INCOMPLETE). End customers can only create quote requests.' });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;

export class CreateOrderCommand {
  constructor(
    readonly actor: Actor,
    readonly request: CreateOrderRequest,
    readonly correlationId: string,
    readonly idempotencyKey?: string,
  ) {}
}

@CommandHandler(CreateOrderCommand)
export class CreateOrderHandler implements ICommandHandler<CreateOrderCommand, OrderCommandResponse> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  async execute({ actor, request, correlationId, idempotencyKey }: CreateOrderCommand): Promise<OrderCommandResponse> {
    const store = this.runtime.documentStore;
    const companyId = effectiveCompanyId(actor);
    const company = await getCompany(store, companyId);
    if (!company) throw new DomainError('forbidden', 'forbidden', 'Orders are placed for a customer company: act on behalf of a customer.');
    const customer = { companyId: company._id, name: company.name, country: company.country };
    const content: OrderContent = { ...request.content, services: await this.priceServices(request.content.services, request.content.location?.country ?? company.country) };

    // A retried create with the same Idempotency-Key maps to the same order id, so it cannot create a second order.
    const orderId = idempotencyKey ? uuidFrom(`${actor.userId}:${idempotencyKey}`) : randomUUID();
    try {
      const result = await this.runner.run(orderDecider, {
        streamId: orderStreamId(orderId),
        actor,
        correlationId,
        expectedVersion: 0,
        command: { type: 'CreateOrder', data: { creationType: request.creationType, content }, facts: { orderId, refId: await this.uniqueRefId(), customer } },
      });
      const state = result.state;
      if (state.status === 'none') throw new Error('CreateOrder produced no order');
      return { _id: orderId, refId: state.order.refId, version: result.version, status: state.status };
    } catch (error) {
      if (!(idempotencyKey && error instanceof VersionConflictError)) throw error;
      const existing = await findOrderDetail(store, { kind: 'company', companyId }, { orderId });
      if (!existing) throw error;
      return { _id: existing._id, refId: existing.refId, version: existing.version, status: existing.status };
    }
  }

  private async priceServices(requested: CreateOrderRequest['content']['services'], country: string): Promise<OrderedService[]> {
    const currency = currencyOf(country);
    if (!currency) throw validationError('Orders cannot be placed for this country.', [{ path: 'content.location.country', code: 'unsupported_country', message: 'Orders cannot be placed for this country.' }]);
    const catalogue = await findCatalogueServices(this.runtime.documentStore, requested.map((s) => s.serviceId));
    const unknown = requested.flatMap((s, i) => (catalogue.has(s.serviceId) ? [] : [{ path: `content.services.${i}.serviceId`, code: 'unknown_service', message: 'This service is not in the catalogue.' }]));
    if (unknown.length > 0) throw validationError('One or more fields contain errors.', unknown);
    return requested.map((s) => {
      const service = catalogue.get(s.serviceId)!;
      return { serviceId: service.id, name: service.name.en, price: { amount: service.prices[currency], currency }, equipmentItems: s.equipmentItems };
    });
  }

  private async uniqueRefId(): Promise<string> {
    for (;;) {
      const refId = newRefId(this.runtime.clock());
      if (!(await findOrderDetail(this.runtime.documentStore, { kind: 'staff', countries: [] }, { refId }))) return refId;
    }
  }
}

function uuidFrom(key: string): string {
  const h = createHash('sha256').update(`onsite-idempotency:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
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
    @Req() request: AppRequest,
    @Body({ schema: CreateOrderRequestSchema }) body: CreateOrderRequest,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<OrderCommandResponse> {
    const key = idempotencyKey?.trim();
    if (key !== undefined && !/^[\w.:-]{1,200}$/.test(key)) throw validationError('The Idempotency-Key header is malformed.');
    return this.commands.execute(new CreateOrderCommand(auth.actor, body, request.correlationId ?? randomUUID(), key || undefined));
  }
}
