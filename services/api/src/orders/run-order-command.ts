import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { effectiveCompanyId, orderDecider, orderStreamId, type Actor } from '@onsite/domain';
import { OrderCommandResponseSchema, type OrderCommandResponse } from '@onsite/contracts';
import { VersionConflictError } from '@onsite/infrastructure';
import { findOrderDetail, type CompanyView } from '@onsite/projections';
import { CommandRunner } from '../common/command-runner.js';
import { commandRoutesController } from '../common/command-routes.js';
import { FileUploads } from '../files/uploads.js';
import { IdempotencyKeys, requestDigest } from './idempotency.js';
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

const useCases = Object.entries(ORDER_USE_CASES) as [string, OrderUseCase][];
const tags = [...new Set(useCases.map(([, useCase]) => useCase.tag ?? 'orders'))];
/** The HTTP routes of the order use cases, one controller per OpenAPI tag. */
export const ORDER_COMMAND_CONTROLLERS = tags.map((tag) =>
  commandRoutesController(
    tag,
    useCases
      .filter(([, useCase]) => (useCase.tag ?? 'orders') === tag)
      .map(
        ([name, useCase]) => [name, !useCase.answer || useCase.answer === 'summary' ? { ...useCase, response: OrderCommandResponseSchema } : useCase] as const,
      ),
    (useCase, { auth, correlationId, body, idempotencyKey }) => new RunOrderCommand(useCase, auth!.actor, body, correlationId, idempotencyKey, auth!.companies),
  ),
);
