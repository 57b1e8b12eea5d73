import {
  CompanyViewSchema,
  FileLinksSchema,
  NO_PO_NUMBER,
  OrderCommandResponseSchema,
  type BillingAddressSnapshot,
  type CompanyViewData,
} from '@onsite/domain';
import type { AcceptOfferRequestSchema, FileUploadSchema, RejectOfferRequestSchema } from '@onsite/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, type RequestBody } from '../../../lib/api-client';
import type { Order } from './get-order';
import { orderKeys } from './order-keys';

/** A file as commands take it (the domain's FileUpload): the id of an upload made before (POST /api/file/upload). */
export type UploadedFile = RequestBody<typeof FileUploadSchema>;

type AcceptOfferBody = RequestBody<typeof AcceptOfferRequestSchema>;

export interface AcceptOfferInput {
  order: Pick<Order, '_id' | 'version' | 'refId'>;
  offerId: AcceptOfferBody['offerID'];
  poNumber: string;
  poDocument?: UploadedFile;
  billingAddress: AcceptOfferBody['billingAddress'];
}

/** The errors the accept and reject dialogs show themselves (inline or with a reload button). */
export const OFFER_DIALOG_ERRORS = ['version_conflict', 'validation_error', 'orderError', 'company_profile_incomplete', 'forbidden'] as const;

function refreshOrder(queryClient: QueryClient, refId: string) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.detail(refId) }), queryClient.invalidateQueries({ queryKey: orderKeys.lists() })]);
}

/** `POST /api/order/accept`: the order becomes ORDER_SUBMITTED. */
export function useAcceptOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, offerId, poNumber, poDocument, billingAddress }: AcceptOfferInput) =>
      apiRequest('/order/accept', {
        body: {
          orderId: order._id,
          version: order.version,
          offerID: offerId,
          po: poNumber.trim() || NO_PO_NUMBER,
          ...(poDocument ? { files: [poDocument] } : {}),
          billingAddress,
          tc: true,
        } satisfies AcceptOfferBody,
        schema: OrderCommandResponseSchema,
        handledErrors: OFFER_DIALOG_ERRORS,
      }),
    // Only a success refreshes the order: after a conflict the user reloads it themself and decides again.
    onSuccess: (_data, { order }) => refreshOrder(queryClient, order.refId),
  });
}

/**
 * A billing address typed while accepting, added to the company's list when the customer asks for it (its admin, or
 * staff acting for them): the next order offers it. Its own failure is shown in the dialog; the acceptance stands.
 */
export function useSaveBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, billingAddress }: { companyId: string; billingAddress: BillingAddressSnapshot }) => {
      const { id: _orderCopy, ...address } = billingAddress;
      return apiRequest('/company/add-billing-address', { body: { companyId, billingAddress: address }, handledErrors: 'all' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['company'] }),
  });
}

type RejectOfferBody = RequestBody<typeof RejectOfferRequestSchema>;

export interface RejectOfferInput {
  order: Pick<Order, '_id' | 'version' | 'refId'>;
  /** The open offer, when an offer is rejected (not for a quote request or a submitted order). */
  offerId?: RejectOfferBody['offerID'];
  reasons: RejectOfferBody['reasons'];
  comment?: string;
}

/** `POST /api/order/reject`: the quote request, offer or submitted order is refused with structured reasons; the order becomes DECLINED. */
export function useRejectOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, offerId, reasons, comment }: RejectOfferInput) =>
      apiRequest('/order/reject', {
        body: {
          orderId: order._id,
          version: order.version,
          ...(offerId ? { offerID: offerId } : {}),
          reasons,
          ...(comment?.trim() ? { comment: comment.trim() } : {}),
        } satisfies RejectOfferBody,
        schema: OrderCommandResponseSchema,
        handledErrors: OFFER_DIALOG_ERRORS,
      }),
    // Only a success refreshes the order: after a conflict the user reloads it themself and decides again.
    onSuccess: (_data, { order }) => refreshOrder(queryClient, order.refId),
  });
}

export type CustomerCompany = CompanyViewData;

/** The caller's own company: whether its profile is complete, and its billing addresses. */
export function useOwnCompany(uid: string | null | undefined) {
  return useQuery({
    queryKey: ['company', uid],
    queryFn: ({ signal }) => apiRequest('/company/getByUID', { body: { uid }, schema: CompanyViewSchema, signal }),
    enabled: Boolean(uid),
  });
}

/** A signed download link for an order file (valid for minutes); opened in a new tab. */
export function fetchFileLink(path: string): Promise<string> {
  return apiRequest('/file/get', { body: { fileName: path }, schema: FileLinksSchema }).then((links) => links[0] ?? '');
}
