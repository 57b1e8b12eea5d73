import { foldStream, openOffer, orderDecider, orderStreamId, type OfferExtended, type OfferMade, type RecordedEvent } from '@onsite/domain';
import type { DocumentStore, EventStore } from '@onsite/infrastructure';
import type { EventHandler, WorkerLogger } from '../host/worker-host.js';
import { eachOfferedOrder, REDERIVE_PAGE_SIZE } from '../offer-expiry/offer-expiry.js';
import type { JobScheduler, ScheduledJob } from '../scheduler/job-scheduler.js';

const REMIND_OFFER_JOB = 'remind-offer';
/** Customers are reminded this long before an open offer expires (24 h, docs/product.md). */
export const DEFAULT_REMINDER_LEAD_MS = 24 * 3_600_000;
const OFFER_REMINDER_SENT = 'OFFER_REMINDER_SENT';

/** What the api sends: the customer's planners hear that this offer expires soon. Resolves with the addresses reached. */
export interface OfferReminderSender {
  remind(reminder: {
    readonly orderId: string;
    readonly refId: string;
    readonly companyId: string;
    readonly offerId: string;
    readonly expiresAt: string;
  }): Promise<readonly string[]>;
}

interface RemindOfferPayload {
  readonly streamId: string;
  readonly offerId: string;
  readonly expiresAt: string;
}

/** One reminder per offer and expiry: an extension (a new expiry) gets its own, the same expiry never a second. */
const reminderKey = (offerId: string, expiresAt: string): string => `${offerId}-${Date.parse(expiresAt)}`;
export const reminderStreamId = (offerId: string, expiresAt: string): string => `offer-reminder-${reminderKey(offerId, expiresAt)}`;

function reminderJob(payload: RemindOfferPayload, leadMs: number): ScheduledJob<RemindOfferPayload> {
  return {
    id: `remind-offer-${reminderKey(payload.offerId, payload.expiresAt)}`,
    name: REMIND_OFFER_JOB,
    runAt: new Date(Date.parse(payload.expiresAt) - leadMs),
    payload,
  };
}

/**
 * On OFFER and OFFER_EXTENDED: schedule the reminder `leadMs` before the expiry — unless the offer was made with
 * less time than that left, when the customer has just been told anyway.
 */
export function offerReminderHandler(scheduler: JobScheduler, leadMs: number): EventHandler {
  return {
    name: 'offer-reminder',
    handles: ['OFFER', 'OFFER_EXTENDED'],
    async handle(event: RecordedEvent) {
      if (!event.streamId.startsWith('order-')) return;
      const data = event.data as OfferMade['data'] | OfferExtended['data'];
      if (Date.parse(data.expiresAt) - leadMs <= Date.parse(event.recordedAt)) return;
      await scheduler.schedule(reminderJob({ streamId: event.streamId, offerId: data.offerId, expiresAt: data.expiresAt }, leadMs));
    },
  };
}

/**
 * The job: if the offer is still the open one with that expiry, and no reminder for it was recorded, send it and
 * record OFFER_REMINDER_SENT on its own stream (appended only to an empty stream, so a second run finds it).
 * A run after an accept, a rejection, a new offer or an extension sends nothing.
 */
export function registerOfferReminderJob(
  stores: { readonly eventStore: EventStore },
  scheduler: JobScheduler,
  sender: OfferReminderSender,
  clock: () => Date,
  logger?: WorkerLogger,
): void {
  scheduler.register<RemindOfferPayload>(REMIND_OFFER_JOB, async (job) => {
    const { streamId, offerId, expiresAt } = job.payload;
    const marker = reminderStreamId(offerId, expiresAt);
    if ((await stores.eventStore.readStream(marker)).length > 0) return;
    const state = foldStream(orderDecider, await stores.eventStore.readStream(streamId));
    if (state.status !== 'OFFERED') return;
    const offer = openOffer(state);
    if (offer?.offerId !== offerId || Date.parse(offer.expiresAt) !== Date.parse(expiresAt)) return;
    const recipients = await sender.remind({
      orderId: state.order.orderId,
      refId: state.order.refId,
      companyId: state.order.customer.companyId,
      offerId,
      expiresAt,
    });
    const now = clock().toISOString();
    await stores.eventStore.appendToStream(
      marker,
      [
        {
          type: OFFER_REMINDER_SENT,
          data: { orderId: state.order.orderId, offerId, expiresAt, recipients: recipients.length },
          metadata: { actorUserId: 'system', correlationId: job.id, causationId: job.id, occurredAt: now },
        },
      ],
      0,
    );
    logger?.info(`Offer ${offerId} of ${state.order.refId}: reminder sent to ${recipients.length} recipient(s).`);
  });
}

interface OfferedDetail {
  readonly _id: string;
  readonly openOfferId: string | null;
  readonly offers?: readonly { readonly offerId: string; readonly expiresAt: string; readonly offeredAt?: string }[];
}

/** After a restart: every open offer whose reminder is still ahead gets its job again (same id: no duplicates). */
export async function rederiveOfferReminders(
  stores: { readonly documentStore: DocumentStore },
  scheduler: JobScheduler,
  leadMs: number,
  clock: () => Date,
  pageSize = REDERIVE_PAGE_SIZE,
  /** Ends the scan before its next order (the workers stop). */
  signal?: AbortSignal,
): Promise<number> {
  let scheduled = 0;
  for await (const detail of eachOfferedOrder<OfferedDetail>(stores.documentStore, pageSize, () => {}, signal)) {
    const offer = detail.offers?.find((o) => o.offerId === detail.openOfferId);
    if (!offer || Date.parse(offer.expiresAt) <= clock().getTime()) continue;
    // Made with less time left than the lead: no reminder (as when the handler saw it).
    if (offer.offeredAt && Date.parse(offer.expiresAt) - leadMs <= Date.parse(offer.offeredAt)) continue;
    await scheduler.schedule(reminderJob({ streamId: orderStreamId(detail._id), offerId: offer.offerId, expiresAt: offer.expiresAt }, leadMs));
    scheduled++;
  }
  return scheduled;
}
