import { MongoServerError, type ClientSession, type Db } from 'mongodb';
import { LeaseLostError, type Lease, type LeaseRecord, type LeaseStore } from '../document-store/leases.js';

/** The lease documents (D165): `{ _id: name, holder, token, expiresAt }`, times from the server's clock ($$NOW). */
const LEASES = 'projection_leases';

interface LeaseShape {
  _id: string;
  holder: string | null;
  token: number;
  expiresAt: Date;
  fenced?: number;
}

/**
 * Leases on MongoDB. MongoDB has no sign of a client's death that another client can read, so a lease whose holder
 * died is free at its expiry (a take-over within the TTL plus one attempt), where PostgreSQL frees it at once.
 */
export class MongoLeaseStore implements LeaseStore {
  constructor(private readonly db: Db) {}

  private get raw() {
    return this.db.collection<LeaseShape>(LEASES);
  }

  async acquire(names: readonly string[], holder: string, ttlMs: number): Promise<Lease[]> {
    if (names.length === 0) return [];
    try {
      await this.raw.bulkWrite(
        names.map((name) => ({
          updateOne: { filter: { _id: name }, update: { $setOnInsert: { holder: null, token: 0, expiresAt: new Date(0) } }, upsert: true },
        })),
        { ordered: false },
      );
    } catch (error) {
      // Two processes inserting the same lease at once: one insert wins, which is all that is needed.
      if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
    }
    const taken: Lease[] = [];
    for (const name of names) {
      const doc = await this.raw.findOneAndUpdate(
        { _id: name, $or: [{ holder: null }, { $expr: { $lte: ['$expiresAt', '$$NOW'] } }] },
        [{ $set: { holder, token: { $add: ['$token', 1] }, expiresAt: { $add: ['$$NOW', ttlMs] } } }],
        { returnDocument: 'after' },
      );
      if (doc) taken.push({ name, token: doc.token });
    }
    return taken;
  }

  async renew(leases: readonly Lease[], holder: string, ttlMs: number): Promise<Lease[]> {
    const kept: Lease[] = [];
    for (const lease of leases) {
      const result = await this.raw.updateOne({ _id: lease.name, holder, token: lease.token }, [{ $set: { expiresAt: { $add: ['$$NOW', ttlMs] } } }]);
      if (result.matchedCount === 1) kept.push(lease);
    }
    return kept;
  }

  async release(leases: readonly Lease[], holder: string): Promise<void> {
    for (const lease of leases) await this.raw.updateOne({ _id: lease.name, holder, token: lease.token }, { $set: { holder: null, expiresAt: new Date(0) } });
  }

  async list(): Promise<LeaseRecord[]> {
    const docs = await this.raw.find({}).sort({ _id: 1 }).toArray();
    return docs.map((doc) => ({ name: doc._id, holder: doc.holder, token: doc.token, expiresAt: doc.expiresAt }));
  }

  async close(): Promise<void> {}
}

/**
 * Inside a transaction: writes each lease document (its token and holder unchanged, still unexpired), so a take-over
 * of any of them, a write of the same document, conflicts with this transaction and one of the two fails. MongoDB
 * ends a transaction by its own lifetime limit (transactionLifetimeLimitSeconds), not by `stallMs`.
 */
export async function fenceMongoLeases(db: Db, session: ClientSession, holder: string, leases: readonly Lease[]): Promise<void> {
  const lost: string[] = [];
  for (const lease of leases) {
    const result = await db
      .collection<LeaseShape>(LEASES)
      .updateOne({ _id: lease.name, holder, token: lease.token, $expr: { $gt: ['$expiresAt', '$$NOW'] } }, { $inc: { fenced: 1 } }, { session });
    if (result.matchedCount !== 1) lost.push(lease.name);
  }
  if (lost.length > 0) throw new LeaseLostError(lost);
}
