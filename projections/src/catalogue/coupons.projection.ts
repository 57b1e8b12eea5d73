import { couponDecider, type Coupon, type CouponEvent, type CouponState, type RecordedEvent } from '@onsite/domain';
import { type ManagedCoupon } from '@onsite/contracts';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const COUPONS = 'coupons';

/** One change of a coupon as its history shows it: who (and for whom), when, and what was set. */
export interface CouponChange {
  readonly at: string;
  readonly actorUserId: string;
  readonly onBehalfOfUserId?: string;
  readonly type: CouponEvent['type'];
  readonly data: CouponEvent['data'];
}

interface CouponDocument {
  /** The code. */
  readonly id: string;
  readonly state: CouponState;
  readonly updatedAt: string;
  /** Newest last. */
  readonly history: readonly CouponChange[];
}

/** The coupons staff manage (D204), one document per code, folded by the domain's own evolve. */
export const couponsProjection: Projection = {
  name: 'coupons',
  collections: [{ name: COUPONS }],
  handles: ['COUPON_CREATED', 'COUPON_CHANGED', 'COUPON_RETIRED'] satisfies readonly CouponEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const collection = session.collection<CouponDocument>(COUPONS);
    const event = { type: recorded.type, data: recorded.data } as CouponEvent;
    const code = event.type === 'COUPON_RETIRED' ? event.data.code : event.data.coupon.code;
    const found = await collection.get(code);
    // The coupon's stream version guards its document: a repeated or older event changes nothing.
    if (found && found.revision >= recorded.streamVersion) return;
    const current = found?.data ?? { id: code, state: couponDecider.initialState, updatedAt: recorded.metadata.occurredAt, history: [] };
    const { actorUserId, onBehalfOfUserId, occurredAt } = recorded.metadata;
    const change: CouponChange = { at: occurredAt, actorUserId, ...(onBehalfOfUserId ? { onBehalfOfUserId } : {}), type: event.type, data: event.data };
    await collection.upsert(
      code,
      { id: code, state: couponDecider.evolve(current.state, event), updatedAt: occurredAt, history: [...current.history, change] },
      recorded.streamVersion,
    );
  },
};

const view = (doc: CouponDocument): ManagedCoupon => {
  const coupon = doc.state.coupon!;
  return {
    code: coupon.code,
    description: { ...(coupon.description ?? {}) },
    countries: [...coupon.countries],
    ...(coupon.validFrom ? { validFrom: coupon.validFrom } : {}),
    ...(coupon.validTo ? { validTo: coupon.validTo } : {}),
    ...(coupon.discountPercent !== undefined ? { discountPercent: coupon.discountPercent } : {}),
    retired: doc.state.retired,
    updatedAt: doc.updatedAt,
  };
};

/** Every managed coupon, by code (a few dozen at most). */
export async function listManagedCoupons(store: DocumentSession): Promise<ManagedCoupon[]> {
  const docs = await store.collection<CouponDocument>(COUPONS).find({ sort: [{ path: 'id', direction: 'asc' }] });
  return docs.filter((d) => d.state.coupon).map(view);
}

export async function getManagedCoupon(store: DocumentSession, code: string): Promise<ManagedCoupon | null> {
  const doc = (await store.collection<CouponDocument>(COUPONS).get(code))?.data;
  return doc?.state.coupon ? view(doc) : null;
}

/** A coupon's changes, newest first; null for an unknown code. */
export async function readCouponHistory(store: DocumentSession, code: string): Promise<CouponChange[] | null> {
  const doc = (await store.collection<CouponDocument>(COUPONS).get(code))?.data;
  return doc ? [...doc.history].reverse() : null;
}

/**
 * The managed coupon with this code as customers' orders judge it: absent when retired. Undefined when staff never
 * managed the code, so that a coupon published with an older catalogue still answers (findCoupon).
 */
export async function findManagedCoupon(store: DocumentSession, code: string): Promise<{ coupon: Coupon | null } | undefined> {
  const doc = (await store.collection<CouponDocument>(COUPONS).get(code))?.data;
  if (!doc?.state.coupon) return undefined;
  return { coupon: doc.state.retired ? null : doc.state.coupon };
}
