import { isReadOnlyActor } from '../identity/policy.js';
import { effectiveCompanyId, effectivePrincipal, isStaff, type Actor } from '../identity/actor.js';
import type { CommandContext } from '../shared/command.js';
import { conflict, forbidden, notFound, refused, validationError, type ErrorDetail } from '../shared/errors.js';
import { assertNever } from '../shared/metadata.js';
import type {
  AcceptOffer,
  AddComment,
  CompleteOrder,
  CreateOrder,
  CreateOrderInPreparation,
  DeleteOrder,
  ExpireOffer,
  ExtendOffer,
  MakeOffer,
  PrepareJobData,
  OrderCommand,
  OrderCommandType,
  RejectOffer,
  RemoveFiles,
  RemoveOffer,
  RequestOfferExtension,
  ReorderOrder,
  SubmissionSettings,
  SubmitOrder,
  UpdateDraft,
  UpdateFinancialInfo,
} from './commands.js';
import { changeNotRequested, changePending, companyProfileIncomplete, offerNotOpen, orderStatusError } from './errors.js';
import type { OrderEvent } from './events.js';
import {
  canAcceptOffer,
  canSeeOrder,
  orderCountryOf,
  canActAsProvider,
  canCreateDirectOrder,
  canOrder,
  canRequestQuote,
  canSeeInternal,
  creationTypeFor,
} from './policy.js';
import { reorderedContent } from './reorder.js';
import { feedbackProblems } from './rules/feedback.js';
import { normalizedPurchaseOrder, offerProblems, purchaseOrderProblems } from './rules/offers.js';
import { isBlank, problem, rejectIfAny } from './rules/problems.js';
import { rejectionProblems } from './rules/rejection.js';
import { acceptSubmission } from './rules/submission.js';
import { DEFAULT_MAX_JOB_WINDOW_DAYS } from './rules/time-frames.js';
import { openOffer, type ExistingOrderState, type OrderState } from './state.js';
import { allowedStatuses, ORDER_TRANSITIONS, type Party } from './transitions.js';
import type { CreationType, OrderContent } from './types.js';
import type { OrderStatusOrNone } from './statuses.js';

type Events = OrderEvent[];

const ORDERING_ROLES_ONLY = 'Only ADMIN and PLANNER users may do this; ask your admin.';

/** Read-only roles (auditors) see orders and change none (D15). */
const READ_ONLY_MESSAGE = 'Auditors may read orders, not change them.';

/** Whether this party may issue the command at all; read-only roles (auditors) are no party to any command. */
function requireParty(party: Party, actor: Actor): void {
  if (isReadOnlyActor(actor)) throw refused('read_only', READ_ONLY_MESSAGE);
  switch (party) {
    case 'staff':
    case 'system':
      if (!canActAsProvider(actor)) throw refused('staff_only', "Only the provider's staff may do this.");
      return;
    case 'customer':
      if (effectivePrincipal(actor).type === 'BL') throw refused('act_on_behalf', 'Act on behalf of a customer user to do this.');
      if (!canRequestQuote(actor)) throw forbidden();
      return;
    case 'customer or staff':
      if (!isStaff(actor) && !canRequestQuote(actor)) throw forbidden();
      return;
    default:
      assertNever(party, 'party');
  }
}

function requireRole(allowed: boolean, message = ORDERING_ROLES_ONLY): void {
  if (!allowed) throw forbidden(message);
}

/** Changing, cancelling or rejecting an order already submitted is ordering: ADMIN and PLANNER only. */
function requireOrderingRoleOnceSubmitted(state: ExistingOrderState, actor: Actor): void {
  if (state.status === 'ORDER_SUBMITTED') requireRole(canOrder(actor));
}

/**
 * Whether the actor may issue this command on an order in this status: the party, the lifecycle and the role
 * checks `decideOrder` runs before it looks at the command's data. The console shows or hides actions with it,
 * so it offers exactly what the server would accept.
 */
export function mayIssue(type: OrderCommandType, actor: Actor, status: OrderStatusOrNone): boolean {
  try {
    requireParty(ORDER_TRANSITIONS[type].by, actor);
  } catch {
    return false;
  }
  if (!allowedStatuses(type).has(status)) return false;
  switch (type) {
    case 'CancelOrder':
    case 'RejectOffer':
    case 'RequestChange':
      return status !== 'ORDER_SUBMITTED' || canOrder(actor);
    case 'UpdatePurchaseOrder':
      return isStaff(actor) || canOrder(actor);
    default:
      return true;
  }
}

