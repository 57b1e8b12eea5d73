import type { ExtendOfferRequestSchema, RequestOfferExtensionRequestSchema } from '@onsite/contracts';
import { useOrderCommand } from '../../../lib/orders/order-command';
import type { Order } from './get-order';
import { JOB_DIALOG_ERRORS } from './job-actions';

type OrderTarget = Pick<Order, '_id' | 'version' | 'refId'>;

/** `POST /api/order/request-more-time` (customer): staff see the request on the order. */
export function useRequestMoreTime() {
  return useOrderCommand<typeof RequestOfferExtensionRequestSchema, { order: OrderTarget; offerId: string; comment: string }>(
    '/order/request-more-time',
    ({ offerId, comment }) => ({ offerId, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
    { handledErrors: JOB_DIALOG_ERRORS },
  );
}

/** `POST /api/order/extend-offer` (staff): the offer's new expiry, an instant. */
export function useExtendOffer() {
  return useOrderCommand<typeof ExtendOfferRequestSchema, { order: OrderTarget; offerId: string; expiresAt: string; comment: string }>(
    '/order/extend-offer',
    ({ offerId, expiresAt, comment }) => ({ offerId, expiresAt, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
    { handledErrors: JOB_DIALOG_ERRORS },
  );
}
