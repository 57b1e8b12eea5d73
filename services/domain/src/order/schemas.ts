import { isValidInternationalPhone, toE164 } from '../shared/phone.js';
import { z } from 'zod';
import { CURRENCIES, LANGUAGES } from '../shared/countries.js';
import type {
  AcceptOfferData,
  AddCommentData,
  CancelOrderData,
  ChangeOwnerData,
  CloseOrderData,
  CompleteOrderData,
  CreateOrderData,
  CreateOrderInPreparationData,
  DeclineRequestData,
  DeleteOrderData,
  ExpireOfferData,
  ExtendOfferData,
  JobRef,
  MakeOfferData,
  MarkOrderBilledData,
  OrderCommand,
  OrderCommandType,
  PrepareJobData,
  RecordJobCancelledData,
  RecordJobPlannedData,
  RejectOfferData,
  RemoveFilesData,
  RemoveOfferData,
  RequestOfferExtensionData,
  ReopenOrderData,
  ReorderOrderData,
  SaveFeedbackData,
  SubmitOrderData,
  SupervisorData,
  UpdateDraftData,
  UpdateFinancialInfoData,
  UpdateLocalContactData,
  UpdateOrderInPreparationData,
  UpdatePurchaseOrderData,
} from './commands.js';
import { DEFAULT_WORKING_HOURS, isValidTimeZone } from './rules/time-frames.js';
import {
  CREATION_TYPES,
  FEEDBACK_TYPES,
  ORDER_FILE_MIME_TYPES,
  REJECTION_REASONS,
  TIME_FRAME_TYPES,
  type BillingAddressSnapshot,
  type Money,
  type OrderContent,
  type OrderFile,
  type OrderLocation,
  type PurchaseOrder,
  type ScheduledDay,
  type ServiceSchedule,
  type TimeFrame,
} from './types.js';

/*
 * Shapes of every order command's `data`, for validation at the HTTP boundary (and OpenAPI through the
 * `.meta({ id })` names). They check form, not business rules: the decider owns those and reports them with
 * stable codes. Each schema `satisfies` the command's hand-written type, so the two cannot drift apart.
 */

const text = z.string().trim();
const requiredText = z.string().trim().min(1, 'This field is required.');
const e164 = z
  .string()
  .trim()
  .refine(isValidInternationalPhone, 'Enter a valid phone number in international format, e.g. +4930123456.')
  .transform((v) => toE164(v) ?? v);
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'Use YYYY-MM-DDTHH:mm:ss.');
const timeOfDay = z.string().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'Use H:mm.');

export const MoneySchema = z.object({ amount: z.number().int().min(0), currency: z.enum(CURRENCIES) }) satisfies z.ZodType<Money>;

export const OrderFileSchema = z.object({
  path: requiredText,
  name: requiredText,
  mimeType: z.enum(ORDER_FILE_MIME_TYPES),
}) satisfies z.ZodType<OrderFile>;

export const OrderLocationSchema = z
  .object({
    name: requiredText,
    addressLine1: requiredText,
    addressLine2: text.optional(),
    city: requiredText,
    postCode: requiredText,
    state: text.optional(),
    country: requiredText,
    timeZone: requiredText.refine(isValidTimeZone, 'Not an IANA time zone.'),
    geo: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
    remarks: text.optional(),
  })
  .meta({ id: 'OrderLocation' }) satisfies z.ZodType<OrderLocation>;

const TimeRangeSchema = z.object({ from: timeOfDay, to: timeOfDay });

export const ScheduledDaySchema = z
  .object({
    dateTimeFrom: localDateTime,
    dateTimeTo: localDateTime,
    isWorkDay: z.boolean(),
    isHoliday: z.boolean().default(false),
    isOverMidnight: z.boolean().default(false),
  })
  .meta({ id: 'ScheduledDay' }) satisfies z.ZodType<ScheduledDay>;

export const ServiceScheduleSchema = z.object({ serviceTypeId: requiredText, name: requiredText, dates: z.array(ScheduledDaySchema).max(400) }).meta({
  id: 'ServiceSchedule',
  description: 'The days of one ordered service within a time frame, local to the location (D216).',
}) satisfies z.ZodType<ServiceSchedule>;

