/**
 * Leases on named work (a projection), kept in the document store that the work writes to (D165). At most one holder
 * has a lease at a time; taking it over increments its fencing token, and every write of the work checks the token
 * inside its own transaction (`DocumentSession.fence`), so a holder that lost its lease cannot write any more.
 */
export interface Lease {
  readonly name: string;
  /** Incremented on every take-over: the fencing token. */
  readonly token: number;
}

export interface LeaseRecord extends Lease {
  /** Null when released or never taken. */
  readonly holder: string | null;
  readonly expiresAt: Date;
}

export interface LeaseStore {
  /**
   * Takes each named lease that is free: never taken, released, expired, or held by a process whose connection to the
   * store is gone (a process killed or crashed: no need to wait for its expiry). Returns the leases taken now, each
   * with its new token, valid for `ttlMs` from the store's clock.
   */
  acquire(names: readonly string[], holder: string, ttlMs: number): Promise<Lease[]>;
  /** Extends these leases by `ttlMs`; returns those still held with the same token (the others were taken over). */
  renew(leases: readonly Lease[], holder: string, ttlMs: number): Promise<Lease[]>;
  /** Gives the leases up at once (a clean stop): another process takes them at its next attempt. */
  release(leases: readonly Lease[], holder: string): Promise<void>;
  /** Every lease as stored (operations, tests). */
  list(): Promise<LeaseRecord[]>;
  /** Closes the store's own connection, if it keeps one. */
  close(): Promise<void>;
}

/** A write of a lease holder refused because the lease expired or was taken over. */
export class LeaseLostError extends Error {
  readonly code = 'lease_lost';
  constructor(readonly lost: readonly string[]) {
    super(`The lease of ${lost.join(', ')} was lost (expired or taken over by another process).`);
    this.name = 'LeaseLostError';
  }
}
