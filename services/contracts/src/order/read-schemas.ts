import { z } from 'zod';
import { OrderCouponCheckSchema } from '@onsite/domain';
import { CURRENCIES, LANGUAGES } from '@onsite/domain';
import { ORDER_STATUSES } from '@onsite/domain';
import { CREATION_TYPES, FEEDBACK_TYPES, JOB_STATUSES, OFFER_OUTCOMES, ORDER_FILE_MIME_TYPES, ORDER_TYPES, TIME_FRAME_TYPES } from '@onsite/domain';

/*
 * What the api answers about orders, as the console reads it. These describe the read side's documents as they
 * are stored, so they check shape only (types and enums, never the input rules of the request schemas): data
 * written under older rules must still read. services/api/src/contract/orders.contract.ts makes the api's
 * return types and these schemas agree at compile time, both ways.
 */

const text = z.string();
const range = () => z.object({ from: text, to: text });
const MoneyView = z.object({ amount: z.number(), currency: z.enum(CURRENCIES) });
const FileView = z.object({ path: text, name: text, mimeType: z.enum(ORDER_FILE_MIME_TYPES) });
const ContactView = z.object({ name: text, phone: text.optional(), email: text.optional(), remarks: text.optional() });
const PersonView = z.object({ userId: text, name: text });

export const OrderLocationViewSchema = z.object({
  name: text,
  addressLine1: text,
  addressLine2: text.optional(),
  city: text,
  postCode: text,
  state: text.optional(),
  country: text,
  timeZone: text,
  geo: z.object({ lat: z.number(), lng: z.number() }).optional(),
  remarks: text.optional(),
});

const BillingAddressView = z.object({
  id: text,
  firstName: text,
  lastName: text,
  email: text,
  department: text,
  addressLine1: text,
  addressLine2: text.optional(),
  addressCity: text,
  addressPostCode: text,
  addressState: text.optional(),
  addressCountry: text,
  accountingPhoneNumber: text.optional(),
  taxNumber: text,
  invoiceEmail: text.optional(),
});

/** The order content as the customer entered it (times of the frames are local to the location). */
const OrderContentView = z.object({
  endCustomer: z.object({ name: text, country: text.optional() }).optional(),
  location: OrderLocationViewSchema.optional(),
  timeframes: z.array(
    z.object({
      date: range(),
      timeFrameType: z.enum(TIME_FRAME_TYPES),
      workingTime: z.object({ firstDay: range(), intermediate: range(), lastDay: range() }),
      firstDayNightShift: z.boolean(),
      intermediateNightShift: z.boolean(),
      lastDayNightShift: z.boolean(),
      maxServiceDurationDays: z.number().optional(),
      servicesSchedule: z
        .array(
          z.object({
            serviceTypeId: text,
            name: text,
            dates: z.array(z.object({ dateTimeFrom: text, dateTimeTo: text, isWorkDay: z.boolean(), isHoliday: z.boolean(), isOverMidnight: z.boolean() })),
          }),
        )
        .optional(),
    }),
  ),
  services: z.array(
    z.object({
      serviceId: text,
      name: text,
      /** Every language as ordered (orders placed since D208). */
      names: z.partialRecord(z.enum(LANGUAGES), text).optional(),
      price: MoneyView,
      equipmentItems: z.array(z.object({ manufacturer: text.optional(), machineModel: text, machineVariant: text.optional(), quantity: z.number() })),
    }),
  ),
  equipments: z.array(
    z.object({ producer: text, machine: text, machineType: text.optional(), comments: text.optional(), amount: z.number(), machineNumbers: z.array(text) }),
  ),
  additionalInformation: z.object({
    serviceTechnicians: z.object({ expectedNumberOfTechnicians: z.number(), maxNumberOfTechnicians: z.number().optional() }).optional(),
    siteWalk: z.boolean().optional(),
    siteWalkDate: text.optional(),
    selectedSegments: z.array(text).optional(),
    selectedAllergies: z.array(text).optional(),
    selectedCertificates: z.array(text).optional(),
    selectedEnvironments: z.array(z.object({ key: text, name: text, value: text.optional() })).optional(),
    remarks: text.optional(),
    files: z.array(FileView).optional(),
    toolsRequiredByCustomer: text.optional(),
    toolsRequiredByProvider: text.optional(),
  }),
  mobileSupport: z.boolean().optional(),
  couponCode: text.optional(),
  contacts: z.object({ localCustomerContact: ContactView.optional(), onSiteContact: ContactView.optional(), additionalContacts: z.array(ContactView) }),
  contactCustomer: z.object({ type: z.enum(['email', 'phone']), value: text }).optional(),
  billingAddress: BillingAddressView.optional(),
});

/** An offer; `internalComment` only reaches staff. */
export const OfferViewSchema = z.object({
  offerId: text,
  pdf: FileView,
  attachments: z.array(FileView),
  comment: text.optional(),
  externalComment: text.optional(),
  internalComment: text.optional(),
  expiresAt: text,
  offeredAt: text,
  price: MoneyView.optional(),
  outcome: z.enum(OFFER_OUTCOMES),
  removalReason: text.optional(),
  removedAt: text.optional(),
  extensionRequestedAt: text.optional(),
  originalExpiresAt: text.optional(),
});

