import { OrderCommandResponseSchema, RetryExportResultSchema } from '@onsite/contracts';
import type { MarkBilledRequestSchema, RecordJobProgressRequestSchema, RetryExportRequestSchema, SaveFeedbackRequestSchema } from '@onsite/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type OrderCommandBody, type RequestBody } from '../../../lib/api/api-client';
import { useOrderCommand } from '../../../lib/orders/order-command';
import { orderQueryKeys } from '../../../lib/orders/order-keys';
import type { Order } from './get-order';

/** The errors the job and feedback dialogs show themselves (inline, or with a reload button for a conflict). */
export const JOB_DIALOG_ERRORS = ['version_conflict', 'validation_error', 'orderError', 'unknown_job', 'forbidden'] as const;

type OrderTarget = Pick<Order, '_id' | 'version' | 'refId'>;

/** `POST /api/order/job-progress` (staff): a step of the job recorded by hand. */
export function useRecordJobProgress() {
  return useOrderCommand<typeof RecordJobProgressRequestSchema, { order: OrderTarget; progress: OrderCommandBody<typeof RecordJobProgressRequestSchema> }>(
    '/order/job-progress',
    ({ progress }) => ({ ...progress }),
    { handledErrors: JOB_DIALOG_ERRORS },
  );
}

/** `POST /api/order/bill` (staff): the completed job is billed. */
export function useMarkBilled() {
  return useOrderCommand<typeof MarkBilledRequestSchema, { order: OrderTarget; invoiceReference: string }>(
    '/order/bill',
    ({ invoiceReference }) => (invoiceReference.trim() ? { invoiceReference: invoiceReference.trim() } : {}),
    { handledErrors: JOB_DIALOG_ERRORS },
  );
}

/** `POST /api/feedback/save` (customer): the ratings and comments of the job, replacing earlier ones. */
export function useSaveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, feedbacks }: { order: OrderTarget; feedbacks: RequestBody<typeof SaveFeedbackRequestSchema>['feedbacks'] }) =>
      apiRequest('/feedback/save', {
        body: { refId: order.refId, version: order.version, feedbacks } satisfies RequestBody<typeof SaveFeedbackRequestSchema>,
        schema: OrderCommandResponseSchema,
        handledErrors: JOB_DIALOG_ERRORS,
      }),
    onSuccess: (_data, { order }) => queryClient.invalidateQueries({ queryKey: orderQueryKeys.detail(order.refId) }),
  });
}

/** `POST /api/order/retry-export` (staff): the failed job specification goes to the planning tool again. */
export function useRetryExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order }: { order: OrderTarget }) =>
      apiRequest('/order/retry-export', {
        body: { orderId: order._id } satisfies RequestBody<typeof RetryExportRequestSchema>,
        schema: RetryExportResultSchema,
        handledErrors: [...JOB_DIALOG_ERRORS, 'exports_not_here'],
      }),
    onSuccess: (_data, { order }) => queryClient.invalidateQueries({ queryKey: orderQueryKeys.detail(order.refId) }),
  });
}