export const TimeFrameSchema = z
  .object({
    date: z.object({ from: localDateTime, to: localDateTime }),
    timeFrameType: z.enum(TIME_FRAME_TYPES).default('FIXED'),
    workingTime: z
      .object({ firstDay: TimeRangeSchema, intermediate: TimeRangeSchema, lastDay: TimeRangeSchema })
      .default({ firstDay: DEFAULT_WORKING_HOURS, intermediate: DEFAULT_WORKING_HOURS, lastDay: DEFAULT_WORKING_HOURS }),
    firstDayNightShift: z.boolean().default(false),
    intermediateNightShift: z.boolean().default(false),
    lastDayNightShift: z.boolean().default(false),
    maxServiceDurationDays: z.number().int().min(1).optional(),
    servicesSchedule: z.array(ServiceScheduleSchema).max(50).optional(),
  })
  .meta({ id: 'TimeFrame' }) satisfies z.ZodType<TimeFrame>;

const OrderContactSchema = z.object({ name: requiredText, phone: e164.optional(), email: z.email().optional(), remarks: text.optional() });

export const BillingAddressSnapshotSchema = z
  .object({
    id: requiredText,
    firstName: requiredText,
    lastName: requiredText,
    email: z.email(),
    department: requiredText,
    addressLine1: requiredText,
    addressLine2: text.optional(),
    addressCity: requiredText,
    addressPostCode: requiredText,
    addressState: text.optional(),
    addressCountry: requiredText,
    accountingPhoneNumber: e164.optional(),
    taxNumber: requiredText,
    invoiceEmail: z.email().optional(),
  })
  .meta({ id: 'OrderBillingAddress' }) satisfies z.ZodType<BillingAddressSnapshot>;

export const OrderContentSchema = z
  .object({
    endCustomer: z.object({ name: requiredText, country: text.optional() }).optional(),
    location: OrderLocationSchema.optional(),
    timeframes: z.array(TimeFrameSchema).default([]),
    services: z
      .array(
        z.object({
          serviceId: requiredText,
          name: requiredText,
          names: z.partialRecord(z.enum(LANGUAGES), z.string()).optional(),
          price: MoneySchema,
          equipmentItems: z
            .array(
              z.object({
                manufacturer: text.optional(),
                machineModel: requiredText,
                machineVariant: text.optional(),
                quantity: z.number().int().min(1),
              }),
            )
            .default([]),
        }),
      )
      .default([]),
    equipments: z
      .array(
        z.object({
          producer: requiredText,
          machine: requiredText,
          machineType: text.optional(),
          comments: text.optional(),
          amount: z.number().int().min(1),
          machineNumbers: z.array(requiredText).default([]),
        }),
      )
      .default([]),
    additionalInformation: z
      .object({
        serviceTechnicians: z
          .object({ expectedNumberOfTechnicians: z.number().int().min(1), maxNumberOfTechnicians: z.number().int().min(1).optional() })
          .optional(),
        siteWalk: z.boolean().optional(),
        siteWalkDate: z.iso.date().optional(),
        selectedSegments: z.array(requiredText).optional(),
        selectedAllergies: z.array(requiredText).optional(),
        selectedCertificates: z.array(requiredText).optional(),
        selectedEnvironments: z.array(z.object({ key: requiredText, name: requiredText, value: text.optional() })).optional(),
        remarks: text.optional(),
        files: z.array(OrderFileSchema).optional(),
        toolsRequiredByCustomer: text.optional(),
        toolsRequiredByProvider: text.optional(),
      })
      .default({}),
    mobileSupport: z.boolean().optional(),
    couponCode: text.optional(),
    contacts: z
      .object({
        localCustomerContact: OrderContactSchema.optional(),
        onSiteContact: OrderContactSchema.optional(),
        additionalContacts: z.array(OrderContactSchema).default([]),
      })
      .default({ additionalContacts: [] }),
    contactCustomer: z.object({ type: z.enum(['email', 'phone']), value: requiredText }).optional(),
    billingAddress: BillingAddressSnapshotSchema.optional(),
  })
  .meta({ id: 'OrderContent' }) satisfies z.ZodType<OrderContent>;

const PurchaseOrderSchema = z.object({ number: text, document: OrderFileSchema.optional() }) satisfies z.ZodType<PurchaseOrder>;
const noData = () => z.object({});

// ---- command payloads

