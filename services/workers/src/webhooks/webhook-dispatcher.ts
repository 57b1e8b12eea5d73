import { randomUUID } from 'node:crypto';
import {
  webhookDecider,
  webhookMessageOf,
  webhookStreamId,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAUSE_AFTER_MS,
  WEBHOOK_SOURCE_EVENTS,
  type RecordedEvent,
  type WebhookEvent,
  type WebhookEventKind,
  type WebhookOrderFacts,
  type WebhookPauseReason,
} from '@onsite/domain';
import { handleCommand, START, type DocumentStore, type EventStore } from '@onsite/infrastructure';
import { SYSTEM_ACTOR } from '../commands/command-port.js';
import type { EventHandler, WorkerLogger } from '../host/worker-host.js';
import type { JobScheduler, ScheduledJob } from '../scheduler/job-scheduler.js';
import { signatureHeader, SIGNATURE_HEADER } from '../signature/hmac-signature.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { checkWebhookTarget, postWebhook, type WebhookTargetPolicy } from './webhook-target.js';

/** The dispatcher's own view of the endpoints, as far as it has read the log (consistent with the deliveries it makes). */
export const WEBHOOK_ENDPOINTS = 'worker_webhook_endpoints';
/** One document per endpoint and message: the delivery log the console shows. */
export const WEBHOOK_DELIVERIES = 'webhook_deliveries';
/** Who is sending an order's messages to an endpoint right now (one sender per order and endpoint keeps their order). */
const WEBHOOK_LANES = 'worker_webhook_lanes';
const DELIVER_JOB = 'deliver-webhooks';

/** The order an event that becomes a message is about: an order's own events, and the offer reminder's (its own stream). */
function orderIdOf(event: RecordedEvent): string | null {
  if (!WEBHOOK_SOURCE_EVENTS[event.type]) return null;
  if (event.streamId.startsWith('order-')) return event.streamId.slice('order-'.length);
  if (event.type === 'OFFER_REMINDER_SENT' && event.streamId.startsWith('offer-reminder-')) return (event.data as { orderId?: string }).orderId ?? null;
  return null;
}

export interface WebhookEndpointRecord {
  readonly id: string;
  readonly companyId: string;
  readonly url: string;
  readonly kinds: readonly WebhookEventKind[];
  readonly status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
  readonly pausedReason: WebhookPauseReason | null;
}

export interface WebhookDeliveryRecord {
  readonly id: string;
  readonly endpointId: string;
  readonly companyId: string;
  readonly orderId: string;
  readonly orderRef: string;
  readonly eventId: string;
  readonly kind: WebhookEventKind;
  readonly occurredAt: string;
  /** The event's global position: the order in which an order's messages go out. */
  readonly seq: number;
  /** The exact body, the same for every attempt. */
  readonly body: string;
  readonly status: 'PENDING' | 'DELIVERED';
  readonly attempts: number;
  readonly lastAttemptAt: string | null;
  readonly lastError: string | null;
  readonly lastStatus: number | null;
  readonly deliveredAt: string | null;
  /** Not before this instant (backoff after a failure); null: at once. */
  readonly nextAttemptAt: string | null;
  /** When the current run of failures began: a day of them pauses the endpoint. */
  readonly failingSince: string | null;
  readonly createdAt: string;
}

interface LaneDocument {
  readonly lockedUntil: number;
  readonly holder: string;
}

interface DeliverPayload {
  readonly endpointId: string;
  readonly orderId: string;
}

export interface WebhookDispatcherOptions extends WebhookTargetPolicy {
  readonly clock: () => Date;
  /** First wait after a failed attempt, doubled per attempt up to maxBackoffMs (defaults 10 s and 1 h). */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /** How long one attempt waits for an answer (default 10 s). */
  readonly timeoutMs?: number;
  /** How long a lane's lease lasts unless renewed: a worker that dies mid-delivery holds it this long (default 60 s). */
  readonly laneLeaseMs?: number;
  readonly logger?: WorkerLogger;
}

