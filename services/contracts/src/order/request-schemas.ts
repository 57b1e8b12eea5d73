import { z } from 'zod';
import {
  AcceptOfferSchema,
  AddCommentSchema,
  AddSupervisorSchema,
  CancelOrderSchema,
  ChangeOwnerSchema,
  CloseOrderSchema,
  CompleteOrderSchema,
  ConvertPreparedOrderSchema,
  ConvertPreparedOrderToDraftSchema,
  CreateOrderInPreparationSchema,
  DeclineRequestSchema,
  DeleteOrderSchema,
  ExtendOfferSchema,
  MakeOfferSchema,
  MarkOrderBilledSchema,
  OrderContentSchema,
  OrderFileSchema,
  PrepareJobSchema,
  RejectOfferSchema,
  RemoveFilesSchema,
  RemoveOfferSchema,
  RemoveSupervisorSchema,
  ReopenOrderSchema,
  RequestChangeSchema,
  RequestOfferExtensionSchema,
  SaveFeedbackSchema,
  SubmitOrderSchema,
  TimeFrameSchema,
  UpdateDraftSchema,
  UpdateFinancialInfoSchema,
  UpdateLocalContactSchema,
  UpdateOrderInPreparationSchema,
  FileUploadSchema,
} from '@onsite/domain';
import { JobProgressSchema } from '@onsite/domain';
import { OrderListFilterSchema, OrderListSortSchema } from './list-schemas.js';
import { CREATION_TYPES, ORDER_FILE_MIME_TYPES } from '@onsite/domain';
import { ORDER_STATUSES } from '@onsite/domain';

/*
 * The order endpoints' request bodies: the contract between the api (which validates with them and publishes them
 * in its OpenAPI document) and the console (which may build its requests with them). Each wraps the domain
 * command's data schema (schemas.ts) with how the request addresses the order. Free of server-only imports.
 * What to send is `z.input<typeof …Schema>`; what the api works with after defaults, `z.infer<typeof …Schema>`.
 */

const requiredText = z.string().trim().min(1, 'This field is required.');
const refId = z.string().trim().min(1, 'This field is required.').max(40);

/** The most files one request may attach to one list (offer attachments, additional information). */
export const MAX_ATTACHMENTS = 20;

/** What POST /api/file/upload answers: the id commands name the file by, its cleaned name, its type and size. */
export const UploadReceiptSchema = z
  .object({
    uploadId: z.string(),
    name: z.string(),
    mimeType: z.enum(ORDER_FILE_MIME_TYPES),
    size: z.number().int().nonnegative(),
    expiresAt: z.string(),
  })
  .meta({ id: 'UploadReceipt' });
export type UploadReceipt = z.infer<typeof UploadReceiptSchema>;

/** Every command on an existing order names it and the version the caller saw. */
export const ExistingOrderFields = {
  orderId: z.string().trim().min(1, 'This field is required.'),
  version: z.number({ error: 'The version you last saw is required.' }).int().min(1),
  onBehalfOfUserId: z.string().optional(),
};

/** A command on an existing order: the command's data, the order's id and the version the caller saw. */
function onOrder<Shape extends z.core.$ZodShape>(data: z.ZodObject<Shape>, id: string, description: string) {
  return data.extend(ExistingOrderFields).meta({ id, description });
}

/** The PO as the console sends it: the number ('-' when there is none) and at most one PO document as an upload. */
export const PurchaseOrderFields = {
  po: z.string().max(100),
  files: z.array(FileUploadSchema).max(1, 'One PO document at most.').optional(),
};

/** The client names catalogue services; their names and prices come from the catalogue, never from the request. */
const RequestedServiceSchema = z.object({
  serviceId: z.string().trim().min(1, 'This field is required.'),
  equipmentItems: z
    .array(
      z.object({
        manufacturer: z.string().optional(),
        machineModel: z.string().trim().min(1),
        machineVariant: z.string().optional(),
        quantity: z.number().int().min(1),
      }),
    )
    .default([]),
});

/** A file of the additional information: a new upload, or a file the order already holds (sent back as it was received). */
const ContentFileSchema = z.union([FileUploadSchema, OrderFileSchema]);
export type ContentFile = z.infer<typeof ContentFileSchema>;

/** Order content as the console sends it: services by catalogue id, additional-information files as uploads or kept references. */
export const OrderContentRequestSchema = OrderContentSchema.extend({
  services: z.array(RequestedServiceSchema).max(50).default([]),
  additionalInformation: OrderContentSchema.shape.additionalInformation
    .unwrap()
    .extend({ files: z.array(ContentFileSchema).max(MAX_ATTACHMENTS).optional() })
    .default({}),
}).meta({ id: 'OrderContentRequest' });
export type OrderContentRequest = z.infer<typeof OrderContentRequestSchema>;

