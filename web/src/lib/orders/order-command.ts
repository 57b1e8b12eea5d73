import { OrderCommandResponseSchema } from '@onsite/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type OrderCommandBody } from '../api/api-client';
import { orderQueryKeys } from './order-keys';

/** The order a command acts on: its id, the version the user saw (a stale one is refused with 409) and its reference. */
export interface OrderCommandTarget {
  _id: string;
  version: number;
  refId: string;
}

export interface OrderCommandOptions {
  /**
   * Error codes the screen shows itself (inline, or `version_conflict` as a conflict with a reload button): no
   * notification for them. Without them every failure is notified.
   */
  handledErrors?: readonly string[];
  /** What a success makes stale; default the order's detail and every order list. */
  refreshes?: (order: OrderCommandTarget) => readonly QueryKey[];
}

const orderAndLists = (order: OrderCommandTarget): readonly QueryKey[] => [orderQueryKeys.detail(order.refId), orderQueryKeys.lists()];

/**
 * A command on an existing order (`POST /api/order/…`): sends the order's id and the version the user saw with the
 * body `bodyOf` builds, and answers the order's new reference and version. Only a success refreshes the order: after a
 * version conflict the user reloads the order themself and decides again (the screen shows the conflict).
 */
export function useOrderCommand<Schema extends z.ZodType, Input extends { order: OrderCommandTarget }>(
  path: string,
  bodyOf: (input: Input) => OrderCommandBody<Schema>,
  { handledErrors, refreshes = orderAndLists }: OrderCommandOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest(path, {
        body: { orderId: input.order._id, version: input.order.version, ...bodyOf(input) },
        schema: OrderCommandResponseSchema,
        ...(handledErrors ? { handledErrors } : {}),
      }),
    onSuccess: (_data, { order }) => Promise.all(refreshes(order).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