export async function ensureWebhookStores(store: DocumentStore): Promise<void> {
  await new WebhookSecrets(store).ensure();
  await store.ensureCollection({ name: WEBHOOK_ENDPOINTS, indexes: [{ name: `${WEBHOOK_ENDPOINTS}_company`, paths: ['companyId'] }] });
  await store.ensureCollection({
    name: WEBHOOK_DELIVERIES,
    indexes: [
      { name: `${WEBHOOK_DELIVERIES}_lane`, paths: ['endpointId', 'orderId', 'status'] },
      { name: `${WEBHOOK_DELIVERIES}_endpoint`, paths: ['endpointId', 'status'] },
    ],
  });
  await store.ensureCollection({ name: WEBHOOK_LANES });
}

/** An endpoint's delivery log, newest message first. */
export async function listWebhookDeliveries(store: DocumentStore, endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]> {
  return store
    .collection<WebhookDeliveryRecord>(WEBHOOK_DELIVERIES)
    .find({ filter: { endpointId }, sort: [{ path: 'seq', direction: 'desc', numeric: true }], limit });
}

export async function getWebhookDelivery(store: DocumentStore, id: string): Promise<WebhookDeliveryRecord | null> {
  return (await store.collection<WebhookDeliveryRecord>(WEBHOOK_DELIVERIES).get(id))?.data ?? null;
}

export async function countPendingWebhookDeliveries(store: DocumentStore, endpointId: string): Promise<number> {
  return store.collection<WebhookDeliveryRecord>(WEBHOOK_DELIVERIES).count({ endpointId, status: 'PENDING' });
}

/**
 * Delivers the customer-safe messages of a company's order events to its webhook endpoints (D215).
 *
 * The handler reads the log in order (its own checkpoint): the endpoints' events keep its own table of endpoints, and
 * each order event an endpoint wants becomes a PENDING delivery (id `<endpoint>:<event id>`, so reading an event again
 * makes nothing twice) and a job. A job sends the PENDING deliveries of one order to one endpoint oldest first, one at
 * a time under a lease on the lane; the first failure stops the lane (later messages of that order wait, other orders
 * go on) and schedules its retry after an exponential backoff. A delivery that has failed for a day pauses the
 * endpoint; resuming it, or 'send again', schedules the lane at once. At least once: a crash between the answer and
 * the record sends the message again, with the same id.
 */
export class WebhookDispatcher {
  private readonly secrets: WebhookSecrets;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly timeoutMs: number;
  private readonly laneLeaseMs: number;

  constructor(
    private readonly stores: { readonly eventStore: EventStore; readonly documentStore: DocumentStore },
    private readonly scheduler: JobScheduler,
    private readonly options: WebhookDispatcherOptions,
  ) {
    this.secrets = new WebhookSecrets(stores.documentStore);
    this.backoffMs = options.backoffMs ?? 10_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 3_600_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.laneLeaseMs = options.laneLeaseMs ?? 60_000;
  }

  async init(): Promise<void> {
    await ensureWebhookStores(this.stores.documentStore);
  }

  register(): void {
    this.scheduler.register<DeliverPayload>(DELIVER_JOB, (job) => this.deliverLane(job.payload));
  }

  handler(): EventHandler {
    return {
      name: 'webhooks',
      handles: [...WEBHOOK_EVENT_TYPES, ...Object.keys(WEBHOOK_SOURCE_EVENTS)],
      handle: (event) => this.onEvent(event),
    };
  }

  /** Schedules every lane with undelivered messages of an active endpoint (the in-process scheduler forgets at a restart). */
  async rederive(): Promise<number> {
    const pending = await this.deliveries().find({ filter: { status: 'PENDING' } });
    const lanes = new Map(pending.map((d) => [`${d.endpointId}|${d.orderId}`, d]));
    const started = this.now();
    for (const d of lanes.values()) await this.scheduleLane(d.endpointId, d.orderId, `start-${started}`, new Date(0));
    return lanes.size;
  }

  private async onEvent(event: RecordedEvent): Promise<void> {
    if (event.streamId.startsWith('webhook-')) return this.onEndpointEvent(event as RecordedEvent<WebhookEvent>);
    const orderId = orderIdOf(event);
    if (!orderId) return;
    if ((await this.endpoints().count({ status: { ne: 'REMOVED' } }, { upTo: 1 })) === 0) return;
    const order = await this.orderFacts(orderId);
    if (!order) return;
    const endpoints = await this.endpoints().find({ filter: { companyId: order.companyId } });
    for (const endpoint of endpoints) {
      if (endpoint.status === 'REMOVED') continue;
      await this.enqueue(endpoint, event, order);
    }
  }

