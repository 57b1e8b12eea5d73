import { ServiceScheduleSchema, type FileUpload } from '@onsite/domain';
import {
  CompanyViewSchema,
  DiscountCodeResultSchema,
  GeocodeResultSchema,
  OrderCommandResponseSchema,
  OrderDetailSchema,
  type BillingAddressView,
  type GenerateServiceSchedulesRequest,
  type DiscountCodeRequest,
  type GeocodeRequest,
  type PlaceSuggestRequest,
  type ReverseGeocodeRequest,
  type OrderDetail,
} from '@onsite/contracts';
import type {
  CompleteOrderRequestSchema,
  CreateOrderRequestSchema,
  GetOrderRequestSchema,
  OrderContentRequestSchema,
  RemoveFilesRequestSchema,
  SubmitOrderRequestSchema,
  UpdateDraftRequestSchema,
} from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, type RequestBody } from '../../../lib/api/api-client';
import { useOrderCommand } from '../../../lib/orders/order-command';
import { orderQueryKeys } from '../../../lib/orders/order-keys';
import { toUpload } from '../../../lib/api/uploads';

/** The saved order an ordering route resumes: a server draft, an order being changed, or an accepted order to complete. */
export type SavedOrder = OrderDetail;

/** How a saved order is sent back: a draft or a change is updated then submitted; an accepted OEM order is completed. */
export type SaveMode = 'new' | 'update' | 'complete';
export function saveModeOf(order: SavedOrder | null | undefined): SaveMode {
  if (!order) return 'new';
  if (order.status === 'ORDER_SUBMITTED' && order.orderNotCompleted && !order.hasChanges) return 'complete';
  return 'update';
}
export const isEditable = (order: SavedOrder): boolean =>
  order.status === 'INCOMPLETE' || Boolean(order.hasChanges) || (order.status === 'ORDER_SUBMITTED' && Boolean(order.orderNotCompleted));