export const CreateOrderSchema = z
  .object({ creationType: z.enum(CREATION_TYPES), content: OrderContentSchema })
  .meta({ id: 'CreateOrder', description: 'A new draft (INCOMPLETE). EC drafts are always quote requests.' }) satisfies z.ZodType<CreateOrderData>;

export const ReorderOrderSchema = z
  .object({ sourceOrderId: requiredText })
  .meta({ id: 'ReorderOrder', description: "A new draft with the source order's content, not submitted." }) satisfies z.ZodType<ReorderOrderData>;

export const UpdateDraftSchema = z
  .object({ content: OrderContentSchema, creationType: z.enum(CREATION_TYPES).optional() })
  .meta({ id: 'UpdateDraft', description: 'Replaces the content of a draft, or of an order with a pending change.' }) satisfies z.ZodType<UpdateDraftData>;

export const SubmitOrderSchema = z
  .object({ disclaimerAccepted: z.boolean(), shortNoticeConfirmed: z.boolean().default(false) })
  .meta({ id: 'SubmitOrder', description: 'Submits a draft or a changed order: a quote request or a direct order.' }) satisfies z.ZodType<SubmitOrderData>;

export const RequestChangeSchema = noData().meta({ id: 'RequestChange', description: 'Puts the order back into the ordering flow.' });

export const CancelOrderSchema = z.object({ comment: text.optional() }).meta({ id: 'CancelOrder' }) satisfies z.ZodType<CancelOrderData>;

export const RejectOfferSchema = z
  .object({ offerId: requiredText.optional(), reasons: z.array(z.enum(REJECTION_REASONS)), comment: text.optional() })
  .meta({ id: 'RejectOffer', description: 'Declines the request, the open offer or the submitted order, with reasons.' }) satisfies z.ZodType<RejectOfferData>;

export const AcceptOfferSchema = z
  .object({ offerId: requiredText, po: PurchaseOrderSchema, billingAddress: BillingAddressSnapshotSchema, termsAccepted: z.boolean() })
  .meta({ id: 'AcceptOffer' }) satisfies z.ZodType<AcceptOfferData>;

export const CompleteOrderSchema = z
  .object({ content: OrderContentSchema, disclaimerAccepted: z.boolean(), shortNoticeConfirmed: z.boolean().default(false) })
  .meta({ id: 'CompleteOrder', description: 'Completes the information still missing after an OEM accepted an offer.' }) satisfies z.ZodType<CompleteOrderData>;

export const UpdatePurchaseOrderSchema = z.object({ po: PurchaseOrderSchema }).meta({ id: 'UpdatePurchaseOrder' }) satisfies z.ZodType<UpdatePurchaseOrderData>;

export const SaveFeedbackSchema = z
  .object({
    feedbacks: z.array(z.object({ type: z.enum(FEEDBACK_TYPES), rating: z.number().int().optional(), comment: text.optional() })),
  })
  .meta({ id: 'SaveFeedback' }) satisfies z.ZodType<SaveFeedbackData>;

export const UpdateLocalContactSchema = z
  .object({ localCustomerContact: OrderContactSchema })
  .meta({ id: 'UpdateLocalContact' }) satisfies z.ZodType<UpdateLocalContactData>;

export const AddCommentSchema = z
  .object({ externalComment: text.optional(), internalComment: text.optional() })
  .meta({ id: 'AddComment' }) satisfies z.ZodType<AddCommentData>;

export const RemoveFilesSchema = z.object({ paths: z.array(requiredText).min(1) }).meta({ id: 'RemoveFiles' }) satisfies z.ZodType<RemoveFilesData>;

export const CreateOrderInPreparationSchema = z.object({ companyId: requiredText, content: OrderContentSchema }).meta({
  id: 'CreateOrderInPreparation',
  description: 'Staff prepare a quote request for a customer company.',
}) satisfies z.ZodType<CreateOrderInPreparationData>;

export const UpdateOrderInPreparationSchema = z
  .object({ content: OrderContentSchema })
  .meta({ id: 'UpdateOrderInPreparation' }) satisfies z.ZodType<UpdateOrderInPreparationData>;

export const ConvertPreparedOrderSchema = noData().meta({ id: 'ConvertPreparedOrder', description: 'A prepared order becomes a quote request.' });

