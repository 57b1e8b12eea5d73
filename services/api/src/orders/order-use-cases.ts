import { randomUUID } from 'node:crypto';
import {
  effectiveCompanyId,
  foldStream,
  orderDecider,
  jobProgressCommand,
  notFound,
  orderStreamId,
  refused,
  reorderSourceOf,
  validationError,
  type Actor,
  type ExistingOrderState,
  type FileUpload,
  type ApiTokenScope,
  type OrderCommand,
  type OrderState,
} from '@onsite/domain';
import {
  AcceptOfferRequestSchema,
  AddCommentRequestSchema,
  AddSupervisorRequestSchema,
  CancelOrderRequestSchema,
  ChangeOwnerRequestSchema,
  CloseOrderRequestSchema,
  CompleteOrderRequestSchema,
  ConvertPreparedOrderRequestSchema,
  ConvertPreparedOrderToDraftRequestSchema,
  CreateOrderInPreparationRequestSchema,
  CreateOrderRequestSchema,
  DeclineQuoteRequestSchema,
  DeleteOrderRequestSchema,
  ExtendOfferRequestSchema,
  MakeOfferRequestSchema,
  MarkBilledRequestSchema,
  PrepareJobRequestSchema,
  RecordJobProgressRequestSchema,
  RejectOfferRequestSchema,
  RemoveFilesRequestSchema,
  RemoveOfferRequestSchema,
  RemoveSupervisorRequestSchema,
  ReopenOrderRequestSchema,
  ReorderRequestSchema,
  RequestChangeRequestSchema,
  RequestOfferExtensionRequestSchema,
  SaveFeedbackRequestSchema,
  SubmitOrderRequestSchema,
  UpdateDraftRequestSchema,
  UpdateFinancialInfoRequestSchema,
  UpdateLocalContactRequestSchema,
  UpdateOrderInPreparationRequestSchema,
  UpdatePurchaseOrderRequestSchema,
} from '@onsite/contracts';
import { currentLegalVersion, getCompany, type CompanyView } from '@onsite/projections';
import type { z } from 'zod';
import { stableUuid } from '../common/stable-id.js';
import type { StoreUploads } from '../files/uploads.js';
import type { Runtime } from '../runtime.js';
import { customerRefOf, requireCompanyUser, requireStaffUser, requireSupervisorCandidate, uniqueRefId } from './order-facts.js';
import type { ContentOwner, OrderContentResolver } from './order-content.js';
import { visibleOrder } from './order-detail.js';

/** What a use case may draw on besides the request: who asks, the stores, and (for the command) the order as the decider sees it. */
export interface OrderFacts {
  readonly actor: Actor;
  readonly runtime: Runtime;
  readonly contents: OrderContentResolver;
  /** The Idempotency-Key of a create, when the caller sent one. */
  readonly idempotencyKey?: string;
  /** The companies the auth guard read in this request, by id (D86). */
  readonly companies?: ReadonlyMap<string, CompanyView>;
}

/** What the command is made with: the order as the decider sees it (before the command), and a store for uploads. */
interface CommandFacts extends OrderFacts {
  readonly orderId: string;
  readonly state: OrderState;
  /** Checks and stores uploads; they are removed again when the command is refused. */
  readonly store: StoreUploads;
}

/** The order a command is for, and the version the caller last saw (absent: the current one, e.g. in bulk actions). */
export interface OrderTarget {
  readonly orderId: string;
  readonly version?: number;
  /** The id was just made at random: the order's stream cannot exist, so it is not read (handleCommand's newStream). */
  readonly fresh?: boolean;
}

/** How a request becomes a command on one order: what `RunOrderCommandHandler` runs. */
export interface OrderCommandSpec<R = unknown> {
  /** The route, where the command has one: the metrics count a command refused before it is made under it. */
  readonly route?: string;
  /** The command's response: its new version and status (default), the updated order detail, or that plus the events table. */
  readonly answer?: 'summary' | 'detail' | 'events';
  /** Default: the request's `orderId` at its `version`. */
  target?(request: NoInfer<R>, facts: OrderFacts): OrderTarget | Promise<OrderTarget>;
  /** The domain command, with the facts it needs. */
  command(request: NoInfer<R>, facts: CommandFacts): OrderCommand | Promise<OrderCommand>;
}

