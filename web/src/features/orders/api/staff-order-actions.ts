import { UserProfileSchema } from '@onsite/contracts';
import type {
  AddCommentRequestSchema,
  ChangeOwnerRequestSchema,
  CloseOrderRequestSchema,
  DeclineQuoteRequestSchema,
  DeleteOrderRequestSchema,
  MakeOfferRequestSchema,
  PrepareJobRequestSchema,
  RemoveOfferRequestSchema,
  ReopenOrderRequestSchema,
  UpdateFinancialInfoRequestSchema,
} from '@onsite/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, type OrderCommandBody, type RequestBody } from '../../../lib/api/api-client';
import { useOrderCommand } from '../../../lib/orders/order-command';
import type { Order } from './get-order';
import { JOB_DIALOG_ERRORS } from './job-actions';
import type { UploadedFile } from './offer-actions';

type OrderTarget = Pick<Order, '_id' | 'version' | 'refId'>;
/** Errors the staff dialogs show themselves: besides the usual ones, upload refusals. */
const STAFF_DIALOG_ERRORS = [...JOB_DIALOG_ERRORS, 'file_too_large', 'unsupported_file_type', 'change_pending'] as const;

function useStaffCommand<Schema extends z.ZodType, Input extends { order: OrderTarget }>(path: string, bodyOf: (input: Input) => OrderCommandBody<Schema>) {
  return useOrderCommand<Schema, Input>(path, bodyOf, { handledErrors: STAFF_DIALOG_ERRORS });
}

type OfferBody = RequestBody<typeof MakeOfferRequestSchema>;

export interface OfferInput {
  order: OrderTarget;
  pdf: UploadedFile;
  attachments: UploadedFile[];
  /** A UTC instant. */
  expiresAt: OfferBody['expiresAt'];
  /** The offered total, net of tax, in minor units. */
  price: OfferBody['price'];
  externalComment: string;
  internalComment: string;
}

/** `POST /api/order/offer` (staff): the price, the offer PDF (its details), attachments and the expiry; replaces an open offer. */
export function useMakeOffer() {
  return useStaffCommand<typeof MakeOfferRequestSchema, OfferInput>(
    '/order/offer',
    ({ pdf, attachments, expiresAt, price, externalComment, internalComment }) => ({
      pdf,
      attachments,
      expiresAt,
      price,
      ...(externalComment.trim() ? { externalComment: externalComment.trim() } : {}),
      ...(internalComment.trim() ? { internalComment: internalComment.trim() } : {}),
    }),
  );
}

/** `POST /api/order/decline` (staff): a comment for the customer and an internal one, both required. */
export function useDeclineRequest() {
  return useStaffCommand<typeof DeclineQuoteRequestSchema, { order: OrderTarget; externalComment: string; internalComment: string }>(
    '/order/decline',
    ({ externalComment, internalComment }) => ({
      externalComment: externalComment.trim(),
      internalComment: internalComment.trim(),
    }),
  );
}

export interface PrepareJobInput {
  order: OrderTarget;
  notes: string;
  teamSize: number | null;
  /** Location-local `YYYY-MM-DDTHH:mm:ss`. */
  window: { from: string; to: string } | null;
}

/** `POST /api/order/prepare-job` (staff): team size, window and notes; the job specification goes to planning (JOB_IN_PLANNING). */
export function usePrepareJob() {
  return useStaffCommand<typeof PrepareJobRequestSchema, PrepareJobInput>('/order/prepare-job', ({ notes, teamSize, window }) => ({
    ...(notes.trim() ? { notes: notes.trim() } : {}),
    ...(teamSize ? { teamSize } : {}),
    ...(window ? { window } : {}),
  }));
}

/** `POST /api/order/close` and `reopen` (staff), with an optional comment. */
export function useCloseOrder() {
  return useStaffCommand<typeof CloseOrderRequestSchema, { order: OrderTarget; comment: string }>('/order/close', ({ comment }) =>
    comment.trim() ? { comment: comment.trim() } : {},
  );
}
export function useReopenOrder() {
  return useStaffCommand<typeof ReopenOrderRequestSchema, { order: OrderTarget; comment: string }>('/order/reopen', ({ comment }) =>
    comment.trim() ? { comment: comment.trim() } : {},
  );
}

/** `POST /api/order/remove` (staff): a reason and an internal comment; `forever` takes it out of every list. */
export function useDeleteOrder() {
  return useStaffCommand<typeof DeleteOrderRequestSchema, { order: OrderTarget; reason: string; internalComment: string; forever: boolean }>(
    '/order/remove',
    ({ reason, internalComment, forever }) => ({
      reason: reason.trim(),
      internalComment: internalComment.trim(),
      forever,
    }),
  );
}

/** `POST /api/order/remove-offer` (staff): the open offer is withdrawn with a reason; the request is open again. */
export function useRemoveOffer() {
  return useStaffCommand<typeof RemoveOfferRequestSchema, { order: OrderTarget; offerId: string; reason: string }>(
    '/order/remove-offer',
    ({ offerId, reason }) => ({ offerId, reason: reason.trim() }),
  );
}

/** `POST /api/order/comment` (staff): an internal note, or a message the customer sees too. */
export function useAddComment() {
  return useStaffCommand<typeof AddCommentRequestSchema, { order: OrderTarget; text: string; external: boolean }>('/order/comment', ({ text, external }) =>
    external ? { externalComment: text.trim() } : { internalComment: text.trim() },
  );
}

/** `POST /api/order/change-owner` (staff): who on the provider side is responsible for the order. */
export function useChangeOwner() {
  return useStaffCommand<typeof ChangeOwnerRequestSchema, { order: OrderTarget; ownerUserId: string }>('/order/change-owner', ({ ownerUserId }) => ({
    ownerUserId,
  }));
}

type FinancialInfoBody = RequestBody<typeof UpdateFinancialInfoRequestSchema>['financialInfo'];

export interface FinancialInfoInput {
  /** Minor units. */
  amount: number;
  currency: FinancialInfoBody['expectedRevenue']['currency'];
  probability: number;
  relevantForForecast: boolean;
  estimatedReleaseDate: string | null;
}

/** `POST /api/order/financial-info` (staff only): expected revenue, probability, forecast relevance, release date. */
export function useUpdateFinancialInfo() {
  return useStaffCommand<typeof UpdateFinancialInfoRequestSchema, { order: OrderTarget; info: FinancialInfoInput }>('/order/financial-info', ({ info }) => ({
    financialInfo: {
      expectedRevenue: { amount: info.amount, currency: info.currency },
      probability: info.probability,
      relevantForForecast: info.relevantForForecast,
      ...(info.estimatedReleaseDate ? { estimatedReleaseDate: info.estimatedReleaseDate } : {}),
    },
  }));
}

/** The provider's active users, who may own an order. */
export function useProviderUsers(companyId: string | null | undefined) {
  return useQuery({
    queryKey: ['company', companyId, 'users'],
    enabled: Boolean(companyId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/company/getUsers', { body: { companyId }, schema: z.array(UserProfileSchema), signal })).filter((u) => u.status === 'ACTIVE'),
  });
}
