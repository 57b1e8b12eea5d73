import { z } from 'zod';
import type { CommandContext } from '../shared/command.js';
import type { Decider } from '../shared/decider.js';
import { forbidden, notFound, validationError } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { effectiveCompanyId, isStaff, type Actor } from './actor.js';
import { canUse, mayChangeAnything } from './policy.js';

/**
 * Webhooks of a customer company (D215): an HTTPS endpoint of the customer's own system that hears about its orders
 * (an offer made, an order accepted, a job completed …), each delivery signed with the endpoint's secret. One stream per
 * endpoint; the secret is application state (`webhook_secrets`), never an event.
 */
export const webhookStreamId = (id: string): string => `webhook-${id}`;

/** What an endpoint may hear about: each a customer-safe view of one order event (see `webhookMessageOf`). */
export const WEBHOOK_EVENT_KINDS = [
  'quote.requested',
  'order.submitted',
  'offer.made',
  'offer.extended',
  'offer.expiring',
  'offer.expired',
  'order.accepted',
  'offer.rejected',
  'job.planned',
  'job.started',
  'job.completed',
  'job.cancelled',
  'order.cancelled',
] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

/** Every endpoint signs with this prefix so people and secret scanners recognise the secret. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The longest a rotated secret keeps signing beside the new one. */
export const WEBHOOK_MAX_OVERLAP_HOURS = 168;
/** An endpoint whose oldest undelivered message has failed for this long is paused. */
export const WEBHOOK_PAUSE_AFTER_MS = 24 * 3_600_000;

const urlField = z.string().trim().min(1, { error: 'Enter the address of your endpoint.' }).max(2000, { error: 'An address has at most 2000 characters.' });
const kindsField = z
  .array(z.enum(WEBHOOK_EVENT_KINDS, { error: 'Choose kinds from the list.' }))
  .min(1, { error: 'Choose at least one kind of event.' })
  .max(WEBHOOK_EVENT_KINDS.length)
  .transform((kinds) => WEBHOOK_EVENT_KINDS.filter((k) => kinds.includes(k)));
const idField = z.string().trim().min(1).max(100);

export const RegisterWebhookSchema = z
  .object({
    url: urlField,
    kinds: kindsField,
    /** Staff name the company; customers register for their own. */
    companyId: idField.optional(),
    /** Deliver the company's events since this instant too (a new endpoint catching up). */
    replayFrom: z.iso.datetime({ offset: true, error: 'Enter the replay start as an ISO 8601 instant.' }).optional(),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'RegisterWebhook', description: 'A new webhook endpoint: its HTTPS address, the kinds of events it hears about, and an optional replay start.' });

export const ChangeWebhookSchema = z
  .object({ id: idField, url: urlField.optional(), kinds: kindsField.optional(), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'ChangeWebhook' });
export const WebhookIdSchema = z.object({ id: idField, onBehalfOfUserId: z.string().optional() }).meta({ id: 'WebhookId' });
export const RotateWebhookSecretSchema = z
  .object({
    id: idField,
    /** How long the old secret keeps signing beside the new one (default 24 h; 0 ends it at once). */
    overlapHours: z.number().int().min(0).max(WEBHOOK_MAX_OVERLAP_HOURS).default(24),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'RotateWebhookSecret' });
export const ResendWebhookDeliverySchema = z
  .object({ id: idField, deliveryId: idField, onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'ResendWebhookDelivery' });