export const ConvertPreparedOrderToDraftSchema = noData().meta({
  id: 'ConvertPreparedOrderToDraft',
  description: 'A prepared order is handed to the customer as a draft.',
});

export const MakeOfferSchema = z
  .object({
    pdf: OrderFileSchema,
    attachments: z.array(OrderFileSchema).default([]),
    comment: text.optional(),
    externalComment: text.optional(),
    internalComment: text.optional(),
    expiresAt: z.iso.datetime(),
    price: MoneySchema.optional().describe('The offered total, net of tax, in minor units (cents, pence, paise) of its currency.'),
  })
  .meta({ id: 'MakeOffer', description: 'A new offer replaces the open one. expiresAt is a UTC instant in the future.' }) satisfies z.ZodType<MakeOfferData>;

export const RemoveOfferSchema = z.object({ offerId: requiredText, reason: text }).meta({ id: 'RemoveOffer' }) satisfies z.ZodType<RemoveOfferData>;

export const ExpireOfferSchema = z
  .object({ offerId: requiredText, expiresAt: z.iso.datetime().optional() })
  .meta({ id: 'ExpireOffer' }) satisfies z.ZodType<ExpireOfferData>;

export const RequestOfferExtensionSchema = z.object({ offerId: requiredText, comment: text.optional() }).meta({
  id: 'RequestOfferExtension',
  description: 'The customer asks for more time to decide on the open offer.',
}) satisfies z.ZodType<RequestOfferExtensionData>;

export const ExtendOfferSchema = z
  .object({ offerId: requiredText, expiresAt: z.iso.datetime({ offset: true }), comment: text.optional() })
  .meta({ id: 'ExtendOffer', description: "Staff move the open offer's expiry to a later instant." }) satisfies z.ZodType<ExtendOfferData>;

export const DeclineRequestSchema = z.object({ externalComment: text, internalComment: text }).meta({
  id: 'DeclineRequest',
  description: 'Both comments are required; the external one is shown to the customer.',
}) satisfies z.ZodType<DeclineRequestData>;

export const CloseOrderSchema = z.object({ comment: text.optional() }).meta({ id: 'CloseOrder' }) satisfies z.ZodType<CloseOrderData>;

export const ReopenOrderSchema = z.object({ comment: text.optional() }).meta({ id: 'ReopenOrder' }) satisfies z.ZodType<ReopenOrderData>;

export const DeleteOrderSchema = z
  .object({ reason: text, internalComment: text, forever: z.boolean().default(false) })
  .meta({ id: 'DeleteOrder', description: 'forever: removed from every list and history view.' }) satisfies z.ZodType<DeleteOrderData>;

export const PrepareJobSchema = z
  .object({
    notes: text.optional(),
    teamSize: z.number().int().min(1).max(50).optional().describe('How many technicians the job needs.'),
    window: z.object({ from: localDateTime, to: localDateTime }).optional().describe('When the job should run, local to the location; from before to.'),
  })
  .meta({
    id: 'PrepareJob',
    description: 'Staff hand the order to the job planners: the job specification goes to the planning tool.',
  }) satisfies z.ZodType<PrepareJobData>;

const jobRef = () => z.object({ jobId: requiredText });

export const RecordJobPlanningSchema = jobRef().meta({ id: 'RecordJobPlanning' }) satisfies z.ZodType<JobRef>;

export const RecordJobPlannedSchema = z
  .object({
    jobId: requiredText,
    team: z.array(z.object({ id: requiredText, name: requiredText })),
    schedule: z.object({ from: localDateTime, to: localDateTime }).optional(),
  })
  .meta({ id: 'RecordJobPlanned' }) satisfies z.ZodType<RecordJobPlannedData>;

export const RecordJobStartedSchema = jobRef().meta({ id: 'RecordJobStarted' }) satisfies z.ZodType<JobRef>;

export const RecordJobCompletedSchema = jobRef().meta({ id: 'RecordJobCompleted' }) satisfies z.ZodType<JobRef>;

export const RecordJobCancelledSchema = z
  .object({ jobId: requiredText, reason: text.optional() })
  .meta({ id: 'RecordJobCancelled' }) satisfies z.ZodType<RecordJobCancelledData>;

export const RecordJobClosedSchema = jobRef().meta({ id: 'RecordJobClosed' }) satisfies z.ZodType<JobRef>;