export function useSavedOrder(refId: string | null) {
  return useQuery({
    queryKey: orderQueryKeys.editing(refId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest('/order/getByRefId', { body: { refId: refId! } satisfies RequestBody<typeof GetOrderRequestSchema>, schema: OrderDetailSchema, signal }),
    enabled: Boolean(refId),
    staleTime: 0,
  });
}

export type BillingAddress = BillingAddressView;

/** The ordering company's billing addresses (the company of the customer, or of the customer staff act for). */
export function useOrderingCompany(uid: string | null | undefined) {
  return useQuery({
    queryKey: ['company', uid, 'ordering'],
    queryFn: ({ signal }) => apiRequest('/company/getByUID', { body: { uid }, schema: CompanyViewSchema, signal }),
    enabled: Boolean(uid),
  });
}

/** `POST /api/cms/getDiscountCode`. */
export function useCheckCoupon() {
  return useMutation({ mutationFn: (body: DiscountCodeRequest) => apiRequest('/cms/getDiscountCode', { body, schema: DiscountCodeResultSchema }) });
}

/** `POST /api/geocode`: the shipped gazetteer answers when no outside geocoder does; never a notification. */
export function useGeocode() {
  return useMutation({ mutationFn: (body: GeocodeRequest) => apiRequest('/geocode', { body, schema: GeocodeResultSchema, handledErrors: 'all' }) });
}

/**
 * `POST /api/geocode/suggest`: the places of a country that start with what the person typed (the location step's
 * autocomplete), kept while the next answer comes. Not asked before two characters.
 */
export function usePlaceSuggestions(country: string, query: string, enabled: boolean) {
  const body: PlaceSuggestRequest = { country, query, limit: 8 };
  return useQuery({
    queryKey: ['geocode', 'suggest', country, query.toLocaleLowerCase()],
    queryFn: ({ signal }) => apiRequest('/geocode/suggest', { body, schema: GeocodeResultSchema, signal, handledErrors: 'all' }),
    enabled: enabled && Boolean(country) && query.length >= 2,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    retry: false,
  });
}

/** `POST /api/geocode/reverse`: the place nearest to a dragged pin. */
export function useReverseGeocode() {
  return useMutation({
    mutationFn: (body: ReverseGeocodeRequest) => apiRequest('/geocode/reverse', { body, schema: GeocodeResultSchema, handledErrors: 'all' }),
  });
}

const ServiceSchedulesSchema = z.array(ServiceScheduleSchema);

/**
 * `POST /api/order/generate-service-types-dates`: the days of each service for the preferred frame (D216). Asked only
 * for a complete, valid frame (`body` null otherwise); a refusal shows as the section's error, not a notification.
 */
export function useServiceSchedules(body: GenerateServiceSchedulesRequest | null) {
  return useQuery({
    queryKey: ['order', 'service-schedules', body],
    queryFn: ({ signal }) => apiRequest('/order/generate-service-types-dates', { body: body!, schema: ServiceSchedulesSchema, signal, handledErrors: 'all' }),
    enabled: body !== null,
    staleTime: Infinity,
    retry: false,
  });
}

export interface SubmitInput {
  readonly mode: SaveMode;
  readonly saved: SavedOrder | null;
  readonly creationType: RequestBody<typeof CreateOrderRequestSchema>['creationType'];
  readonly content: RequestBody<typeof OrderContentRequestSchema>;
  readonly shortNoticeConfirmed: boolean;
  readonly idempotencyKey: string;
  /** Files picked since the last save: uploaded now and added to the additional information. */
  readonly picked?: readonly File[];
}

/**
 * A picked file's upload, kept while it waits for its command: a refused save leaves the upload usable (D128), so
 * trying again does not upload the file a second time. A stored order owns the file afterwards.
 */
const uploadsOf = new WeakMap<File, FileUpload>();
async function uploadPicked(files: readonly File[]): Promise<FileUpload[]> {
  const uploads: FileUpload[] = [];
  // One after the other: the api takes only a couple of uploads per user at once.
  for (const file of files) {
    const known = uploadsOf.get(file);
    const upload = known ?? (await toUpload(file));
    uploadsOf.set(file, upload);
    uploads.push(upload);
  }
  return uploads;
}
export function claimed(files: readonly File[] | undefined) {
  for (const file of files ?? []) uploadsOf.delete(file);
}

/** The content with the picked files uploaded and added after the files the order holds. */
export async function withPicked(input: Pick<SubmitInput, 'content' | 'picked'>): Promise<SubmitInput['content']> {
  if (!input.picked?.length) return input.content;
  const uploads = await uploadPicked(input.picked);
  const info = input.content.additionalInformation ?? {};
  return { ...input.content, additionalInformation: { ...info, files: [...(info.files ?? []), ...uploads] } };
}

/** Saves the content as a draft (creating it the first time); returns the saved order's reference and version. */
async function save(input: Omit<SubmitInput, 'shortNoticeConfirmed'>): Promise<{ orderId: string; refId: string; version: number }> {
  const content = await withPicked(input);
  const result = await saveContent({ ...input, content });
  claimed(input.picked);
  return result;
}

async function saveContent(input: Omit<SubmitInput, 'shortNoticeConfirmed' | 'picked'>): Promise<{ orderId: string; refId: string; version: number }> {
  if (input.saved) {
    const updated = await apiRequest('/order/update', {
      body: {
        orderId: input.saved._id,
        version: input.saved.version,
        content: input.content,
        ...(input.saved.status === 'INCOMPLETE' ? { creationType: input.creationType } : {}),
      } satisfies RequestBody<typeof UpdateDraftRequestSchema>,
      schema: OrderCommandResponseSchema,
    });
    return { orderId: input.saved._id, refId: updated.refId, version: updated.version };
  }
  const created = await apiRequest('/order/create', {
    body: { creationType: input.creationType, content: input.content } satisfies RequestBody<typeof CreateOrderRequestSchema>,
    schema: OrderCommandResponseSchema,
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  return { orderId: created._id, refId: created.refId, version: created.version };
}

/** 'Save draft': the order in progress kept on the server as INCOMPLETE (or the pending change saved). */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: save, onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }) });
}

/** Submit: save then submit (a new draft, a draft, a change), or complete an accepted OEM order. */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SubmitInput) => {
      if (input.mode === 'complete' && input.saved) {
        const content = await withPicked(input);
        const completed = await apiRequest('/order/complete', {
          body: {
            orderId: input.saved._id,
            version: input.saved.version,
            content,
            disclaimerAccepted: true,
            shortNoticeConfirmed: input.shortNoticeConfirmed,
          } satisfies RequestBody<typeof CompleteOrderRequestSchema>,
          schema: OrderCommandResponseSchema,
        });
        claimed(input.picked);
        return completed;
      }
      const saved = await save(input);
      return apiRequest('/order/submit', {
        body: {
          orderId: saved.orderId,
          version: saved.version,
          disclaimerAccepted: true,
          shortNoticeConfirmed: input.shortNoticeConfirmed,
        } satisfies RequestBody<typeof SubmitOrderRequestSchema>,
        schema: OrderCommandResponseSchema,
      });
    },
    // Marked stale, not fetched again here: the page this form is on still shows the saved order, and fetching it now
    // (submitted, no longer editable) could swap the form for 'cannot be edited' before the confirmation is opened.
    // The confirmation and the lists fetch what they show when they open.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all, refetchType: 'none' }),
  });
}

/** `POST /api/order/fileRemove`: a file the saved draft (or the order being changed) holds is taken off it at once. */
export function useRemoveOrderFile() {
  return useOrderCommand<typeof RemoveFilesRequestSchema, { order: SavedOrder; path: string }>('/order/fileRemove', ({ path }) => ({ files: [path] }), {
    refreshes: () => [orderQueryKeys.all],
  });
}