export const WEBHOOK_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export const WEBHOOK_PAUSE_REASONS = ['manual', 'failing'] as const;
export type WebhookPauseReason = (typeof WEBHOOK_PAUSE_REASONS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED'] as const;

export interface WebhookRecord {
  readonly id: string;
  readonly companyId: string;
  readonly url: string;
  readonly kinds: readonly WebhookEventKind[];
  readonly replayFrom?: string;
}

export type WebhookEvent =
  | DomainEvent<'WEBHOOK_REGISTERED', { readonly webhook: WebhookRecord }>
  | DomainEvent<'WEBHOOK_CHANGED', { readonly id: string; readonly url: string; readonly kinds: readonly WebhookEventKind[] }>
  | DomainEvent<'WEBHOOK_PAUSED', { readonly id: string; readonly reason: WebhookPauseReason }>
  | DomainEvent<'WEBHOOK_RESUMED', { readonly id: string }>
  | DomainEvent<'WEBHOOK_SECRET_ROTATED', { readonly id: string; readonly previousSecretUntil: string }>
  | DomainEvent<'WEBHOOK_REMOVED', { readonly id: string }>
  /** 'Send again': the dispatcher puts the delivery back at the head of its order's queue. */
  | DomainEvent<'WEBHOOK_RESEND_REQUESTED', { readonly id: string; readonly deliveryId: string }>;
export const WEBHOOK_EVENT_TYPES = [
  'WEBHOOK_REGISTERED',
  'WEBHOOK_CHANGED',
  'WEBHOOK_PAUSED',
  'WEBHOOK_RESUMED',
  'WEBHOOK_SECRET_ROTATED',
  'WEBHOOK_REMOVED',
  'WEBHOOK_RESEND_REQUESTED',
] as const satisfies readonly WebhookEvent['type'][];

export interface WebhookState {
  readonly webhook: WebhookRecord | null;
  readonly paused: WebhookPauseReason | null;
  readonly removed: boolean;
}
export const initialWebhookState: WebhookState = { webhook: null, paused: null, removed: false };

export type WebhookCommand =
  | {
      readonly type: 'RegisterWebhook';
      readonly data: { readonly id: string; readonly url: string; readonly kinds: readonly WebhookEventKind[]; readonly replayFrom?: string };
      /** The company, as the api established it; `url` already checked by the api (scheme, resolved addresses). */
      readonly facts: { readonly companyId: string };
    }
  | { readonly type: 'ChangeWebhook'; readonly data: { readonly url?: string; readonly kinds?: readonly WebhookEventKind[] } }
  | { readonly type: 'PauseWebhook'; readonly data: { readonly reason: WebhookPauseReason } }
  | { readonly type: 'ResumeWebhook' }
  | { readonly type: 'RotateWebhookSecret'; readonly data: { readonly overlapHours: number } }
  | { readonly type: 'RemoveWebhook' }
  | { readonly type: 'ResendWebhookDelivery'; readonly data: { readonly deliveryId: string } };

/** Who manages a company's webhooks: as API tokens (D211), its customer administrators and staff administrators. */
export function canManageWebhooks(actor: Actor, companyId: string): boolean {
  const caller = { type: actor.type, role: actor.role };
  if (actor.viaApiToken || !canUse('webhooks', caller) || !mayChangeAnything(caller)) return false;
  return isStaff(actor) || effectiveCompanyId(actor) === companyId;
}

/**
 * What the address of an endpoint must look like before its host is resolved: an absolute https URL without
 * credentials or fragment; http only where `allowHttp` (development and tests, for loopback receivers).
 * Returns the problem's message, or null.
 */
export function webhookUrlProblem(url: string, allowHttp: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter an absolute https:// address.';
  }
  if (parsed.protocol !== 'https:' && !(allowHttp && parsed.protocol === 'http:')) return 'The address must start with https://.';
  if (parsed.username || parsed.password) return 'The address must not hold a user name or password.';
  if (parsed.hash) return 'The address must not hold a fragment (#…).';
  return null;
}

const webhookNotFound = () => notFound('There is no such webhook.', 'webhook_not_found');
const refusedToManage = () => forbidden('Only administrators of the company manage its webhooks.');