function requireCustomerCompany(actor: Actor, companyId: string): void {
  if (effectiveCompanyId(actor) !== companyId) throw forbidden('You may only create orders for your own company.');
}

/** The content may be edited in a draft, while a change is pending, and while an accepted order is being completed. */
function isContentEditable(state: ExistingOrderState): boolean {
  return (
    state.status === 'INCOMPLETE' ||
    state.status === 'IN_PREPARATION' ||
    state.order.hasChanges ||
    (state.status === 'ORDER_SUBMITTED' && state.order.orderNotCompleted)
  );
}

function requiredText(value: string, path: string): ErrorDetail[] {
  return isBlank(value) ? [problem(path, 'required', 'This field is required.')] : [];
}

function maxJobWindowDays(settings: SubmissionSettings | undefined): number {
  return settings?.maxJobWindowDays ?? DEFAULT_MAX_JOB_WINDOW_DAYS;
}

// ---- creation

function createOrder({ data, facts }: CreateOrder, ctx: CommandContext): Events {
  requireCustomerCompany(ctx.actor, facts.customer.companyId);
  const creationType = creationTypeFor(ctx.actor, data.creationType);
  if (creationType === 'DIRECT_ORDER') requireRole(canCreateDirectOrder(ctx.actor));
  const { orderId, refId, customer } = facts;
  return [{ type: 'CREATE', data: { orderId, refId, customer, creationType, content: data.content } }];
}

function reorderOrder({ data, facts }: ReorderOrder, ctx: CommandContext): Events {
  const { source, orderId, refId, customer } = facts;
  if (source.orderId !== data.sourceOrderId) {
    throw validationError('The source order does not match.', [problem('sourceOrderId', 'source_mismatch', 'The source order does not match.')]);
  }
  requireCustomerCompany(ctx.actor, customer.companyId);
  if (source.companyId !== customer.companyId) throw forbidden('You do not have access to this order.');
  if (source.status === 'DELETED' || source.status === 'IN_PREPARATION') throw orderStatusError(source.status);
  const creationType = creationTypeFor(ctx.actor, source.creationType);
  if (creationType === 'DIRECT_ORDER') requireRole(canCreateDirectOrder(ctx.actor));
  return [
    {
      type: 'CREATE',
      data: {
        orderId,
        refId,
        customer,
        creationType,
        content: reorderedContent(source.content),
        reorderedFrom: { orderId: source.orderId, refId: source.refId },
      },
    },
  ];
}

function createOrderInPreparation({ data, facts }: CreateOrderInPreparation): Events {
  if (facts.customer.companyId !== data.companyId) {
    throw validationError('The customer company does not match.', [problem('companyId', 'customer_mismatch', 'The customer company does not match.')]);
  }
  const { orderId, refId, customer } = facts;
  return [{ type: 'CREATE_IN_PREPARATION', data: { orderId, refId, customer, content: data.content } }];
}

// ---- customer commands on an existing order

function updateDraft({ data }: UpdateDraft, state: ExistingOrderState, ctx: CommandContext): Events {
  if (!isContentEditable(state)) throw changeNotRequested();
  requireOrderingRoleOnceSubmitted(state, ctx.actor);
  const requested: CreationType | undefined = data.creationType && creationTypeFor(ctx.actor, data.creationType);
  if (requested === undefined || requested === state.order.creationType) return [{ type: 'UPDATE', data: { content: data.content } }];
  if (state.status !== 'INCOMPLETE') {
    throw validationError('One or more fields contain errors.', [
      problem('creationType', 'creation_type_locked', 'A submitted order stays a quote request or a direct order.'),
    ]);
  }
  if (requested === 'DIRECT_ORDER') requireRole(canCreateDirectOrder(ctx.actor));
  return [{ type: 'UPDATE', data: { content: data.content, creationType: requested } }];
}

