import { Body, Controller, Headers, HttpCode, Inject, Post, type Type } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  effectiveCompanyId,
  orderDecider,
  OrderCommandResponseSchema,
  orderStreamId,
  validationError,
  type Actor,
  type OrderCommandResponse,
} from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import { findOrderDetail, type CompanyView } from '@onsite/projections';
import { ApiTokenScopeOf } from '../api-tokens/api-token-auth.js';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import type { AuthContext } from '../common/request-context.js';
import { FileUploads } from '../files/uploads.js';
import { IdempotencyKeys, requestDigest } from './idempotency.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { OrderContentResolver } from './order-content.js';
import { orderDetailFor } from './order-detail.js';
import { ORDER_USE_CASES, type OrderCommandSpec, type OrderFacts, type OrderTarget, type OrderUseCase } from './order-use-cases.js';

/** One order use case on the command bus: who asks, what they sent (already validated), and the request's correlation id. */
export class RunOrderCommand<R = unknown> {
  constructor(
    readonly useCase: OrderCommandSpec<R>,
    readonly actor: Actor,
    readonly request: R,
    readonly correlationId: string,
    readonly idempotencyKey?: string,
    /** The companies the auth guard read in this request, by id (D86): a use case does not read them again. */
    readonly companies?: ReadonlyMap<string, CompanyView>,
  ) {}
}

/**
 * The one path of every order command: find the target order, load its stream, gather the facts the use case
 * needs, decide, append (the uploads it names are claimed once it went through), wait for the read models, answer.
 */
@CommandHandler(RunOrderCommand)
export class RunOrderCommandHandler implements ICommandHandler<RunOrderCommand, unknown> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly uploads: FileUploads,
    private readonly contents: OrderContentResolver,
  ) {}

  async execute({ useCase, actor, request, correlationId, idempotencyKey, companies }: RunOrderCommand): Promise<unknown> {
    const store = this.runtime.documentStore;
    const keys = new IdempotencyKeys(store);
    const facts: OrderFacts = { actor, runtime: this.runtime, contents: this.contents, idempotencyKey, ...(companies ? { companies } : {}) };
    const { orderId, version: expectedVersion, fresh } = useCase.target ? await useCase.target(request, facts) : (request as unknown as OrderTarget);
    let summary: OrderCommandResponse;
    try {
      summary = await this.uploads.storingFor(actor.userId, async (storeUploads) => {
        const { state, version } = await this.runner.run(orderDecider, {
          streamId: orderStreamId(orderId),
          actor,
          correlationId,
          expectedVersion,
          commandName: useCase.route ?? 'order',
          ...(fresh ? { newStream: true } : {}),
          command: (state) => useCase.command(request, { ...facts, store: storeUploads, orderId, state }),
        });
        if (state.status === 'none') throw new Error(`No order in stream ${orderStreamId(orderId)} after the command`);
        return { _id: orderId, refId: state.order.refId, version, status: state.status };
      });
      if (idempotencyKey) await keys.remember(orderId, requestDigest(request));
    } catch (error) {
      // A retried create: the order the first attempt made (the caller's company's), as it is now.
      if (!(idempotencyKey && error instanceof VersionConflictError)) throw error;
      const first = await findOrderDetail(store, { kind: 'company', companyId: effectiveCompanyId(actor) }, { orderId });
      if (!first) throw error;
      await keys.assertSameRequest(orderId, requestDigest(request));
      summary = { _id: first._id, refId: first.refId, version: first.version, status: first.status };
    }
    if (!useCase.answer || useCase.answer === 'summary') return summary;
    const detail = await orderDetailFor(store, actor, { orderId });
    return useCase.answer === 'detail' ? detail : { ...summary, events: detail.events };
  }
}

/**
 * The HTTP routes of the order use cases, one per declaration, each a single dispatch on the command bus: one
 * controller per OpenAPI tag. The OpenAPI operation of each is named after its use case (e.g. `acceptOffer`).
 */
function orderCommandsController(tag: string, useCases: ReadonlyArray<readonly [string, OrderUseCase]>): Type<unknown> {
  class OrderCommandsController {
    constructor(readonly commands: CommandBus) {}
  }
  const proto = OrderCommandsController.prototype;
  for (const [name, useCase] of useCases) {
    const route = {
      [name](this: OrderCommandsController, auth: AuthContext, correlationId: string, body: unknown, idempotencyKey?: string) {
        const key = idempotencyKey?.trim();
        if (key !== undefined && !/^[\w.:-]{1,200}$/.test(key)) throw validationError('The Idempotency-Key header is malformed.');
        return this.commands.execute(new RunOrderCommand(useCase, auth.actor, body, correlationId, key || undefined, auth.companies));
      },
    };
    const descriptor = Object.getOwnPropertyDescriptor(route, name)!;
    Object.defineProperty(proto, name, descriptor);
    Reflect.defineMetadata('design:paramtypes', useCase.idempotent ? [Object, String, Object, String] : [Object, String, Object], proto, name);
    Auth()(proto, name, 0);
    CorrelationId()(proto, name, 1);
    Body({ schema: useCase.schema })(proto, name, 2);
    if (useCase.idempotent) Headers('idempotency-key')(proto, name, 3);
    const decorators: MethodDecorator[] = [Post(useCase.route), HttpCode(200), ApiOperation({ operationId: name, summary: useCase.summary })];
    if (useCase.idempotent)
      decorators.push(
        ApiHeader({
          name: 'Idempotency-Key',
          required: false,
          description: 'A retry with the same key and body returns the first result; the same key with another body is 422 idempotency_key_reused.',
        }),
      );
    if (useCase.tokenScope) decorators.push(ApiTokenScopeOf(useCase.tokenScope));
    if (!useCase.answer || useCase.answer === 'summary') decorators.push(ApiResponse({ status: 200, standardSchema: OrderCommandResponseSchema }));
    for (const decorate of decorators) decorate(proto, name, descriptor);
  }
  Reflect.defineMetadata('design:paramtypes', [CommandBus], OrderCommandsController);
  ApiTags(tag)(OrderCommandsController);
  ApiBearerAuth()(OrderCommandsController);
  Controller()(OrderCommandsController);
  return OrderCommandsController;
}

const useCases = Object.entries(ORDER_USE_CASES) as [string, OrderUseCase][];
const tags = [...new Set(useCases.map(([, useCase]) => useCase.tag ?? 'orders'))];
export const ORDER_COMMAND_CONTROLLERS = tags.map((tag) =>
  orderCommandsController(
    tag,
    useCases.filter(([, useCase]) => (useCase.tag ?? 'orders') === tag),
  ),
);
