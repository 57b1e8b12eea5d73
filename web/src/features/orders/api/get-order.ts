import { BillingAddressSnapshotSchema, FEEDBACK_TYPES, JOB_STATUSES, OFFER_OUTCOMES, ORDER_STATUSES, OrderFileSchema } from '@onsite/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** Order data is refreshed every 15 minutes while it is on screen (spec section 9, polling interval). */
export const ORDER_POLLING_MS = 900_000;

const textSchema = z.union([z.string(), z.record(z.string(), z.string().nullish())]);

export const locationSchema = z.object({
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullish(),
  city: z.string(),
  postCode: z.string(),
  state: z.string().nullish(),
  country: z.string(),
  timeZone: z.string(),
  geo: z.object({ lat: z.number(), lng: z.number() }).nullish(),
  remarks: z.string().nullish(),
});

const contactSchema = z.object({ name: z.string(), phone: z.string().nullish(), email: z.string().nullish(), remarks: z.string().nullish() });

const personSchema = z.object({ userId: z.string().nullish(), name: z.string().nullish() });

export const orderEventSchema = z.object({
  _id: z.string().nullish(),
  event: z.string(),
  status: z.string().nullish(),
  previousStatus: z.string().nullish(),
  timestamp: z.string(),
  author: personSchema.nullish(),
  onBehalfOf: personSchema.nullish(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

const moneySchema = z.object({ amount: z.number(), currency: z.string() });
const serviceSchema = z.object({
  serviceId: z.string(),
  name: textSchema.nullish(),
  price: moneySchema.nullish(),
  /** The machines the catalogue names for the service, as ordered. */
  equipmentItems: z
    .array(z.object({ manufacturer: z.string().nullish(), machineModel: z.string(), machineVariant: z.string().nullish(), quantity: z.number() }))
    .default([]),
});

/** A machine of the customer that the job is about. */
const equipmentSchema = z.object({
  producer: z.string(),
  machine: z.string(),
  machineType: z.string().nullish(),
  comments: z.string().nullish(),
  amount: z.number(),
  machineNumbers: z.array(z.string()).default([]),
});

/** The order content as the customer entered it (`content` of the order detail read model). */
const contentSchema = z.object({
  location: locationSchema.nullish(),
  timeframes: z.array(z.object({ date: z.object({ from: z.string(), to: z.string() }), timeFrameType: z.string().nullish() })).default([]),
  services: z.array(serviceSchema).default([]),
  equipments: z.array(equipmentSchema).default([]),
  additionalInformation: z
    .object({
      serviceTechnicians: z.object({ expectedNumberOfTechnicians: z.number().nullish() }).nullish(),
      remarks: z.string().nullish(),
      toolsRequiredByCustomer: z.string().nullish(),
      toolsRequiredByProvider: z.string().nullish(),
    })
    .nullish(),
  billingAddress: BillingAddressSnapshotSchema.nullish(),
  couponCode: z.string().nullish(),
  mobileSupport: z.boolean().nullish(),
  contacts: z.object({ localCustomerContact: contactSchema.nullish(), onSiteContact: contactSchema.nullish() }).nullish(),
});

/** An offer as the customer sees it (staff-only fields are not sent to customers). */
export const offerSchema = z.object({
  offerId: z.string(),
  pdf: OrderFileSchema,
  attachments: z.array(OrderFileSchema).default([]),
  comment: z.string().nullish(),
  externalComment: z.string().nullish(),
  expiresAt: z.string(),
  offeredAt: z.string(),
  /** The offered total, net of tax (minor units); none on offers made before prices were recorded. */
  price: moneySchema.nullish(),
  outcome: z.enum(OFFER_OUTCOMES),
  extensionRequestedAt: z.string().nullish(),
  originalExpiresAt: z.string().nullish(),
});
export type Offer = z.infer<typeof offerSchema>;

const rawOrderSchema = z.object({
  _id: z.string(),
  refId: z.string(),
  version: z.number(),
  status: z.enum(ORDER_STATUSES),
  offers: z.array(offerSchema).default([]),
  openOfferId: z.string().nullish(),
  po: z.object({ number: z.string(), document: OrderFileSchema.nullish() }).nullish(),
  job: z
    .object({
      jobId: z.string(),
      status: z.enum(JOB_STATUSES),
      team: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
      schedule: z.object({ from: z.string(), to: z.string() }).nullish(),
      requestedTeamSize: z.number().nullish(),
      requestedWindow: z.object({ from: z.string(), to: z.string() }).nullish(),
    })
    .nullish(),
  feedback: z.array(z.object({ type: z.enum(FEEDBACK_TYPES), rating: z.number().nullish(), comment: z.string().nullish() })).default([]),
  orderNotCompleted: z.boolean().nullish(),
  hasChanges: z.boolean().nullish(),
  creationType: z.string().nullish(),
  type: z.string().nullish(),
  customer: z.object({ companyId: z.string().nullish(), name: z.string().nullish(), country: z.string().nullish() }).nullish(),
  content: contentSchema,
  requestedAt: z.string().nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
  events: z.array(orderEventSchema).default([]),
  supervisors: z.array(z.object({ userId: z.string(), name: z.string() })).default([]),
  ownerUserId: z.string().nullish(),
  financialInfo: z
    .object({ expectedRevenue: z.object({ amount: z.number(), currency: z.string() }), probability: z.number(), relevantForForecast: z.boolean(), estimatedReleaseDate: z.string().nullish() })
    .nullish(),
  jobExport: z.object({ status: z.enum(['pending', 'exported', 'failed']), attempts: z.number(), lastError: z.string().nullish(), updatedAt: z.string() }).nullish(),
  supervisorUserIds: z.array(z.string()).default([]),
  /** Present when the detail is the order as of a past moment (time travel, `asOf` on the detail call). */
  historical: z.object({ asOf: z.string().nullish(), asOfVersion: z.number(), latestVersion: z.number() }).nullish(),
});

/** What the detail page's blocks read: the content flattened one level. */
function toOrderView({ content, ...order }: z.infer<typeof rawOrderSchema>) {
  const info = content.additionalInformation;
  return {
    ...order,
    billingAddress: content.billingAddress ?? null,
    localContact: content.contacts?.localCustomerContact ?? null,
    tools: { byCustomer: info?.toolsRequiredByCustomer ?? null, byProvider: info?.toolsRequiredByProvider ?? null },
    location: content.location ?? null,
    timeframes: content.timeframes.map((frame) => ({ from: frame.date.from, to: frame.date.to, type: frame.timeFrameType ?? null })),
    services: content.services,
    equipments: content.equipments,
    additionalInformation: info
      ? { expectedNumberOfTechnicians: info.serviceTechnicians?.expectedNumberOfTechnicians ?? null, remarks: info.remarks ?? null }
      : null,
    couponCode: content.couponCode ?? null,
    mobileSupport: content.mobileSupport ?? null,
  };
}

/** `POST /api/order/getByRefId` (timeframes are location-local, requestedAt/createdAt/updatedAt instants). */
export const orderSchema = rawOrderSchema.transform(toOrderView);
export type Order = z.output<typeof orderSchema>;

/** 404 `not_found` (unknown or not visible) is shown by the page as a not-found state, not as a notification. */
/** A past moment of an order (time travel): an instant, or one of the events of its events table. */
export type OrderMoment = { asOf: string } | { asOfEventId: string };

export function fetchOrder(refId: string, signal?: AbortSignal, moment?: OrderMoment | null): Promise<Order> {
  return apiRequest('/order/getByRefId', { body: { refId, ...moment }, schema: orderSchema, signal, handledErrors: ['not_found', 'forbidden'] });
}

/** The live order, or the order as it was at `moment`; the past does not change, so it is not polled. */
export function useOrder(refId: string, moment?: OrderMoment | null) {
  return useQuery({
    queryKey: moment ? [...orderKeys.detail(refId), 'asOf', moment] : orderKeys.detail(refId),
    queryFn: ({ signal }) => fetchOrder(refId, signal, moment),
    refetchInterval: moment ? false : ORDER_POLLING_MS,
  });
}