function submitOrder({ data, facts }: SubmitOrder, state: ExistingOrderState, ctx: CommandContext): Events {
  const { order } = state;
  if (state.status !== 'INCOMPLETE' && !order.hasChanges) throw changeNotRequested();
  const direct = order.creationType === 'DIRECT_ORDER';
  if (direct) requireRole(canCreateDirectOrder(ctx.actor));
  const shortNotice = acceptSubmission(order.content, {
    now: ctx.now,
    maxJobWindowDays: maxJobWindowDays(facts),
    requireBillingAddress: direct,
    contentPath: '',
    confirmations: data,
  });
  const submission = { disclaimerAccepted: true as const, shortNotice };
  return [direct ? { type: 'DIRECT_ORDER', data: submission } : { type: 'GET_QUOTE', data: submission }];
}

function requestChange(state: ExistingOrderState, ctx: CommandContext): Events {
  requireOrderingRoleOnceSubmitted(state, ctx.actor);
  return state.order.hasChanges ? [] : [{ type: 'CHANGE_REQUEST', data: {} }];
}

function rejectOffer({ data }: RejectOffer, state: ExistingOrderState, ctx: CommandContext): Events {
  requireOrderingRoleOnceSubmitted(state, ctx.actor);
  rejectIfAny(rejectionProblems(state.status, data.reasons, data.comment));
  const comment = isBlank(data.comment) ? {} : { comment: data.comment };
  if (state.status !== 'OFFERED') return [{ type: 'REJECT', data: { reasons: data.reasons, ...comment } }];
  if (data.offerId !== state.openOfferId) throw offerNotOpen(data.offerId ?? '(none)');
  return [{ type: 'REJECT', data: { offerId: state.openOfferId, reasons: data.reasons, ...comment } }];
}

function acceptOffer({ data, facts }: AcceptOffer, state: ExistingOrderState, ctx: CommandContext): Events {
  requireRole(canAcceptOffer(ctx.actor), 'Only ADMIN and PLANNER users may accept offers; ask your admin.');
  if (!facts.companyProfileCompleted) throw companyProfileIncomplete();
  if (state.order.hasChanges) throw changePending();
  const offer = openOffer(state);
  if (!offer || offer.offerId !== data.offerId) throw offerNotOpen(data.offerId);
  if (Date.parse(offer.expiresAt) <= Date.parse(ctx.now)) throw conflict('offer_expired', `The offer expired at ${offer.expiresAt}.`);
  rejectIfAny([
    ...purchaseOrderProblems(data.po),
    ...(data.termsAccepted ? [] : [problem('termsAccepted', 'terms_not_accepted', 'The terms must be accepted.')]),
    ...requiredText(data.billingAddress.id, 'billingAddress.id'),
  ]);
  return [
    {
      type: 'ACCEPT_OFFER',
      data: {
        offerId: offer.offerId,
        po: normalizedPurchaseOrder(data.po),
        billingAddress: data.billingAddress,
        termsAccepted: true,
        ...(facts.termsVersion ? { termsVersion: facts.termsVersion } : {}),
        additionalInformationRequired: effectivePrincipal(ctx.actor).type === 'OEM',
      },
    },
  ];
}

function completeOrder({ data, facts }: CompleteOrder, state: ExistingOrderState, ctx: CommandContext): Events {
  requireRole(canOrder(ctx.actor));
  if (state.order.hasChanges) throw changePending();
  if (!state.order.orderNotCompleted) throw conflict('order_already_completed', 'The order is already complete.');
  const shortNotice = acceptSubmission(data.content, {
    now: ctx.now,
    maxJobWindowDays: maxJobWindowDays(facts),
    requireBillingAddress: true,
    contentPath: 'content',
    confirmations: data,
  });
  return [{ type: 'COMPLETE', data: { content: data.content, shortNotice } }];
}

function addComment({ data }: AddComment, ctx: CommandContext): Events {
  if (data.internalComment !== undefined && !canSeeInternal(ctx.actor)) throw forbidden('Only staff may add internal comments.');
  if (isBlank(data.externalComment) && isBlank(data.internalComment)) {
    throw validationError('One or more fields contain errors.', [problem('externalComment', 'required', 'Write a comment.')]);
  }
  return [{ type: 'COMMENT', data }];
}

