import { OrderDetailSchema, type OfferView, type OrderDetail, type OrderEventEntry } from '@onsite/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GetOrderRequestSchema } from '@onsite/contracts';
import { apiRequest, type RequestBody } from '../../../lib/api/api-client';
import { orderQueryKeys } from '../../../lib/orders/order-keys';

/** Order data is refreshed every 15 minutes while it is on screen. */
export const ORDER_POLLING_MS = 900_000;

export type OrderEvent = OrderEventEntry;
export type Offer = OfferView;

/** What the detail page's blocks read: the content flattened one level. */
function toOrderView({ content, ...order }: OrderDetail) {
  const info = content.additionalInformation;
  return {
    ...order,
    billingAddress: content.billingAddress ?? null,
    localContact: content.contacts.localCustomerContact ?? null,
    tools: { byCustomer: info.toolsRequiredByCustomer ?? null, byProvider: info.toolsRequiredByProvider ?? null },
    location: content.location ?? null,
    timeframes: content.timeframes.map((frame) => ({
      from: frame.date.from,
      to: frame.date.to,
      type: frame.timeFrameType,
      // The days per service as the customer confirmed them (D216).
      servicesSchedule: frame.servicesSchedule ?? [],
    })),
    services: content.services,
    equipments: content.equipments,
    additionalInformation: {
      expectedNumberOfTechnicians: info.serviceTechnicians?.expectedNumberOfTechnicians ?? null,
      remarks: info.remarks ?? null,
      // The site brief (D213): keys the console names in the reader's language; 'other' with the customer's words.
      siteWalk: info.siteWalk === true ? { date: info.siteWalkDate ?? null } : null,
      certificates: info.selectedCertificates ?? [],
      allergens: info.selectedAllergies ?? [],
      environments: (info.selectedEnvironments ?? []).map((e) => ({ key: e.key, value: e.value ?? null })),
      segments: info.selectedSegments ?? [],
      files: info.files ?? [],
    },
    couponCode: content.couponCode ?? null,
    mobileSupport: content.mobileSupport ?? null,
  };
}

/** `POST /api/order/getByRefId` (the shared contract; timeframes are location-local, requestedAt/createdAt/updatedAt instants). */
export const orderSchema = OrderDetailSchema.transform(toOrderView);
export type Order = z.output<typeof orderSchema>;

/** 404 `not_found` (unknown or not visible) is shown by the page as a not-found state, not as a notification. */
/** A past moment of an order (time travel): an instant, or one of the events of its events table. */
type GetOrderBody = RequestBody<typeof GetOrderRequestSchema>;
export type OrderMoment = { asOf: NonNullable<GetOrderBody['asOf']> } | { asOfEventId: NonNullable<GetOrderBody['asOfEventId']> };

export function fetchOrder(refId: string, signal?: AbortSignal, moment?: OrderMoment | null): Promise<Order> {
  return apiRequest('/order/getByRefId', {
    body: { refId, ...moment } satisfies GetOrderBody,
    schema: orderSchema,
    signal,
    handledErrors: ['not_found', 'forbidden'],
  });
}

/** The live order, or the order as it was at `moment`; the past does not change, so it is not polled. */
export function useOrder(refId: string, moment?: OrderMoment | null) {
  return useQuery({
    queryKey: moment ? orderQueryKeys.detailAsOf(refId, moment) : orderQueryKeys.detail(refId),
    queryFn: ({ signal }) => fetchOrder(refId, signal, moment),
    refetchInterval: moment ? false : ORDER_POLLING_MS,
  });
}
