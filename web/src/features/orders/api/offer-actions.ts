import { NO_PO_NUMBER, type BillingAddressSnapshot } from '@onsite/domain';
import { CompanyViewSchema, FileLinksSchema, type CompanyViewData } from '@onsite/contracts';
import type { FileUploadSchema } from '@onsite/domain';
import type { AcceptOfferRequestSchema, RejectOfferRequestSchema } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type RequestBody } from '../../../lib/api/api-client';
import { useOrderCommand } from '../../../lib/orders/order-command';
import type { Order } from './get-order';

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

/** `POST /api/order/accept`: the order becomes ORDER_SUBMITTED. */
export function useAcceptOffer() {
  return useOrderCommand<typeof AcceptOfferRequestSchema, AcceptOfferInput>(
    '/order/accept',
    ({ offerId, poNumber, poDocument, billingAddress }) => ({
      offerID: offerId,
      po: poNumber.trim() || NO_PO_NUMBER,
      ...(poDocument ? { files: [poDocument] } : {}),
      billingAddress,
      tc: true,
    }),
    { handledErrors: OFFER_DIALOG_ERRORS },
  );
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
  return useOrderCommand<typeof RejectOfferRequestSchema, RejectOfferInput>(
    '/order/reject',
    ({ offerId, reasons, comment }) => ({
      ...(offerId ? { offerID: offerId } : {}),
      reasons,
      ...(comment?.trim() ? { comment: comment.trim() } : {}),
    }),
    { handledErrors: OFFER_DIALOG_ERRORS },
  );
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
