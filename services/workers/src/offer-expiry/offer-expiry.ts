import { DomainError, orderStreamId, type OfferExtended, type OfferMade, type RecordedEvent } from '@onsite/domain';
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
      const outcome = await commandPort.execute(
        streamId,
        { type: 'ExpireOffer', data: { offerId, expiresAt } },
        { causationId: job.id, correlationId: job.id },
      );
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

/** Orders per page of the scans at start: the memory they take does not grow with the number of open offers. */
export const REDERIVE_PAGE_SIZE = 500;

/**
 * The details of the orders the read model shows as OFFERED with an open offer, one at a time in the order of their
 * id, read a page at a time after the last id of the page before (keyset, D92): a scan holds one page however many
 * orders there are, and since an order's id never changes, one accepted, withdrawn or offered anew while the scan runs
 * moves no other order between pages. What such an order's row still shows is at worst a stale offer: its jobs find
 * that offer no longer open and do nothing, and the new offer's event reaches the handlers (subscribed before the
 * scans start), which schedule its job. A read model that cannot be read yet ends the scan (`unreadable`); so does
 * `signal`, before the next order (the workers stop).
 */
export async function* eachOfferedOrder<T extends { readonly _id: string }>(
  documentStore: DocumentStore,
  pageSize: number,
  unreadable: (error: unknown) => void,
  signal?: AbortSignal,
): AsyncGenerator<T> {
  const details = documentStore.collection<T>(ORDER_DETAILS_COLLECTION);
  for (let after: string | undefined; ;) {
    if (signal?.aborted) return;
    let page: T[];
    try {
      const filter = { status: 'OFFERED', openOfferId: { exists: true }, ...(after === undefined ? {} : { _id: { gt: after } }) };
      page = await details.find({ filter, sort: [{ path: '_id', direction: 'asc' }], limit: pageSize });
    } catch (error) {
      unreadable(error);
      return;
    }
    for (const detail of page) {
      if (signal?.aborted) return;
      yield detail;
    }
    if (page.length < pageSize) return;
    after = page.at(-1)!._id;
  }
}

/**
 * Re-derives pending expiries after a restart (the in-process scheduler keeps nothing): every order the read
 * model shows as OFFERED with an open offer gets its job again, with the same id (the OFFER event's version
 * is read from the order stream). Returns how many were scheduled (up to where `signal` stopped it).
 */
export async function rederiveOfferExpiries(
  stores: { readonly eventStore: EventStore; readonly documentStore: DocumentStore },
  scheduler: JobScheduler,
  logger?: WorkerLogger,
  pageSize = REDERIVE_PAGE_SIZE,
  /** Ends the scan before its next order (the workers stop). */
  signal?: AbortSignal,
): Promise<number> {
  const unreadable = (error: unknown) => logger?.error(`Offer expiry: ${ORDER_DETAILS_COLLECTION} is not readable; re-derivation stopped.`, error);
  let scheduled = 0;
  for await (const detail of eachOfferedOrder<OfferedDetail>(stores.documentStore, pageSize, unreadable, signal)) {
    if (!detail.openOfferId) continue;
    const streamId = orderStreamId(detail._id);
    const events = await stores.eventStore.readStream(streamId);
    // The latest OFFER or OFFER_EXTENDED of the open offer holds its expiry now.
    const offer = events
      .filter((e) => (e.type === 'OFFER' || e.type === 'OFFER_EXTENDED') && (e.data as OfferMade['data']).offerId === detail.openOfferId)
      .at(-1);
    if (!offer) continue;
    const data = offer.data as OfferMade['data'] | OfferExtended['data'];
    await scheduler.schedule(expiryJob({ streamId, offerId: data.offerId, offerVersion: offer.streamVersion, expiresAt: data.expiresAt }));
    scheduled++;
  }
  return scheduled;
}