export const MarkOrderBilledSchema = z.object({ invoiceReference: text.optional() }).meta({ id: 'MarkOrderBilled' }) satisfies z.ZodType<MarkOrderBilledData>;

export const ChangeOwnerSchema = z.object({ ownerUserId: requiredText }).meta({ id: 'ChangeOwner' }) satisfies z.ZodType<ChangeOwnerData>;

export const UpdateFinancialInfoSchema = z
  .object({
    financialInfo: z.object({
      expectedRevenue: MoneySchema,
      probability: z.number().int().min(0).max(100),
      relevantForForecast: z.boolean(),
      estimatedReleaseDate: z.iso.date().optional(),
    }),
  })
  .meta({
    id: 'UpdateFinancialInfo',
    description: 'Staff only. Expected revenue in minor units; probability in percent.',
  }) satisfies z.ZodType<UpdateFinancialInfoData>;

export const AddSupervisorSchema = z.object({ userId: requiredText }).meta({ id: 'AddSupervisor' }) satisfies z.ZodType<SupervisorData>;

export const RemoveSupervisorSchema = z.object({ userId: requiredText }).meta({ id: 'RemoveSupervisor' }) satisfies z.ZodType<SupervisorData>;

type DataOf<C extends OrderCommandType> = Extract<OrderCommand, { readonly type: C }>['data'];

/** The payload schema of every order command, for generic validation in the api. */
export const ORDER_COMMAND_SCHEMAS: { readonly [C in OrderCommandType]: z.ZodType<DataOf<C>> } = {
  CreateOrder: CreateOrderSchema,
  ReorderOrder: ReorderOrderSchema,
  UpdateDraft: UpdateDraftSchema,
  SubmitOrder: SubmitOrderSchema,
  RequestChange: RequestChangeSchema,
  CancelOrder: CancelOrderSchema,
  RejectOffer: RejectOfferSchema,
  AcceptOffer: AcceptOfferSchema,
  CompleteOrder: CompleteOrderSchema,
  UpdatePurchaseOrder: UpdatePurchaseOrderSchema,
  SaveFeedback: SaveFeedbackSchema,
  UpdateLocalContact: UpdateLocalContactSchema,
  AddComment: AddCommentSchema,
  RemoveFiles: RemoveFilesSchema,
  CreateOrderInPreparation: CreateOrderInPreparationSchema,
  UpdateOrderInPreparation: UpdateOrderInPreparationSchema,
  ConvertPreparedOrder: ConvertPreparedOrderSchema,
  ConvertPreparedOrderToDraft: ConvertPreparedOrderToDraftSchema,
  MakeOffer: MakeOfferSchema,
  RemoveOffer: RemoveOfferSchema,
  ExpireOffer: ExpireOfferSchema,
  RequestOfferExtension: RequestOfferExtensionSchema,
  ExtendOffer: ExtendOfferSchema,
  DeclineRequest: DeclineRequestSchema,
  CloseOrder: CloseOrderSchema,
  ReopenOrder: ReopenOrderSchema,
  DeleteOrder: DeleteOrderSchema,
  PrepareJob: PrepareJobSchema,
  RecordJobPlanning: RecordJobPlanningSchema,
  RecordJobPlanned: RecordJobPlannedSchema,
  RecordJobStarted: RecordJobStartedSchema,
  RecordJobCompleted: RecordJobCompletedSchema,
  RecordJobCancelled: RecordJobCancelledSchema,
  RecordJobClosed: RecordJobClosedSchema,
  MarkOrderBilled: MarkOrderBilledSchema,
  ChangeOwner: ChangeOwnerSchema,
  UpdateFinancialInfo: UpdateFinancialInfoSchema,
  AddSupervisor: AddSupervisorSchema,
  RemoveSupervisor: RemoveSupervisorSchema,
};

/** A file named in a command: uploaded before (POST /api/file/upload) and named by its upload id. */
export const FileUploadSchema = z.object({ uploadId: z.string().trim().min(1, 'This field is required.').max(100) }).meta({
  id: 'FileUpload',
  description: "A file uploaded before with POST /api/file/upload (multipart), named by its upload id: the uploader's own, within an hour.",
});
export type FileUpload = z.infer<typeof FileUploadSchema>;