/**
 * One command on an order, declared once: its route and OpenAPI text, its request schema (the shared contract in
 * @onsite/domain), which order it targets, how the request becomes the domain command with the facts it needs,
 * and what the caller gets back.
 */
export interface OrderUseCase<R = unknown> extends OrderCommandSpec<R> {
  readonly route: string;
  readonly summary: string;
  readonly tag?: string;
  readonly schema: z.ZodType<R>;
  /** A retried create with the same Idempotency-Key header answers the first result. */
  readonly idempotent?: boolean;
  /** API tokens with this scope may call it (D211); without, no token may. */
  readonly tokenScope?: ApiTokenScope;
}

const useCase = <R>(declaration: OrderUseCase<R>): OrderUseCase<R> => declaration;

/** The order a command needs facts of; 404 when there is none. */
function existing(state: OrderState): ExistingOrderState {
  if (state.status === 'none') throw notFound('Order not found.');
  return state;
}

const contentOwnerOf = ({ order }: ExistingOrderState): ContentOwner => ({
  country: order.customer.country,
  files: order.content.additionalInformation.files ?? [],
  services: order.content.services,
  segments: order.content.additionalInformation.selectedSegments ?? [],
});

/** What remains of a request once the fields addressing the order are taken off: the command's data. */
function dataOf<R extends { orderId: string; version: number; onBehalfOfUserId?: string }>(request: R): Omit<R, 'orderId' | 'version' | 'onBehalfOfUserId'> {
  const { orderId: _order, version: _version, onBehalfOfUserId: _actingFor, ...data } = request;
  return data;
}

/** A new order stream; with an Idempotency-Key its id derives from the caller and the key, so a retry cannot create a second order. */
const newOrder = (_request: unknown, { idempotencyKey, actor }: OrderFacts): OrderTarget => ({
  orderId: idempotencyKey ? stableUuid('onsite-idempotency', `${actor.userId}:${idempotencyKey}`) : randomUUID(),
  version: 0,
  // A retried create (same idempotency key) targets the order the first attempt made: that stream is read.
  fresh: !idempotencyKey,
});

/** The PO document (at most one) of an accept or PO edit, placed for error details. */
const poUploads = (files: readonly FileUpload[] | undefined) => (files ?? []).map((upload, i) => ({ upload, path: `files.${i}` }));

/**
 * Two independent reads at once (on PostgreSQL, two round trips in parallel instead of one after the other, D86);
 * both are settled before either's error is thrown, so no upload is still being stored when a refused command's
 * uploads are removed.
 */
async function bothSettled<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

const maxJobWindowDaysOf = ({ runtime }: OrderFacts) => ({ maxJobWindowDays: runtime.config.maxJobWindowDays });

