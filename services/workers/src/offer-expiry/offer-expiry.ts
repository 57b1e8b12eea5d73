import { DomainError, type OfferExtended, type OfferMade, type RecordedEvent } from '@onsite/domain';
import type { DocumentStore, EventStore } from '@onsite/infrastructure';
import type { CommandPort } from '../commands/command-port.js';
import type { EventHandler, WorkerLogger } from '../host/worker-host.js';
import type { JobScheduler, ScheduledJob } from '../scheduler/job-scheduler.js';

const EXPIRE_OFFER_JOB = 'expire-offer';
/** The orders projection's detail collection (projections/src/orders); read, never written, here. */
export const ORDER_DETAILS_COLLECTION = 'order_details';

interface ExpireOfferPayload {
  readonly streamId: string;
  readonly offerId: string;
  /** The order stream version of the OFFER event. */
  readonly offerVersion: number;
  readonly expiresAt: string;
}

/** One job per offer: the offer id and the version of the OFFER event, so scheduling it twice is a no-op. */
const expiryJobId = (offerId: string, offerVersion: number): string => `expire-offer-${offerId}-v${offerVersion}`;

function expiryJob(payload: ExpireOfferPayload): ScheduledJob<ExpireOfferPayload> {
  return { id: expiryJobId(payload.offerId, payload.offerVersion), name: EXPIRE_OFFER_JOB, runAt: new Date(payload.expiresAt), payload };
}

/** On OFFER and OFFER_EXTENDED: schedule the expiry at expiresAt (the job of an earlier expiry then does nothing). */
export function offerExpiryHandler(scheduler: JobScheduler): EventHandler {
  return {
    name: 'offer-expiry',
    handles: ['OFFER', 'OFFER_EXTENDED'],
    async handle(event: RecordedEvent) {
      if (!event.streamId.startsWith('order-')) return;
      const data = event.data as OfferMade['data'] | OfferExtended['data'];
      await scheduler.schedule(expiryJob({ streamId: event.streamId, offerId: data.offerId, offerVersion: event.streamVersion, expiresAt: data.expiresAt }));
    },
  };
}

/**
 * The job: ExpireOffer through the command port. The domain makes it a no-op when the offer is no longer the
 * open one (accepted, rejected, removed, replaced or already expired), so a late or repeated run is harmless.
 * A run slightly before the expiry (clock skew) is refused by the domain and retried by the scheduler.
 */
export function registerOfferExpiryJob(scheduler: JobScheduler, commandPort: CommandPort, logger?: WorkerLogger): void {
  scheduler.register<ExpireOfferPayload>(EXPIRE_OFFER_JOB, async (job) => {
    const { streamId, offerId, expiresAt } = job.payload;
    try {
      const outcome = await commandPort.execute(streamId, { type: 'ExpireOffer', data: { offerId, expiresAt } }, { causationId: job.id, correlationId: job.id });
      if (outcome.appended > 0) logger?.info(`Offer ${offerId} of ${streamId} expired.`);
    } catch (error) {
      // Access or status errors can never succeed on retry: log and finish the job.
      if (error instanceof DomainError && error.kind !== 'conflict') {
        logger?.error(`Offer expiry ${offerId} of ${streamId} refused.`, error);
        return;
      }
      throw error;
    }
  });
}

interface OfferedDetail {
  readonly _id: string;
  readonly status: string;
  readonly openOfferId: string | null;
  readonly offers?: readonly { readonly offerId: string; readonly expiresAt: string }[];
}

/**
 * Re-derives pending expiries after a restart (the in-process scheduler keeps nothing): every order the read
 * model shows as OFFERED with an open offer gets its job again, with the same id (the OFFER event's version
 * is read from the order stream). Returns how many were scheduled.
 */
export async function rederiveOfferExpiries(
  stores: { readonly eventStore: EventStore; readonly documentStore: DocumentStore },
  scheduler: JobScheduler,
  logger?: WorkerLogger,
): Promise<number> {
  let offered: OfferedDetail[];
  try {
    offered = await stores.documentStore.collection<OfferedDetail>(ORDER_DETAILS_COLLECTION).find({ filter: { status: 'OFFERED', openOfferId: { exists: true } } });
  } catch (error) {
    logger?.error(`Offer expiry: ${ORDER_DETAILS_COLLECTION} is not readable yet; nothing re-derived.`, error);
    return 0;
  }
  let scheduled = 0;
  for (const detail of offered) {
    if (!detail.openOfferId) continue;
    const streamId = `order-${detail._id}`;
    const events = await stores.eventStore.readStream(streamId);
    // The latest OFFER or OFFER_EXTENDED of the open offer holds its expiry now.
    const offer = events.filter((e) => (e.type === 'OFFER' || e.type === 'OFFER_EXTENDED') && (e.data as OfferMade['data']).offerId === detail.openOfferId).at(-1);
    if (!offer) continue;
    const data = offer.data as OfferMade['data'] | OfferExtended['data'];
    await scheduler.schedule(expiryJob({ streamId, offerId: data.offerId, offerVersion: offer.streamVersion, expiresAt: data.expiresAt }));
    scheduled++;
  }
  return scheduled;
}
