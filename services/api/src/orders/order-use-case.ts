import { orderStreamId, type Actor, type OrderCommand, orderDecider } from '@onsite/domain';
import type { CommandRunner } from '../common/command-runner.js';
import type { ExistingOrderRequest, OrderCommandResponse } from './order-summary.js';

/** A use case's command on the bus: who asks, what they sent (already validated), and the request's correlation id. */
export abstract class OrderUseCase<Request> {
  constructor(
    readonly actor: Actor,
    readonly request: Request,
    readonly correlationId: string,
  ) {}
}

/** The order a command is for, and the version the caller last saw (absent: the current one, e.g. in bulk actions). */
export interface OrderTarget {
  readonly orderId: string;
  readonly version?: number;
}

/** Runs one command on an order (a stale version is refused before deciding) and answers with its new version and status. */
export async function runOnOrder(
  runner: CommandRunner,
  { actor, correlationId }: OrderUseCase<unknown>,
  target: OrderTarget,
  command: OrderCommand,
): Promise<OrderCommandResponse> {
  const streamId = orderStreamId(target.orderId);
  const { state, version } = await runner.run(orderDecider, { streamId, actor, correlationId, expectedVersion: target.version, command });
  if (state.status === 'none') throw new Error(`No order in stream ${streamId} after ${command.type}`);
  return { _id: target.orderId, refId: state.order.refId, version, status: state.status };
}

/** What remains of a request once the fields addressing the order are taken off: the command's data. */
export function commandDataOf<R extends ExistingOrderRequest>(request: R): Omit<R, keyof ExistingOrderRequest> {
  const { orderId: _order, version: _version, onBehalfOfUserId: _actingFor, ...data } = request;
  return data;
}