  private async onEndpointEvent(recorded: RecordedEvent<WebhookEvent>): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as WebhookEvent;
    const id = event.type === 'WEBHOOK_REGISTERED' ? event.data.webhook.id : event.data.id;
    const found = await this.endpoints().get(id);
    const save = (record: WebhookEndpointRecord) => this.endpoints().upsert(id, record, recorded.streamVersion);
    switch (event.type) {
      case 'WEBHOOK_REGISTERED': {
        const { webhook } = event.data;
        // Read again after a crash mid-replay: the replay runs again (its deliveries are written once).
        if (found && found.revision > recorded.streamVersion) return;
        const record: WebhookEndpointRecord = {
          id,
          companyId: webhook.companyId,
          url: webhook.url,
          kinds: webhook.kinds,
          status: 'ACTIVE',
          pausedReason: null,
        };
        if (!found) await save(record);
        if (webhook.replayFrom) await this.replay(record, webhook.replayFrom, recorded.checkpoint);
        return;
      }
      case 'WEBHOOK_RESEND_REQUESTED': {
        if (!found || found.data.status === 'REMOVED') return;
        const again = await this.updateDelivery(event.data.deliveryId, (d) =>
          d.endpointId === id ? { ...d, status: 'PENDING', nextAttemptAt: null, failingSince: null } : null,
        );
        if (again && found.data.status === 'ACTIVE') await this.scheduleLane(id, again.orderId, `resend-${recorded.eventId}`, new Date(0));
        return;
      }
      case 'WEBHOOK_SECRET_ROTATED':
        return;
      default:
        break;
    }
    if (!found || found.revision >= recorded.streamVersion) return;
    const endpoint = found.data;
    switch (event.type) {
      case 'WEBHOOK_CHANGED':
        await save({ ...endpoint, url: event.data.url, kinds: event.data.kinds });
        return;
      case 'WEBHOOK_PAUSED':
        await save({ ...endpoint, status: 'PAUSED', pausedReason: event.data.reason });
        return;
      case 'WEBHOOK_RESUMED': {
        await save({ ...endpoint, status: 'ACTIVE', pausedReason: null });
        // A fresh start: the day of failures that paused it counts again from the next failure.
        const pending = await this.deliveries().findDocuments({ filter: { endpointId: id, status: 'PENDING' } });
        for (const doc of pending) await this.updateDelivery(doc.id, (d) => ({ ...d, nextAttemptAt: null, failingSince: null }));
        for (const orderId of new Set(pending.map((d) => d.data.orderId))) await this.scheduleLane(id, orderId, `resume-${recorded.eventId}`, new Date(0));
        return;
      }
      case 'WEBHOOK_REMOVED':
        await save({ ...endpoint, status: 'REMOVED' });
        await this.secrets.remove(id);
        return;
    }
  }

  /** A new endpoint's replay: the company's messages since `from`, up to its registration (later ones come in turn). */
  private async replay(endpoint: WebhookEndpointRecord, from: string, until: string): Promise<void> {
    const facts = new Map<string, WebhookOrderFacts | null>();
    const fromMs = Date.parse(from);
    let checkpoint = START;
    for (;;) {
      const { events, checkpoint: next } = await this.stores.eventStore.readAll(checkpoint, 500);
      for (const event of events) {
        if (this.stores.eventStore.compareCheckpoints(event.checkpoint, until) >= 0) return;
        const orderId = orderIdOf(event);
        if (!orderId || Date.parse(event.metadata.occurredAt) < fromMs) continue;
        if (!facts.has(orderId)) facts.set(orderId, await this.orderFacts(orderId));
        const order = facts.get(orderId);
        if (order?.companyId === endpoint.companyId) await this.enqueue(endpoint, event, order);
      }
      if (events.length === 0 || next === checkpoint) return;
      checkpoint = next;
    }
  }

  /** Writes the delivery if the endpoint wants this kind; false when it does not, or it exists already. */
  private async enqueue(endpoint: WebhookEndpointRecord, event: RecordedEvent, order: WebhookOrderFacts): Promise<boolean> {
    const message = webhookMessageOf({ eventId: event.eventId, type: event.type, data: event.data, occurredAt: event.metadata.occurredAt }, order);
    if (!message || !endpoint.kinds.includes(message.kind)) return false;
    const id = `${endpoint.id}:${event.eventId}`;
    const record: WebhookDeliveryRecord = {
      id,
      endpointId: endpoint.id,
      companyId: endpoint.companyId,
      orderId: order.orderId,
      orderRef: order.refId,
      eventId: event.eventId,
      kind: message.kind,
      occurredAt: message.occurredAt,
      seq: Number(event.globalPosition),
      body: JSON.stringify(message),
      status: 'PENDING',
      attempts: 0,
      lastAttemptAt: null,
      lastError: null,
      lastStatus: null,
      deliveredAt: null,
      nextAttemptAt: null,
      failingSince: null,
      createdAt: this.now(),
    };
    const written = await this.deliveries().upsert(id, record, 1);
    if (written && endpoint.status === 'ACTIVE') await this.scheduleLane(endpoint.id, order.orderId, event.eventId, new Date(0));
    return written;
  }

  /** The order's reference and company, from its first event (they never change). */
  private async orderFacts(orderId: string): Promise<WebhookOrderFacts | null> {
    const [first] = await this.stores.eventStore.readStream(`order-${orderId}`, { toVersion: 1 });
    const data = first?.data as { refId?: string; customer?: { companyId?: string } } | undefined;
    if (!data?.refId || !data.customer?.companyId) return null;
    return { orderId, refId: data.refId, companyId: data.customer.companyId };
  }

  private async scheduleLane(endpointId: string, orderId: string, cause: string, runAt: Date): Promise<void> {
    const job: ScheduledJob<DeliverPayload> = { id: `webhook-${endpointId}-${orderId}-${cause}`, name: DELIVER_JOB, runAt, payload: { endpointId, orderId } };
    await this.scheduler.schedule(job);
  }

  /** The job: the order's undelivered messages to the endpoint, oldest first, until one fails. */
  async deliverLane({ endpointId, orderId }: DeliverPayload): Promise<void> {
    const endpoint = (await this.endpoints().get(endpointId))?.data;
    if (!endpoint || endpoint.status !== 'ACTIVE') return;
    const lane = `${endpointId}:${orderId}`;
    const holder = randomUUID();
    // Another job sends this lane now: look again shortly (it may have finished before this job's message was written).
    // A new job rather than the scheduler's retry, whose backoff grows with every collision.
    if (!(await this.acquire(lane, holder))) return this.lookAgain(endpointId, orderId);
    try {
      for (;;) {
        const [head] = await this.deliveries().findDocuments({
          filter: { endpointId, orderId, status: 'PENDING' },
          sort: [{ path: 'seq', direction: 'asc', numeric: true }],
          limit: 1,
        });
        if (!head) return;
        const now = this.options.clock();
        if (head.data.nextAttemptAt && Date.parse(head.data.nextAttemptAt) > now.getTime()) {
          await this.scheduleLane(endpointId, orderId, `retry-${head.id}-${head.data.attempts}`, new Date(head.data.nextAttemptAt));
          return;
        }
        if (!(await this.acquire(lane, holder))) return this.lookAgain(endpointId, orderId);
        const current = (await this.endpoints().get(endpointId))?.data;
        if (!current || current.status !== 'ACTIVE') return;
        const result = await this.send(current, head.data, now);
        const at = now.toISOString();
        const attempts = head.data.attempts + 1;
        if (result.error === null) {
          await this.deliveries().upsert(
            head.id,
            {
              ...head.data,
              status: 'DELIVERED',
              attempts,
              lastAttemptAt: at,
              lastError: null,
              lastStatus: result.status,
              deliveredAt: at,
              nextAttemptAt: null,
              failingSince: null,
            },
            head.revision + 1,
          );
          continue;
        }
        const failingSince = head.data.failingSince ?? at;
        const wait = Math.min(this.backoffMs * 2 ** (attempts - 1), this.maxBackoffMs);
        const nextAttemptAt = new Date(now.getTime() + wait).toISOString();
        await this.deliveries().upsert(
          head.id,
          { ...head.data, attempts, lastAttemptAt: at, lastError: result.error, lastStatus: result.status, nextAttemptAt, failingSince },
          head.revision + 1,
        );
        if (now.getTime() - Date.parse(failingSince) >= WEBHOOK_PAUSE_AFTER_MS) {
          this.options.logger?.info(`Webhook ${endpointId} paused: its messages have failed since ${failingSince}.`);
          await this.pause(endpointId);
          return;
        }
        await this.scheduleLane(endpointId, orderId, `retry-${head.id}-${attempts}`, new Date(nextAttemptAt));
        return;
      }
    } finally {
      await this.release(lane, holder);
    }
  }

  private async lookAgain(endpointId: string, orderId: string): Promise<void> {
    const at = new Date(this.options.clock().getTime() + 150 + Math.floor(Math.random() * 150));
    await this.scheduleLane(endpointId, orderId, `busy-${randomUUID()}`, at);
  }

  private async send(endpoint: WebhookEndpointRecord, delivery: WebhookDeliveryRecord, now: Date): Promise<{ status: number | null; error: string | null }> {
    // Checked again at every attempt: a host that resolves to an internal address today gets nothing.
    const target = await checkWebhookTarget(endpoint.url, this.options);
    if (!target.ok) return { status: null, error: target.message };
    const secrets = await this.secrets.signing(endpoint.id, now);
    if (secrets.length === 0) return { status: null, error: 'The endpoint has no secret.' };
    const timestamp = Math.floor(now.getTime() / 1000);
    return postWebhook(
      target,
      delivery.body,
      { [SIGNATURE_HEADER]: signatureHeader(secrets, timestamp, delivery.body), 'onsite-event-id': delivery.eventId, 'onsite-event-kind': delivery.kind },
      this.timeoutMs,
    );
  }

  private async pause(endpointId: string): Promise<void> {
    const id = `webhook-pause-${endpointId}-${this.now()}`;
    await handleCommand(this.stores.eventStore, webhookDecider, {
      streamId: webhookStreamId(endpointId),
      command: { type: 'PauseWebhook', data: { reason: 'failing' } },
      actor: SYSTEM_ACTOR,
      correlationId: id,
      causationId: id,
      clock: this.options.clock,
      newId: randomUUID,
      conflictRetries: 3,
    });
  }

  /**
   * Takes or extends the lane's lease (a minute by default, on the wall clock: a worker that dies holding it loses it
   * then);
   * false when another holder has it.
   */
  private async acquire(lane: string, holder: string): Promise<boolean> {
    const lanes = this.stores.documentStore.collection<LaneDocument>(WEBHOOK_LANES);
    const doc = await lanes.get(lane);
    if (doc && doc.data.lockedUntil > Date.now() && doc.data.holder !== holder) return false;
    return lanes.upsert(lane, { lockedUntil: Date.now() + this.laneLeaseMs, holder }, (doc?.revision ?? 0) + 1);
  }

  private async release(lane: string, holder: string): Promise<void> {
    const lanes = this.stores.documentStore.collection<LaneDocument>(WEBHOOK_LANES);
    const doc = await lanes.get(lane);
    if (doc && doc.data.holder === holder) await lanes.upsert(lane, { lockedUntil: 0, holder: '' }, doc.revision + 1);
  }

  /**
   * Changes a delivery under its revision, re-reading when a lane job wrote it meanwhile; `change` answers null to
   * leave it. Returns the delivery as written, or null.
   */
  private async updateDelivery(id: string, change: (d: WebhookDeliveryRecord) => WebhookDeliveryRecord | null): Promise<WebhookDeliveryRecord | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const doc = await this.deliveries().get(id);
      const next = doc ? change(doc.data) : null;
      if (!doc || !next) return null;
      if (await this.deliveries().upsert(id, next, doc.revision + 1)) return next;
    }
    throw new Error(`Webhook delivery ${id} kept changing; the event is handled again.`);
  }

  private endpoints() {
    return this.stores.documentStore.collection<WebhookEndpointRecord>(WEBHOOK_ENDPOINTS);
  }

  private deliveries() {
    return this.stores.documentStore.collection<WebhookDeliveryRecord>(WEBHOOK_DELIVERIES);
  }

  private now(): string {
    return this.options.clock().toISOString();
  }
}