const DeleteOrdersFilterSchema = z
  .object({
    status: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional(),
    search: z.string().trim().max(200).optional(),
    orderIds: z.array(z.string().trim().min(1)).max(1000).optional(),
  })
  .refine((filter) => Boolean(filter.status?.length || filter.search || filter.orderIds?.length), {
    message: 'Narrow the selection: give statuses, a search or order ids.',
  });

export const ActionRequiredRequestSchema = z.object({ onBehalfOfUserId: z.string().optional() }).meta({ id: 'ActionRequiredRequest' });

/** The accept call: `offerID`, the PO number as `po` with its document in `files`, the terms as `tc`. */
export const AcceptOfferRequestSchema = z
  .object({
    ...ExistingOrderFields,
    offerID: AcceptOfferSchema.shape.offerId,
    billingAddress: AcceptOfferSchema.shape.billingAddress,
    ...PurchaseOrderFields,
    tc: z.boolean(),
  })
  .meta({
    id: 'AcceptOfferRequest',
    description:
      "The customer (ADMIN or PLANNER, company profile completed) accepts the open offer: terms ticked, a PO number ('-' when there is none), a billing address with an id. The order becomes ORDER_SUBMITTED.",
  });

export const CancelOrderRequestSchema = onOrder(
  CancelOrderSchema,
  'CancelOrderRequest',
  'The customer cancels a quote request or a submitted order (CANCELED); ORDER_SUBMITTED: ADMIN and PLANNER only.',
);

export const ChangeOwnerRequestSchema = onOrder(
  ChangeOwnerSchema,
  'ChangeOwnerRequest',
  'Staff hand the order to another member of staff (the provider-side owner). Never shown to customers.',
);

export const CloseOrderRequestSchema = onOrder(
  CloseOrderSchema,
  'CloseOrderRequest',
  'Staff close an order that has left the draft stage (CLOSED); reopening restores its status.',
);

export const ReopenOrderRequestSchema = onOrder(
  ReopenOrderSchema,
  'ReopenOrderRequest',
  'Staff reopen a closed order: it returns to the status it had before closing.',
);

export const AddCommentRequestSchema = onOrder(
  AddCommentSchema,
  'AddCommentRequest',
  'A comment in the events table; the internal comment is staff only and never shown to customers.',
);

export const CompleteOrderRequestSchema = CompleteOrderSchema.extend({ ...ExistingOrderFields, content: OrderContentRequestSchema }).meta({
  id: 'CompleteOrderRequest',
  description:
    'After an OEM customer accepted an offer: the completed content, with the disclaimer (and the short-notice confirmation when the job starts within 72 hours).',
});

export const CreateOrderRequestSchema = z
  .object({
    creationType: z.enum(CREATION_TYPES),
    content: OrderContentRequestSchema,
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'CreateOrderRequest', description: 'A new draft order (status INCOMPLETE). End customers can only create quote requests.' });

/** The decline payload names the order `_id`; `orderId` as everywhere else is accepted too. */
export const DeclineQuoteRequestSchema = DeclineRequestSchema.extend({
  ...ExistingOrderFields,
  orderId: ExistingOrderFields.orderId.optional(),
  _id: ExistingOrderFields.orderId.optional(),
})
  .transform(({ _id, orderId, ...request }, ctx) => {
    const id = orderId ?? _id;
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'This field is required.' });
      return z.NEVER;
    }
    return { ...request, orderId: id };
  })
  .meta({
    id: 'DeclineQuoteRequest',
    description: 'Staff decline a request for quote (DECLINED). Both comments are required; only the external one is shown to the customer.',
  });

export const DeleteOrderRequestSchema = onOrder(
  DeleteOrderSchema,
  'DeleteOrderRequest',
  'Staff delete an order with a reason and an internal comment; forever removes it from every list and history view.',
);

export const DeleteOrdersRequestSchema = DeleteOrderSchema.extend({ filter: DeleteOrdersFilterSchema, onBehalfOfUserId: z.string().optional() }).meta({
  id: 'DeleteOrdersRequest',
  description:
    'Staff delete every order they can see that matches the filter, each at its current version, with one reason and internal comment. Orders that cannot be deleted (e.g. already deleted, without forever) are skipped. result: how many were deleted.',
});
export type DeleteOrdersRequest = z.infer<typeof DeleteOrdersRequestSchema>;