export const ORDER_USE_CASES = {
  // the customer's ordering flow
  createOrder: useCase({
    route: 'order/create',
    tokenScope: 'orders:write',
    summary: 'Create a draft order or quote request (status INCOMPLETE; submit it with /order/submit).',
    schema: CreateOrderRequestSchema,
    idempotent: true,
    target: newOrder,
    async command(request, facts) {
      const customer = await customerRefOf(facts, effectiveCompanyId(facts.actor));
      if (!customer) throw refused('act_on_behalf', 'Orders are placed for a customer company: act on behalf of a customer.');
      const [refId, content] = await bothSettled(
        uniqueRefId(facts.runtime),
        facts.contents.resolve(request.content, { country: customer.country, files: [] }, facts.store),
      );
      return { type: 'CreateOrder', data: { creationType: request.creationType, content }, facts: { orderId: facts.orderId, refId, customer } };
    },
  }),
  updateDraft: useCase({
    route: 'order/update',
    tokenScope: 'orders:write',
    summary: 'Save the content of a draft or of an order being changed.',
    schema: UpdateDraftRequestSchema,
    async command(request, facts) {
      const content = await facts.contents.resolve(request.content, contentOwnerOf(existing(facts.state)), facts.store);
      return { type: 'UpdateDraft', data: { ...dataOf(request), content } };
    },
  }),
  submitOrder: useCase({
    route: 'order/submit',
    tokenScope: 'orders:write',
    summary: 'Submit a draft order or quote request.',
    schema: SubmitOrderRequestSchema,
    command: (request, facts) => ({ type: 'SubmitOrder', data: dataOf(request), facts: maxJobWindowDaysOf(facts) }),
  }),
  requestChange: useCase({
    route: 'order/change',
    summary: 'Change a submitted order or quote request; the response is the order detail to resume editing.',
    schema: RequestChangeRequestSchema,
    answer: 'detail',
    command: () => ({ type: 'RequestChange', data: {} }),
  }),
  completeOrder: useCase({
    route: 'order/complete',
    summary: 'Complete the information still missing after accepting an offer (OEM).',
    schema: CompleteOrderRequestSchema,
    async command(request, facts) {
      const content = await facts.contents.resolve(request.content, contentOwnerOf(existing(facts.state)), facts.store);
      return { type: 'CompleteOrder', data: { ...dataOf(request), content }, facts: maxJobWindowDaysOf(facts) };
    },
  }),
  cancelOrder: useCase({
    route: 'order/cancel',
    summary: 'Cancel a quote request or a submitted order.',
    schema: CancelOrderRequestSchema,
    command: (request) => ({ type: 'CancelOrder', data: dataOf(request) }),
  }),
  rejectOffer: useCase({
    route: 'order/reject',
    tokenScope: 'orders:write',
    summary: 'Reject a quote request, an offer or a submitted order, with reasons.',
    schema: RejectOfferRequestSchema,
    command: ({ offerID, reasons, comment }) => ({ type: 'RejectOffer', data: { offerId: offerID, reasons, comment } }),
  }),
  acceptOffer: useCase({
    route: 'order/accept',
    tokenScope: 'orders:write',
    summary: 'Accept the open offer; the response is the updated order detail.',
    schema: AcceptOfferRequestSchema,
    answer: 'detail',
    async command({ offerID, billingAddress, po, files, tc }, facts) {
      const company = await getCompany(facts.runtime.documentStore, existing(facts.state).order.customer.companyId);
      const [document] = await facts.store(poUploads(files));
      // The terms in force: the current version of the terms of use (D206), none before its first publication.
      const terms = await currentLegalVersion(facts.runtime.documentStore, 'TERMS_OF_USE');
      return {
        type: 'AcceptOffer',
        data: { offerId: offerID, billingAddress, po: document ? { number: po, document } : { number: po }, termsAccepted: tc },
        facts: { companyProfileCompleted: company?.completed ?? false, ...(terms ? { termsVersion: String(terms.version) } : {}) },
      };
    },
  }),
  updatePurchaseOrder: useCase({
    route: 'order/updatePurchaseOrderNumber',
    summary: 'Edit the PO number (and document) of a submitted order.',
    schema: UpdatePurchaseOrderRequestSchema,
    async command({ po, files }, facts) {
      // Without files the current PO document is kept.
      const [document] = files ? await facts.store(poUploads(files)) : [existing(facts.state).order.po?.document];
      return { type: 'UpdatePurchaseOrder', data: { po: document ? { number: po, document } : { number: po } } };
    },
  }),
  removeFiles: useCase({
    route: 'order/fileRemove',
    summary: 'Remove files from the additional information of an order.',
    schema: RemoveFilesRequestSchema,
    command: (request) => ({ type: 'RemoveFiles', data: { paths: request.files } }),
  }),
  reorder: useCase({
    route: 're-order',
    summary: 'Order again: a new draft copied from an earlier order.',
    schema: ReorderRequestSchema,
    target: newOrder,
    async command({ orderId: sourceOrderId }, facts) {
      await visibleOrder(facts.runtime.documentStore, facts.actor, { orderId: sourceOrderId });
      const source = foldStream(orderDecider, await facts.runtime.eventStore.readStream(orderStreamId(sourceOrderId)));
      if (source.status === 'none') throw notFound('Order not found.');
      const customer = await customerRefOf(facts, effectiveCompanyId(facts.actor));
      if (!customer) throw refused('act_on_behalf', 'Orders are placed for a customer company: act on behalf of a customer.');
      const refId = await uniqueRefId(facts.runtime);
      return { type: 'ReorderOrder', data: { sourceOrderId }, facts: { orderId: facts.orderId, refId, customer, source: reorderSourceOf(source) } };
    },
  }),
  saveFeedback: useCase({
    route: 'feedback/save',
    tag: 'feedback',
    summary: 'Save the feedback on a planned or completed job.',
    schema: SaveFeedbackRequestSchema,
    // The feedback call names the order by its reference.
    target: async ({ refId, version }, { runtime, actor }) => ({ orderId: (await visibleOrder(runtime.documentStore, actor, { refId }))._id, version }),
    command: ({ feedbacks }) => ({ type: 'SaveFeedback', data: { feedbacks } }),
  }),
  // customers and staff
  updateLocalContact: useCase({
    route: 'order/local-contact',
    summary: 'Change the local customer contact of an order.',
    schema: UpdateLocalContactRequestSchema,
    command: (request) => ({ type: 'UpdateLocalContact', data: dataOf(request) }),
  }),
  addComment: useCase({
    route: 'order/comment',
    summary: 'Add a comment to an order (internal comments: staff only).',
    schema: AddCommentRequestSchema,
    command: (request) => ({ type: 'AddComment', data: dataOf(request) }),
  }),
  // staff
  createOrderInPreparation: useCase({
    route: 'order/create-in-preparation',
    summary: 'Prepare a quote request for a customer company (staff).',
    schema: CreateOrderInPreparationRequestSchema,
    target: newOrder,
    async command({ companyId, content: requested }, facts) {
      const customer = await customerRefOf(facts, companyId);
      if (!customer)
        throw validationError('One or more fields contain errors.', [
          { path: 'companyId', code: 'unknown_company', message: 'No customer company has this id.' },
        ]);
      const [refId, content] = await bothSettled(
        uniqueRefId(facts.runtime),
        facts.contents.resolve(requested, { country: customer.country, files: [] }, facts.store),
      );
      return { type: 'CreateOrderInPreparation', data: { companyId, content }, facts: { orderId: facts.orderId, refId, customer } };
    },
  }),
  updateOrderInPreparation: useCase({
    route: 'update-in-preparation',
    summary: 'Save the content of an order in preparation (staff).',
    schema: UpdateOrderInPreparationRequestSchema,
    async command(request, facts) {
      return {
        type: 'UpdateOrderInPreparation',
        data: { content: await facts.contents.resolve(request.content, contentOwnerOf(existing(facts.state)), facts.store) },
      };
    },
  }),
  convertPreparedOrder: useCase({
    route: 'convert',
    summary: 'Turn an order in preparation into a quote request (staff).',
    schema: ConvertPreparedOrderRequestSchema,
    command: (_request, facts) => ({ type: 'ConvertPreparedOrder', data: {}, facts: maxJobWindowDaysOf(facts) }),
  }),
  convertPreparedOrderToDraft: useCase({
    route: 'convert-incomplete',
    summary: 'Hand an order in preparation to the customer as a draft (staff).',
    schema: ConvertPreparedOrderToDraftRequestSchema,
    command: () => ({ type: 'ConvertPreparedOrderToDraft', data: {} }),
  }),
  makeOffer: useCase({
    route: 'order/offer',
    summary: 'Make an offer for a quote request (staff); the order becomes OFFERED.',
    schema: MakeOfferRequestSchema,
    async command(request, { store }) {
      const [pdf, ...attachments] = await store([
        { upload: request.pdf, path: 'pdf' },
        ...request.attachments.map((upload, i) => ({ upload, path: `attachments.${i}` })),
      ]);
      return { type: 'MakeOffer', data: { ...dataOf(request), pdf: pdf!, attachments } };
    },
  }),
  removeOffer: useCase({
    route: 'order/remove-offer',
    summary: 'Remove the open offer (staff).',
    schema: RemoveOfferRequestSchema,
    command: (request) => ({ type: 'RemoveOffer', data: dataOf(request) }),
  }),
  declineRequest: useCase({
    route: 'order/decline',
    summary: "Decline a request for quote (staff); the response carries the order's events table.",
    schema: DeclineQuoteRequestSchema,
    answer: 'events',
    command: ({ externalComment, internalComment }) => ({ type: 'DeclineRequest', data: { externalComment, internalComment } }),
  }),
  closeOrder: useCase({
    route: 'order/close',
    summary: 'Close an order (staff).',
    schema: CloseOrderRequestSchema,
    command: (request) => ({ type: 'CloseOrder', data: dataOf(request) }),
  }),
  reopenOrder: useCase({
    route: 'order/reopen',
    summary: 'Reopen a closed order (staff).',
    schema: ReopenOrderRequestSchema,
    command: (request) => ({ type: 'ReopenOrder', data: dataOf(request) }),
  }),
  deleteOrder: useCase({
    route: 'order/remove',
    summary: 'Delete an order (staff).',
    schema: DeleteOrderRequestSchema,
    command: (request) => ({ type: 'DeleteOrder', data: dataOf(request) }),
  }),
  prepareJob: useCase({
    route: 'order/prepare-job',
    summary: 'Prepare the job of a submitted order (staff).',
    schema: PrepareJobRequestSchema,
    command: (request) => ({ type: 'PrepareJob', data: dataOf(request) }),
  }),
  recordJobProgress: useCase({
    route: 'order/job-progress',
    summary: "Record a job's progress by hand (staff).",
    schema: RecordJobProgressRequestSchema,
    command: (request) => jobProgressCommand(dataOf(request)),
  }),
  markBilled: useCase({
    route: 'order/bill',
    summary: 'Mark an order billed (staff).',
    schema: MarkBilledRequestSchema,
    command: (request) => ({ type: 'MarkOrderBilled', data: dataOf(request) }),
  }),
  requestOfferExtension: useCase({
    route: 'order/request-more-time',
    summary: 'Ask for more time to decide on the open offer (customer).',
    schema: RequestOfferExtensionRequestSchema,
    command: (request) => ({ type: 'RequestOfferExtension', data: dataOf(request) }),
  }),
  extendOffer: useCase({
    route: 'order/extend-offer',
    summary: "Extend the open offer's validity (staff).",
    schema: ExtendOfferRequestSchema,
    command: (request) => ({ type: 'ExtendOffer', data: dataOf(request) }),
  }),
  updateFinancialInfo: useCase({
    route: 'order/financial-info',
    summary: "Set an order's financial information (staff).",
    schema: UpdateFinancialInfoRequestSchema,
    command: (request) => ({ type: 'UpdateFinancialInfo', data: dataOf(request) }),
  }),
  changeOwner: useCase({
    route: 'order/change-owner',
    summary: "Change an order's owner on the provider side (staff).",
    schema: ChangeOwnerRequestSchema,
    async command(request, { runtime }) {
      await requireStaffUser(runtime, request.ownerUserId, 'ownerUserId');
      return { type: 'ChangeOwner', data: dataOf(request) };
    },
  }),
  addSupervisor: useCase({
    route: 'order/addSupervisor',
    summary: 'Add a supervisor to an order (staff).',
    schema: AddSupervisorRequestSchema,
    async command(request, { runtime, state }) {
      await requireSupervisorCandidate(runtime, existing(state).order.customer.companyId, request.userId);
      return { type: 'AddSupervisor', data: dataOf(request) };
    },
  }),
  removeSupervisor: useCase({
    route: 'order/removeSupervisor',
    summary: 'Remove a supervisor from an order (staff).',
    schema: RemoveSupervisorRequestSchema,
    async command(request, { runtime, state }) {
      await requireCompanyUser(runtime, existing(state).order.customer.companyId, request.userId);
      return { type: 'RemoveSupervisor', data: dataOf(request) };
    },
  }),
};