function removeFiles({ data }: RemoveFiles, state: ExistingOrderState): Events {
  if (!isContentEditable(state)) throw changeNotRequested();
  const attached = (state.order.content.additionalInformation.files ?? []).map((file) => file.path);
  const paths = data.paths.filter((path) => attached.includes(path));
  return paths.length === 0 ? [] : [{ type: 'FILE_REMOVED', data: { paths } }];
}

// ---- staff and system commands

function convertPreparedOrder(facts: SubmissionSettings | undefined, content: OrderContent, ctx: CommandContext): Events {
  // Staff prepare the request for the customer: the customer's confirmations are not theirs to give.
  const shortNotice = acceptSubmission(content, { now: ctx.now, maxJobWindowDays: maxJobWindowDays(facts), requireBillingAddress: false, contentPath: '' });
  return [{ type: 'CONVERT', data: { shortNotice } }];
}

function makeOffer({ data }: MakeOffer, state: ExistingOrderState, ctx: CommandContext): Events {
  if (state.order.hasChanges) throw changePending();
  rejectIfAny(offerProblems(data, ctx.now));
  return [{ type: 'OFFER', data: { ...data, offerId: ctx.newId(), offeredAt: ctx.now } }];
}

function removeOffer({ data }: RemoveOffer, state: ExistingOrderState, ctx: CommandContext): Events {
  if (openOffer(state)?.offerId !== data.offerId) throw offerNotOpen(data.offerId);
  rejectIfAny(requiredText(data.reason, 'reason'));
  return [{ type: 'OFFER_REMOVED', data: { offerId: data.offerId, reason: data.reason, removedAt: ctx.now } }];
}

/** The expiry worker may fire late, after the offer was replaced or accepted: then there is nothing to expire. */
function expireOffer({ data }: ExpireOffer, state: ExistingOrderState, ctx: CommandContext): Events {
  const offer = openOffer(state);
  if (offer?.offerId !== data.offerId) return [];
  // Scheduled for an expiry that was extended since: the job of the new expiry will come.
  if (data.expiresAt !== undefined && Date.parse(data.expiresAt) !== Date.parse(offer.expiresAt)) return [];
  if (Date.parse(ctx.now) < Date.parse(offer.expiresAt)) throw conflict('offer_not_expired', `The offer expires at ${offer.expiresAt}.`);
  return [{ type: 'EXPIRE', data: { offerId: offer.offerId } }];
}

function requestOfferExtension({ data }: RequestOfferExtension, state: ExistingOrderState, ctx: CommandContext): Events {
  const offer = openOffer(state);
  if (offer?.offerId !== data.offerId) throw offerNotOpen(data.offerId);
  return [
    { type: 'OFFER_EXTENSION_REQUESTED', data: { offerId: offer.offerId, ...(isBlank(data.comment) ? {} : { comment: data.comment }), requestedAt: ctx.now } },
  ];
}

function extendOffer({ data }: ExtendOffer, state: ExistingOrderState, ctx: CommandContext): Events {
  const offer = openOffer(state);
  if (offer?.offerId !== data.offerId) throw offerNotOpen(data.offerId);
  const to = Date.parse(data.expiresAt);
  if (!(to > Date.parse(ctx.now)) || !(to > Date.parse(offer.expiresAt))) {
    throw validationError('One or more fields contain errors.', [
      problem('expiresAt', 'not_later', 'The new expiry must lie in the future and after the current one.'),
    ]);
  }
  return [
    {
      type: 'OFFER_EXTENDED',
      data: {
        offerId: offer.offerId,
        expiresAt: new Date(to).toISOString(),
        extendedFrom: offer.expiresAt,
        ...(isBlank(data.comment) ? {} : { comment: data.comment }),
      },
    },
  ];
}

function deleteOrder({ data }: DeleteOrder, state: ExistingOrderState): Events {
  // A deleted order can only be deleted again to remove it forever.
  if (state.status === 'DELETED' && (!data.forever || state.deletedForever)) throw orderStatusError(state.status);
  rejectIfAny([...requiredText(data.reason, 'reason'), ...requiredText(data.internalComment, 'internalComment')]);
  return [{ type: 'DELETE', data }];
}

