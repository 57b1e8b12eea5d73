import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderCommandResponseSchema } from '@onsite/domain';
import { apiRequest } from '../../../lib/api-client';
import type { Order } from './get-order';
import { JOB_DIALOG_ERRORS } from './job-actions';
import { orderKeys } from './order-keys';

type OrderTarget = Pick<Order, '_id' | 'version' | 'refId'>;

function useOfferCommand<Input extends { order: OrderTarget; offerId: string }>(path: string, bodyOf: (input: Input) => Record<string, unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest(path, {
        body: { orderId: input.order._id, version: input.order.version, offerId: input.offerId, ...bodyOf(input) },
        schema: OrderCommandResponseSchema,
        handledErrors: JOB_DIALOG_ERRORS,
      }),
    onSuccess: (_data, { order }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.refId) }), queryClient.invalidateQueries({ queryKey: orderKeys.lists() })]),
  });
}

/** `POST /api/order/request-more-time` (customer): staff see the request on the order. */
export function useRequestMoreTime() {
  return useOfferCommand<{ order: OrderTarget; offerId: string; comment: string }>('/order/request-more-time', ({ comment }) =>
    comment.trim() ? { comment: comment.trim() } : {},
  );
}

/** `POST /api/order/extend-offer` (staff): the offer's new expiry, an instant. */
export function useExtendOffer() {
  return useOfferCommand<{ order: OrderTarget; offerId: string; expiresAt: string; comment: string }>('/order/extend-offer', ({ expiresAt, comment }) => ({
    expiresAt,
    ...(comment.trim() ? { comment: comment.trim() } : {}),
  }));
}