export const webhookDecider: Decider<WebhookCommand, WebhookState, WebhookEvent> = {
  initialState: initialWebhookState,
  // Another company's endpoint (and a removed one) does not exist for a customer administrator.
  canSee: (state, actor) => !state.webhook || isStaff(actor) || effectiveCompanyId(actor) === state.webhook.companyId,
  decide(command, state, ctx: CommandContext) {
    if (command.type === 'RegisterWebhook') {
      if (!canManageWebhooks(ctx.actor, command.facts.companyId)) throw refusedToManage();
      if (state.webhook) throw validationError('This webhook exists already.');
      const problem = webhookUrlProblem(command.data.url, true);
      if (problem) throw validationError(problem, [{ path: 'url', code: 'webhook_url_not_allowed', message: problem }]);
      if (command.data.replayFrom !== undefined && !(Date.parse(command.data.replayFrom) <= Date.parse(ctx.now))) {
        const message = 'The replay starts in the past.';
        throw validationError(message, [{ path: 'replayFrom', code: 'replay_in_future', message }]);
      }
      const webhook: WebhookRecord = {
        id: command.data.id,
        companyId: command.facts.companyId,
        url: command.data.url,
        kinds: WEBHOOK_EVENT_KINDS.filter((k) => command.data.kinds.includes(k)),
        ...(command.data.replayFrom === undefined ? {} : { replayFrom: new Date(command.data.replayFrom).toISOString() }),
      };
      return [{ type: 'WEBHOOK_REGISTERED', data: { webhook } }];
    }
    const { webhook } = state;
    if (!webhook || state.removed) throw webhookNotFound();
    // The dispatcher pauses a failing endpoint as the system actor (a staff administrator).
    if (!canManageWebhooks(ctx.actor, webhook.companyId)) throw refusedToManage();
    switch (command.type) {
      case 'ChangeWebhook': {
        const url = command.data.url ?? webhook.url;
        const kinds = command.data.kinds ? WEBHOOK_EVENT_KINDS.filter((k) => command.data.kinds!.includes(k)) : webhook.kinds;
        if (url === webhook.url && kinds.join() === webhook.kinds.join()) return [];
        return [{ type: 'WEBHOOK_CHANGED', data: { id: webhook.id, url, kinds } }];
      }
      case 'PauseWebhook':
        return state.paused ? [] : [{ type: 'WEBHOOK_PAUSED', data: { id: webhook.id, reason: command.data.reason } }];
      case 'ResumeWebhook':
        return state.paused ? [{ type: 'WEBHOOK_RESUMED', data: { id: webhook.id } }] : [];
      case 'RotateWebhookSecret': {
        const hours = command.data.overlapHours;
        if (!Number.isInteger(hours) || hours < 0 || hours > WEBHOOK_MAX_OVERLAP_HOURS) {
          const message = `The overlap is 0 to ${WEBHOOK_MAX_OVERLAP_HOURS} hours.`;
          throw validationError(message, [{ path: 'overlapHours', code: 'overlap_out_of_range', message }]);
        }
        const until = new Date(Date.parse(ctx.now) + hours * 3_600_000).toISOString();
        return [{ type: 'WEBHOOK_SECRET_ROTATED', data: { id: webhook.id, previousSecretUntil: until } }];
      }
      case 'RemoveWebhook':
        return [{ type: 'WEBHOOK_REMOVED', data: { id: webhook.id } }];
      case 'ResendWebhookDelivery':
        return [{ type: 'WEBHOOK_RESEND_REQUESTED', data: { id: webhook.id, deliveryId: command.data.deliveryId } }];
      default:
        return assertNever(command, 'webhook command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WEBHOOK_REGISTERED':
        return { ...state, webhook: event.data.webhook };
      case 'WEBHOOK_CHANGED':
        return state.webhook ? { ...state, webhook: { ...state.webhook, url: event.data.url, kinds: event.data.kinds } } : state;
      case 'WEBHOOK_PAUSED':
        return { ...state, paused: event.data.reason };
      case 'WEBHOOK_RESUMED':
        return { ...state, paused: null };
      case 'WEBHOOK_SECRET_ROTATED':
      case 'WEBHOOK_RESEND_REQUESTED':
        return state;
      case 'WEBHOOK_REMOVED':
        return { ...state, removed: true };
      default:
        return assertNever(event, 'webhook event');
    }
  },
};

/** The order a message is about, as the dispatcher folded it. */
export interface WebhookOrderFacts {
  readonly orderId: string;
  readonly refId: string;
  readonly companyId: string;
}

/** A delivery's body: the same for every attempt and every endpoint. `id` is what a receiver de-duplicates by. */
export interface WebhookMessage {
  readonly id: string;
  readonly kind: WebhookEventKind;
  readonly orderId: string;
  readonly orderRef: string;
  readonly occurredAt: string;
  readonly data: Readonly<Record<string, string | number | null>>;
}

/** The stored event types that become a message, and the kind each becomes. */
export const WEBHOOK_SOURCE_EVENTS: Readonly<Record<string, WebhookEventKind>> = {
  GET_QUOTE: 'quote.requested',
  CONVERT: 'quote.requested',
  DIRECT_ORDER: 'order.submitted',
  OFFER: 'offer.made',
  OFFER_EXTENDED: 'offer.extended',
  OFFER_REMINDER_SENT: 'offer.expiring',
  EXPIRE: 'offer.expired',
  ACCEPT_OFFER: 'order.accepted',
  REJECT: 'offer.rejected',
  JOB_PLANNED: 'job.planned',
  JOB_IN_PROGRESS: 'job.started',
  JOB_COMPLETED: 'job.completed',
  JOB_CANCELLED: 'job.cancelled',
  CANCEL: 'order.cancelled',
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The customer-safe view of one event: a fixed list of fields per kind, copied one by one (never the event's data
 * spread), so no comment, internal or external, no price, margin or total, no billing address and no new field of a
 * later event version ever reaches a customer's system by accident. Null for an event that is no message.
 */
export function webhookMessageOf(
  event: { readonly eventId: string; readonly type: string; readonly data: unknown; readonly occurredAt: string },
  order: WebhookOrderFacts,
): WebhookMessage | null {
  const kind = WEBHOOK_SOURCE_EVENTS[event.type];
  if (!kind) return null;
  const d = (event.data ?? {}) as Record<string, unknown>;
  let data: Record<string, string | number | null>;
  switch (kind) {
    case 'quote.requested':
    case 'order.submitted':
    case 'order.cancelled':
      data = {};
      break;
    case 'offer.made':
    case 'offer.extended':
    case 'offer.expiring':
      data = { offerId: text(d.offerId), expiresAt: text(d.expiresAt) };
      break;
    case 'offer.expired':
    case 'offer.rejected':
      data = { offerId: text(d.offerId) };
      break;
    case 'order.accepted': {
      const po = d.po as { number?: unknown } | undefined;
      data = { offerId: text(d.offerId), purchaseOrderNumber: text(po?.number) };
      break;
    }
    case 'job.planned': {
      const schedule = d.schedule as { from?: unknown; to?: unknown } | undefined;
      data = {
        jobId: text(d.jobId),
        technicians: Array.isArray(d.team) ? d.team.length : null,
        scheduledFrom: text(schedule?.from),
        scheduledTo: text(schedule?.to),
      };
      break;
    }
    case 'job.started':
    case 'job.completed':
    case 'job.cancelled':
      data = { jobId: text(d.jobId) };
      break;
    default:
      return assertNever(kind, 'webhook kind');
  }
  return { id: event.eventId, kind, orderId: order.orderId, orderRef: order.refId, occurredAt: event.occurredAt, data };
}