function prepareJob({ notes, teamSize, window }: PrepareJobData, state: ExistingOrderState, ctx: CommandContext): Events {
  if (state.order.hasChanges) throw changePending();
  if (state.order.orderNotCompleted) throw conflict('order_not_completed', 'The customer has not completed the order yet.');
  rejectIfAny([
    ...(teamSize === undefined || (Number.isInteger(teamSize) && teamSize >= 1)
      ? []
      : [problem('teamSize', 'invalid_team_size', 'A team has at least one technician.')]),
    ...(window === undefined || window.from < window.to ? [] : [problem('window.to', 'end_before_start', 'The job must end after it starts.')]),
  ]);
  return [
    {
      type: 'CREATE_JOB_SPECIFICATION',
      data: { jobId: ctx.newId(), ...(isBlank(notes) ? {} : { notes }), ...(teamSize === undefined ? {} : { teamSize }), ...(window ? { window } : {}) },
    },
  ];
}

function requireJob(state: ExistingOrderState, jobId: string): void {
  if (state.order.job?.jobId !== jobId) throw conflict('unknown_job', `Job ${jobId} does not belong to this order.`);
}

function updateFinancialInfo({ data }: UpdateFinancialInfo): Events {
  const { expectedRevenue, probability, estimatedReleaseDate } = data.financialInfo;
  rejectIfAny([
    ...(Number.isInteger(expectedRevenue.amount) && expectedRevenue.amount >= 0
      ? []
      : [problem('financialInfo.expectedRevenue.amount', 'invalid_amount', 'Give a whole, non-negative amount in minor units.')]),
    ...(Number.isInteger(probability) && probability >= 0 && probability <= 100
      ? []
      : [problem('financialInfo.probability', 'invalid_probability', 'The probability is a whole percentage from 0 to 100.')]),
    ...(estimatedReleaseDate === undefined || /^\d{4}-\d{2}-\d{2}$/.test(estimatedReleaseDate)
      ? []
      : [problem('financialInfo.estimatedReleaseDate', 'invalid_date', 'Use YYYY-MM-DD.')]),
  ]);
  return [{ type: 'FINANCIAL_INFO_UPDATED', data }];
}

function existing(state: OrderState): ExistingOrderState {
  if (state.status === 'none') throw notFound('Order not found.');
  return state;
}