/** One row of the order's events table, with its author named. */
export const OrderEventEntrySchema = z.object({
  _id: text,
  event: text,
  status: z.enum(ORDER_STATUSES),
  previousStatus: z.enum(ORDER_STATUSES).nullable(),
  timestamp: text,
  author: PersonView,
  onBehalfOf: PersonView.nullable(),
  viaApiToken: z.object({ id: text, name: text }).optional().describe('The API token the event came with (D211).'),
  externalComment: text.optional(),
  internalComment: text.optional().describe('Staff only.'),
  comment: text.optional(),
  po: text.optional(),
  expiryDate: text.optional(),
  offerId: text.optional(),
  reasons: z.array(text).optional(),
});

export const JOB_EXPORT_STATUSES = ['pending', 'exported', 'failed'] as const;

/** `POST /order/getByRefId`: the order detail with its events table; customers get it without the staff-only parts. */
export const OrderDetailSchema = z
  .object({
    _id: text,
    refId: text,
    version: z.number(),
    status: z.enum(ORDER_STATUSES),
    previousStatus: z.enum(ORDER_STATUSES).nullable(),
    creationType: z.enum(CREATION_TYPES),
    type: z.enum(ORDER_TYPES),
    customer: z.object({ companyId: text, name: text, country: text }),
    country: text,
    content: OrderContentView,
    offers: z.array(OfferViewSchema),
    openOfferId: text.nullable(),
    po: z.object({ number: text, document: FileView.optional() }).nullable(),
    termsAccepted: z.boolean(),
    supervisorUserIds: z.array(text),
    ownerUserId: text.nullable().describe('Staff only (null for customers).'),
    financialInfo: z
      .object({ expectedRevenue: MoneyView, probability: z.number(), relevantForForecast: z.boolean(), estimatedReleaseDate: text.optional() })
      .nullable()
      .describe('Staff only (null for customers).'),
    feedback: z.array(z.object({ type: z.enum(FEEDBACK_TYPES), rating: z.number().optional(), comment: text.optional() })),
    job: z
      .object({
        jobId: text,
        status: z.enum(JOB_STATUSES),
        team: z.array(z.object({ id: text, name: text })),
        schedule: range().optional(),
        requestedTeamSize: z.number().optional(),
        requestedWindow: range().optional(),
      })
      .nullable(),
    jobResult: z
      .object({
        jobId: text,
        outcome: z.enum(['COMPLETED', 'CANCELED', 'CLOSED']).nullable(),
        startedAt: text.nullable(),
        completedAt: text.nullable(),
        cancelledAt: text.nullable(),
        cancellationReason: text.nullable().describe('Staff only (null for customers).'),
        closedAt: text.nullable(),
      })
      .nullable()
      .describe('What came of the current job (D217): its outcome and when; null until the order has a job.'),
    invoice: z
      .object({ billedAt: text, invoiceReference: text.nullable() })
      .nullable()
      .describe('When the order was billed and its invoice reference (D217); null until billed.'),
    hasChanges: z.boolean(),
    orderNotCompleted: z.boolean(),
    shortNotice: z.object({ hoursToStart: z.number() }).nullable(),
    deletedForever: z.boolean(),
    createdAt: text,
    createdByUserId: text,
    requestedAt: text.nullable().describe('When the customer first submitted; null for drafts.'),
    updatedAt: text,
    events: z.array(OrderEventEntrySchema),
    filePaths: z.array(text),
    supervisors: z.array(PersonView).describe('For those who may see them (staff, OEM customers); empty for everyone else.'),
    jobExport: z
      .object({ status: z.enum(JOB_EXPORT_STATUSES), attempts: z.number(), lastError: text.nullable(), updatedAt: text })
      .nullable()
      .describe("Staff only: where the job specification's export to the planning tool stands."),
    couponCheck: OrderCouponCheckSchema.nullable().describe(
      "Staff only: the order's coupon judged at the time of its quote request (null: no coupon, or not staff).",
    ),
    historical: z
      .object({ asOf: text.nullable(), asOfVersion: z.number(), latestVersion: z.number() })
      .optional()
      .describe('Present when the detail is the order as of a past moment (asOf, asOfVersion or asOfEventId).'),
  })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof OrderDetailSchema>;
export type OrderEventEntry = z.infer<typeof OrderEventEntrySchema>;
export type OfferView = z.infer<typeof OfferViewSchema>;

/** What a command on an order answers: enough for the console to navigate and to send the next version. */
export const OrderCommandResponseSchema = z
  .object({ _id: text, refId: text, version: z.number().int(), status: z.enum(ORDER_STATUSES) })
  .meta({ id: 'OrderCommandResponse' });
export type OrderCommandResponse = z.infer<typeof OrderCommandResponseSchema>;

/** `POST /order/retry-export`: the jobs whose failed export goes to the planning tool again. */
export const RetryExportResultSchema = z.object({ retried: z.array(text) }).meta({ id: 'RetryExportResult' });

/** The data of an `order` frame of `GET /api/updates` (server-sent events): this order changed. */
export interface OrderUpdateNotice {
  readonly orderId: string;
  readonly refId: string;
}