export const ListFeedbackRequestSchema = z.object({ refId, onBehalfOfUserId: z.string().optional() }).meta({ id: 'ListFeedback' });
export type ListFeedbackRequest = z.infer<typeof ListFeedbackRequestSchema>;

export const SaveFeedbackRequestSchema = SaveFeedbackSchema.extend({
  refId,
  version: ExistingOrderFields.version,
  onBehalfOfUserId: z.string().optional(),
}).meta({
  id: 'SaveFeedbackRequest',
  description: 'The customer rates the job while it is planned or completed: each type once; rated types 1 to 5 stars, with a comment for 1 or 2.',
});

export const UpdateFinancialInfoRequestSchema = onOrder(
  UpdateFinancialInfoSchema,
  'UpdateFinancialInfoRequest',
  'Staff only: the forecast of an order. Never shown to customers.',
);

export const GetOrderRequestSchema = z
  .object({
    refId: z.string().trim().min(1, 'This field is required.').max(40),
    onBehalfOfUserId: z.string().optional(),
    /** Time travel (D16): the order as of this instant, folded from its events; or as of this event number. */
    asOf: z.iso.datetime({ offset: true }).optional(),
    asOfVersion: z.number().int().min(1).optional(),
    /** …or as of this event of its events table (its `_id`). */
    asOfEventId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((body) => [body.asOf, body.asOfVersion, body.asOfEventId].filter((v) => v !== undefined).length <= 1, {
    message: 'Send at most one of asOf, asOfVersion and asOfEventId.',
    path: ['asOfVersion'],
  })
  .meta({ id: 'GetOrder' });
export type GetOrderRequest = z.infer<typeof GetOrderRequestSchema>;

export const ConvertPreparedOrderRequestSchema = onOrder(
  ConvertPreparedOrderSchema,
  'ConvertPreparedOrderRequest',
  'A prepared order that passes the submission rules becomes a quote request (REQUESTED_QUOTE), as if the customer had submitted it.',
);

export const ConvertPreparedOrderToDraftRequestSchema = onOrder(
  ConvertPreparedOrderToDraftSchema,
  'ConvertPreparedOrderToDraftRequest',
  'A prepared order is handed to the customer as a draft (INCOMPLETE) to complete and submit.',
);

export const CreateOrderInPreparationRequestSchema = CreateOrderInPreparationSchema.extend({
  content: OrderContentRequestSchema,
  onBehalfOfUserId: z.string().optional(),
}).meta({
  id: 'CreateOrderInPreparationRequest',
  description: 'Staff prepare a quote request for a customer company (IN_PREPARATION, not visible to the customer until converted).',
});

export const UpdateOrderInPreparationRequestSchema = UpdateOrderInPreparationSchema.extend({ ...ExistingOrderFields, content: OrderContentRequestSchema }).meta(
  {
    id: 'UpdateOrderInPreparationRequest',
    description: 'Staff replace the whole content of an order they are preparing.',
  },
);

export const RecordJobProgressRequestSchema = onOrder(
  JobProgressSchema,
  'RecordJobProgressRequest',
  "Staff record a job's progress by hand (the planning tool is down or reported by phone): the same steps and rules as the tool's signed reports.",
);

export const MarkBilledRequestSchema = onOrder(
  MarkOrderBilledSchema,
  'MarkBilledRequest',
  'Staff mark a completed or closed job as billed (BILLED), with the invoice reference.',
);

export const ListOrdersRequestSchema = z
  .object({
    page: z.number().int().min(1).default(1),
    pageSize: z.union([z.literal(10), z.literal(25), z.literal(100)]).default(10),
    filter: OrderListFilterSchema.default({}),
    search: z.string().trim().max(200).optional(),
    sort: OrderListSortSchema.default({ field: 'updatedAt', direction: 'desc' }),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'ListOrders', description: 'A page of the orders the caller may see. pageSize is 10, 25 or 100.' });
export type ListOrdersRequest = z.infer<typeof ListOrdersRequestSchema>;

export const UpdateLocalContactRequestSchema = onOrder(
  UpdateLocalContactSchema,
  'UpdateLocalContactRequest',
  'The local customer contact of a submitted order or its job; customers and staff.',
);

export const MakeOfferRequestSchema = MakeOfferSchema.extend({
  ...ExistingOrderFields,
  pdf: FileUploadSchema,
  attachments: z.array(FileUploadSchema).max(MAX_ATTACHMENTS).default([]),
}).meta({
  id: 'MakeOfferRequest',
  description:
    'Staff offer a quote: the offer PDF and further attachments as uploads, and its expiry, a UTC instant in the future. A new offer replaces the open one.',
});

export const RequestOfferExtensionRequestSchema = onOrder(
  RequestOfferExtensionSchema,
  'RequestOfferExtensionRequest',
  'The customer asks for more time to decide on the open offer (OFFER_EXTENSION_REQUESTED; the status stays OFFERED).',
);

export const ExtendOfferRequestSchema = onOrder(
  ExtendOfferSchema,
  'ExtendOfferRequest',
  "Staff move the open offer's expiry to a later instant (OFFER_EXTENDED); the expiry job and the reminder follow.",
);

export const RemoveOfferRequestSchema = onOrder(
  RemoveOfferSchema,
  'RemoveOfferRequest',
  'Staff withdraw the open offer with a reason; the order returns to REQUESTED_QUOTE.',
);

export const PrepareJobRequestSchema = onOrder(
  PrepareJobSchema,
  'PrepareJobRequest',
  'Staff send the job specification of a submitted, completed order to job planning (JOB_IN_PLANNING).',
);

export const UpdatePurchaseOrderRequestSchema = z.object({ ...ExistingOrderFields, ...PurchaseOrderFields }).meta({
  id: 'UpdatePurchaseOrderRequest',
  description: 'Edits the PO of a submitted order. Without files the current PO document is kept; files: [] removes it.',
});

/** The reject call names the offer `offerID`. */
export const RejectOfferRequestSchema = RejectOfferSchema.omit({ offerId: true })
  .extend({ ...ExistingOrderFields, offerID: RejectOfferSchema.shape.offerId })
  .meta({
    id: 'RejectOfferRequest',
    description:
      'The customer turns down a quote request, the open offer (offerID required) or a submitted order: at least one reason, OTHER with a comment, SOMEONE_ELSE not for a quote request. The order becomes DECLINED.',
  });

/** The call sends the storage paths as `files`. */
export const RemoveFilesRequestSchema = z.object({ ...ExistingOrderFields, files: RemoveFilesSchema.shape.paths }).meta({
  id: 'RemoveFilesRequest',
  description:
    'Removes files (storage paths) from the additional information of an order whose content is editable. Paths the order does not hold are ignored.',
});

export const ReorderRequestSchema = z.object({ orderId: z.string().trim().min(1, 'This field is required.'), onBehalfOfUserId: z.string().optional() }).meta({
  id: 'ReorderRequest',
  description: 'A new draft (INCOMPLETE) with the content of an order the caller may see, without its dates and coupon; not submitted.',
});

export const RequestChangeRequestSchema = onOrder(
  RequestChangeSchema,
  'RequestChangeRequest',
  'Puts a quote request, an offered or a submitted order back into the ordering flow: it keeps its status, is flagged hasChanges and orderNotCompleted, and must be resubmitted.',
);

export const RetryExportRequestSchema = z
  .object({ orderId: z.string().trim().min(1).max(100) })
  .strict()
  .meta({ id: 'RetryExportRequest' });
export type RetryExportRequest = z.infer<typeof RetryExportRequestSchema>;

export const GenerateServiceSchedulesRequestSchema = z
  .object({
    timeframes: z.array(TimeFrameSchema).min(1, 'At least one time frame is required.').max(10),
    services: z.array(z.object({ serviceTypeId: requiredText, name: requiredText })).max(50),
    timeZone: requiredText,
    country: z.string().trim().max(10).optional().describe("The location's country: its nationwide public holidays are marked and proposed as days off."),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({
    id: 'GenerateServiceSchedules',
    description:
      "Per service, the days of the preferred (first) time frame with their working times, local to timeZone. Weekends and the country's public holidays are proposed as days off.",
  });
export type GenerateServiceSchedulesRequest = z.infer<typeof GenerateServiceSchedulesRequestSchema>;

export const SubmitOrderRequestSchema = onOrder(
  SubmitOrderSchema,
  'SubmitOrderRequest',
  'Submits a draft: a quote request becomes REQUESTED_QUOTE (GET_QUOTE), a direct order ORDER_SUBMITTED.',
);

export const AddSupervisorRequestSchema = onOrder(
  AddSupervisorSchema,
  'AddSupervisorRequest',
  "Staff name a supervisor for the job: a user with the SUPERVISOR role of the order's company.",
);

export const RemoveSupervisorRequestSchema = onOrder(
  RemoveSupervisorSchema,
  'RemoveSupervisorRequest',
  "Staff take a supervisor (a user of the order's company) off the job.",
);

export const UpdateDraftRequestSchema = UpdateDraftSchema.extend({ ...ExistingOrderFields, content: OrderContentRequestSchema }).meta({
  id: 'UpdateDraftRequest',
  description: 'Replaces the whole content of a draft, or of an order with a pending change (or still to be completed after accepting).',
});