function decideAllowed(command: OrderCommand, state: OrderState, ctx: CommandContext): Events {
  const { actor } = ctx;
  switch (command.type) {
    case 'CreateOrder':
      return createOrder(command, ctx);
    case 'ReorderOrder':
      return reorderOrder(command, ctx);
    case 'CreateOrderInPreparation':
      return createOrderInPreparation(command);
    case 'UpdateDraft':
      return updateDraft(command, existing(state), ctx);
    case 'SubmitOrder':
      return submitOrder(command, existing(state), ctx);
    case 'RequestChange':
      return requestChange(existing(state), ctx);
    case 'CancelOrder':
      requireOrderingRoleOnceSubmitted(existing(state), actor);
      return [{ type: 'CANCEL', data: command.data }];
    case 'RejectOffer':
      return rejectOffer(command, existing(state), ctx);
    case 'AcceptOffer':
      return acceptOffer(command, existing(state), ctx);
    case 'CompleteOrder':
      return completeOrder(command, existing(state), ctx);
    case 'UpdatePurchaseOrder':
      if (!isStaff(actor)) requireRole(canOrder(actor));
      rejectIfAny(purchaseOrderProblems(command.data.po));
      return [{ type: 'PO_UPDATED', data: { po: normalizedPurchaseOrder(command.data.po) } }];
    case 'SaveFeedback':
      rejectIfAny(feedbackProblems(command.data.feedbacks));
      return [{ type: 'FEEDBACK_SAVED', data: command.data }];
    case 'UpdateLocalContact':
      rejectIfAny(requiredText(command.data.localCustomerContact.name, 'localCustomerContact.name'));
      return [{ type: 'LOCAL_CONTACT_UPDATED', data: command.data }];
    case 'AddComment':
      return addComment(command, ctx);
    case 'RemoveFiles':
      return removeFiles(command, existing(state));
    case 'UpdateOrderInPreparation':
      return [{ type: 'UPDATE_IN_PREPARATION', data: command.data }];
    case 'ConvertPreparedOrder':
      return convertPreparedOrder(command.facts, existing(state).order.content, ctx);
    case 'ConvertPreparedOrderToDraft':
      return [{ type: 'CONVERT_INCOMPLETE', data: {} }];
    case 'MakeOffer':
      return makeOffer(command, existing(state), ctx);
    case 'RemoveOffer':
      return removeOffer(command, existing(state), ctx);
    case 'RequestOfferExtension':
      return requestOfferExtension(command, existing(state), ctx);
    case 'ExtendOffer':
      return extendOffer(command, existing(state), ctx);
    case 'ExpireOffer':
      return expireOffer(command, existing(state), ctx);
    case 'DeclineRequest':
      rejectIfAny([...requiredText(command.data.externalComment, 'externalComment'), ...requiredText(command.data.internalComment, 'internalComment')]);
      return [{ type: 'DECLINE', data: command.data }];
    case 'CloseOrder':
      return [{ type: 'CLOSE', data: command.data }];
    case 'ReopenOrder':
      return [{ type: 'REOPEN', data: command.data }];
    case 'DeleteOrder':
      return deleteOrder(command, existing(state));
    case 'PrepareJob':
      return prepareJob(command.data, existing(state), ctx);
    case 'RecordJobPlanning':
      requireJob(existing(state), command.data.jobId);
      return [{ type: 'JOB_PLANNING', data: command.data }];
    case 'RecordJobPlanned':
      requireJob(existing(state), command.data.jobId);
      return [{ type: 'JOB_PLANNED', data: command.data }];
    case 'RecordJobStarted':
      requireJob(existing(state), command.data.jobId);
      return [{ type: 'JOB_IN_PROGRESS', data: command.data }];
    case 'RecordJobCompleted':
      requireJob(existing(state), command.data.jobId);
      return [{ type: 'JOB_COMPLETED', data: command.data }];
    case 'RecordJobCancelled':
      requireJob(existing(state), command.data.jobId);
      return [{ type: 'JOB_CANCELLED', data: command.data }];
    case 'RecordJobClosed':
      requireJob(existing(state), command.data.jobId);
      return [{ type: 'JOB_CLOSED', data: command.data }];
    case 'MarkOrderBilled':
      return [{ type: 'BILLED', data: command.data }];
    case 'ChangeOwner':
      return existing(state).order.ownerUserId === command.data.ownerUserId ? [] : [{ type: 'CHANGE_OWNER', data: command.data }];
    case 'UpdateFinancialInfo':
      return updateFinancialInfo(command);
    case 'AddSupervisor':
      return existing(state).order.supervisorUserIds.includes(command.data.userId) ? [] : [{ type: 'SUPERVISOR_ADDED', data: command.data }];
    case 'RemoveSupervisor':
      return existing(state).order.supervisorUserIds.includes(command.data.userId) ? [{ type: 'SUPERVISOR_REMOVED', data: command.data }] : [];
    default:
      return assertNever(command, 'order command');
  }
}

/** What decides whether an actor may see an existing order. */
export function orderVisibilityOf(state: ExistingOrderState): { status: ExistingOrderState['status']; companyId: string; country: string } {
  return { status: state.status, companyId: state.order.customer.companyId, country: orderCountryOf(state.order) };
}

/**
 * Decides what happens when `command` meets an order in `state`. Checks run from the most general to the
 * most specific: who may issue the command, access to this order (before its status is revealed),
 * the transition table, then the command's own rules. Broken rules throw DomainError; an empty list
 * means there is nothing to do.
 */
export function decideOrder(command: OrderCommand, state: OrderState, ctx: CommandContext): OrderEvent[] {
  const lifecycle = ORDER_TRANSITIONS[command.type];
  requireParty(lifecycle.by, ctx.actor);
  const allowed = allowedStatuses(command.type);
  if (state.status === 'none') {
    if (!allowed.has('none')) throw notFound('Order not found.');
  } else {
    if (!canSeeOrder(ctx.actor, orderVisibilityOf(state))) throw notFound('Order not found.');
    if (!allowed.has(state.status)) {
      if (lifecycle.elsewhere === 'ignored') return [];
      throw orderStatusError(state.status);
    }
  }
  return decideAllowed(command, state, ctx);
}
