import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NO_PO_NUMBER } from '@onsite/domain';
import { OrderCommandResponseSchema, UserProfileSchema } from '@onsite/contracts';
import type {
  AddSupervisorRequestSchema,
  CancelOrderRequestSchema,
  RemoveSupervisorRequestSchema,
  ReorderRequestSchema,
  RequestChangeRequestSchema,
  UpdateLocalContactRequestSchema,
  UpdatePurchaseOrderRequestSchema,
} from '@onsite/contracts';
import { z } from 'zod';
import { apiRequest, type OrderCommandBody, type RequestBody } from '../../../lib/api/api-client';
import { useOrderCommand } from '../../../lib/orders/order-command';
import { orderQueryKeys } from '../../../lib/orders/order-keys';
import type { Order } from './get-order';
import { JOB_DIALOG_ERRORS } from './job-actions';
import type { UploadedFile } from './offer-actions';

type OrderTarget = Pick<Order, '_id' | 'version' | 'refId'>;

/** An order command from the detail page, whose dialogs show its errors themselves. */
function useDetailCommand<Schema extends z.ZodType, Input extends { order: OrderTarget }>(path: string, bodyOf: (input: Input) => OrderCommandBody<Schema>) {
  return useOrderCommand<Schema, Input>(path, bodyOf, { handledErrors: JOB_DIALOG_ERRORS });
}

/** `POST /api/order/updatePurchaseOrderNumber`: the PO of a submitted order; without a new document the stored one stays. */
export function useUpdatePurchaseOrder() {
  return useDetailCommand<typeof UpdatePurchaseOrderRequestSchema, { order: OrderTarget; po: string; document?: UploadedFile }>(
    '/order/updatePurchaseOrderNumber',
    ({ po, document }) => ({
      po: po.trim() || NO_PO_NUMBER,
      ...(document ? { files: [document] } : {}),
    }),
  );
}

export type LocalContactInput = RequestBody<typeof UpdateLocalContactRequestSchema>['localCustomerContact'];

/** `POST /api/order/local-contact`: who the technicians ask for on site. */
export function useUpdateLocalContact() {
  return useDetailCommand<typeof UpdateLocalContactRequestSchema, { order: OrderTarget; contact: LocalContactInput }>(
    '/order/local-contact',
    ({ contact }) => ({ localCustomerContact: contact }),
  );
}

/** `POST /api/order/cancel`: the customer withdraws the request or order, with an optional comment. */
export function useCancelOrder() {
  return useDetailCommand<typeof CancelOrderRequestSchema, { order: OrderTarget; comment: string }>('/order/cancel', ({ comment }) =>
    comment.trim() ? { comment: comment.trim() } : {},
  );
}

/** `POST /api/order/addSupervisor` / `removeSupervisor` (staff): a SUPERVISOR user of the customer on the job. */
export function useAddSupervisor() {
  return useDetailCommand<typeof AddSupervisorRequestSchema, { order: OrderTarget; userId: string }>('/order/addSupervisor', ({ userId }) => ({ userId }));
}
export function useRemoveSupervisor() {
  return useDetailCommand<typeof RemoveSupervisorRequestSchema, { order: OrderTarget; userId: string }>('/order/removeSupervisor', ({ userId }) => ({
    userId,
  }));
}

/** The customer's users who may supervise a job (role SUPERVISOR; the api lists no deleted user), for staff's picker. */
export function useSupervisorCandidates(companyId: string | null | undefined) {
  return useQuery({
    queryKey: ['company', companyId, 'supervisors'],
    enabled: Boolean(companyId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/company/getUsers', { body: { companyId }, schema: z.array(UserProfileSchema), signal })).filter((u) => u.role === 'SUPERVISOR'),
  });
}

/** `POST /api/re-order`: a new draft (INCOMPLETE) with this order's content, without its dates and coupon. */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderTarget) =>
      apiRequest('/re-order', { body: { orderId: order._id } satisfies RequestBody<typeof ReorderRequestSchema>, schema: OrderCommandResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.lists() }),
  });
}

/** `POST /api/order/change`: the order goes back into the ordering flow (flagged as changed) until it is resubmitted. */
export function useRequestChange() {
  return useDetailCommand<typeof RequestChangeRequestSchema, { order: OrderTarget }>('/order/change', () => ({}));
}
