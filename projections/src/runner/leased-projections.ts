import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { LeaseLostError, type DocumentSession, type Lease, type LeaseStore } from '@onsite/infrastructure';
import { projectionVersion, versionKey, type Projection } from './projection.js';
import {
  countEventsAfter,
  headOfLog,
  ProjectionRunner,
  type ProjectionLogger,
  type ProjectionRunnerOptions,
  type ReadModelProgress,
  type WaitOptions,
} from './projection-runner.js';
import type { ProjectionStores } from './rebuild.js';
import { SharedCheckpoints } from './shared-checkpoints.js';

/** D165: renewed every second, a lease lasts three; a process that is not holding tries to take one ten times a second. */
export const LEASE_TTL_MS = 3_000;
export const LEASE_RENEW_MS = 1_000;
export const LEASE_ATTEMPT_MS = 100;

export interface LeasedProjectionsOptions extends Omit<ProjectionRunnerOptions, 'fence' | 'onLeaseLost' | 'declared' | 'onCommitted'> {
  /** This process's name in the lease table (default: host, pid and a random suffix). */
  readonly holder?: string;
  readonly ttlMs?: number;
  readonly renewMs?: number;
  readonly attemptMs?: number;
  /** Called whenever the set of projections this process runs changes. */
  readonly onHeld?: (names: readonly string[]) => void;
  /** Told of every batch the runner of this process commits (the shared waits of this process). */
  readonly onAdvance?: (names: readonly string[], checkpoint: string) => void;
}

/** Declares every collection of these projections (the store learns what it keeps per collection, D98, D81). */
export async function declareCollections(stores: ProjectionStores, projections: readonly Projection[]): Promise<void> {
  for (const projection of projections) {
    const stored = await stores.documentStore.getCheckpoint(versionKey(projection));
    // A projection whose version changed is rebuilt by the process that takes its lease; its old tables stay as they are.
    if (stored !== null && stored !== projectionVersion(projection)) continue;
    for (const definition of projection.collections) await stores.documentStore.ensureCollection(definition);
  }
}

/**
 * Projections as competing consumers (D165): each projection is run by the one process holding its lease in the
 * document store. Every process runs this for every projection; the one that holds a projection's lease runs it (one
 * ProjectionRunner for all it holds, restarted when that set changes), renews it every `renewMs`, and writes each
 * batch only while the store confirms the lease inside the batch's transaction. A process that holds no lease tries
 * to take the free ones every `attemptMs`: a lease is free when released, expired, or when its holder's connection to
 * the store is gone (a killed process), so a take-over follows a kill within about `attemptMs`, a stall within `ttlMs`.
 */
export class LeasedProjections {
  readonly holder: string;
  private readonly leases: LeaseStore;
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private readonly attemptMs: number;
  private readonly logger: ProjectionLogger;
  private held = new Map<string, Lease>();
  /** performance.now() until which the leases are surely valid: the send time of the last renewal plus the TTL. */
  private validUntil = 0;
  private lastRenewal = 0;
  private runner: ProjectionRunner | undefined;
  /** The projections the runner was started for ('' for none). */
  private runnerSet = '';
  /** Restarts run one after the other, beside the rounds: a long start (a rebuild) does not hold up the renewals. */
  private restarting: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private tickAgain = false;
  private running = false;

  constructor(
    private readonly stores: ProjectionStores,
    private readonly projections: readonly Projection[],
    private readonly options: LeasedProjectionsOptions = {},
  ) {
    const leases = stores.documentStore.leases;
    if (!leases) throw new Error(`The ${stores.documentStore.name} document store keeps no leases: run the projections in one process.`);
    this.leases = leases;
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS;
    this.renewMs = options.renewMs ?? LEASE_RENEW_MS;
    this.attemptMs = options.attemptMs ?? LEASE_ATTEMPT_MS;
    this.logger = options.logger ?? { info: (message) => console.log(message), error: (message, error) => console.error(message, error) };
  }

  /** The projections this process runs now. */
  heldNames(): string[] {
    return [...this.held.keys()].sort();
  }

  async start(): Promise<void> {
    this.running = true;
    await declareCollections(this.stores, this.projections);
    await this.tick();
    this.timer = setInterval(() => void this.tick(), Math.min(this.attemptMs, this.renewMs));
  }

  /** Stops applying and releases the leases, so that another process takes them at its next attempt. */
  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    await this.restarting;
    await this.runner?.stop();
    this.runner = undefined;
    const held = [...this.held.values()];
    this.held = new Map();
    await this.leases.release(held, this.holder).catch(() => undefined);
  }

  /** One round: renew what is held (when due), try to take what is not, restart the runner when the set changed. */
  private tick(): Promise<void> {
    if (this.ticking) {
      this.tickAgain = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      try {
        do {
          this.tickAgain = false;
          await this.round();
        } while (this.tickAgain && this.running);
      } catch (error) {
        this.logger.error('Projections: the lease round failed; trying again.', error);
      } finally {
        this.ticking = undefined;
      }
    })();
    return this.ticking;
  }

  private async round(): Promise<void> {
    if (!this.running) return;
    const now = performance.now();
    if (this.held.size > 0 && (now - this.lastRenewal >= this.renewMs || now >= this.validUntil)) {
      try {
        const kept = await this.leases.renew([...this.held.values()], this.holder, this.ttlMs);
        this.validUntil = now + this.ttlMs;
        this.lastRenewal = now;
        this.held = new Map(kept.map((lease) => [lease.name, lease]));
      } catch (error) {
        this.logger.error('Projections: renewing the leases failed.', error);
      }
      // Not confirmed in time: this process must assume another has taken them.
      if (performance.now() >= this.validUntil) this.held = new Map();
    }
    const free = this.projections.map((projection) => projection.name).filter((name) => !this.held.has(name));
    if (free.length > 0 && this.running) {
      const sent = performance.now();
      const taken = await this.leases.acquire(free, this.holder, this.ttlMs).catch((error: unknown) => {
        this.logger.error('Projections: taking leases failed.', error);
        return [];
      });
      if (taken.length > 0) {
        // Every lease of this process now counts from the older of the two confirmations.
        if (this.held.size === 0) {
          this.validUntil = sent + this.ttlMs;
          this.lastRenewal = sent;
        }
        for (const lease of taken) this.held.set(lease.name, lease);
      }
    }
    if (this.heldNames().join(',') !== this.runnerSet) this.restarting = this.restarting.then(() => this.restart());
  }

  /** Stops the runner of the old set and starts one for the projections held now. */
  private async restart(): Promise<void> {
    const names = this.heldNames();
    const before = this.runnerSet;
    if (names.join(',') === before || !this.running) return;
    await this.runner?.stop();
    this.runner = undefined;
    this.runnerSet = names.join(',');
    this.logger.info(`Projections: ${this.holder} now runs ${names.length > 0 ? names.join(', ') : 'none'}${before ? ` (before: ${before})` : ''}.`);
    this.options.onHeld?.(names);
    if (names.length === 0) return;
    const leases = [...this.held.values()];
    const runner = new ProjectionRunner(
      this.stores,
      this.projections.filter((projection) => this.held.has(projection.name)),
      {
        ...this.options,
        declared: true,
        fence: (session) => this.fence(session, leases),
        onLeaseLost: (error) => {
          this.logger.info(`Projections: ${error.message} ${this.holder} stops applying it.`);
          for (const name of error.lost) this.held.delete(name);
          void this.tick();
        },
        onCommitted: () => this.stores.documentStore.announceCheckpoints?.(),
        onApplied: (events, checkpoint) => {
          this.options.onAdvance?.(names, checkpoint);
          this.options.onApplied?.(events, checkpoint);
        },
      },
    );
    try {
      await runner.start();
      this.runner = runner;
      this.options.onAdvance?.(names, runner.position());
    } catch (error) {
      this.logger.error('Projections: starting the runner of the held projections failed; releasing them.', error);
      await runner.stop().catch(() => undefined);
      await this.leases.release(leases, this.holder).catch(() => undefined);
      for (const lease of leases) if (this.held.get(lease.name) === lease) this.held.delete(lease.name);
      this.runnerSet = '';
    }
  }

  /** The batch's transaction may write only while this process holds every lease it writes under. */
  private async fence(session: DocumentSession, leases: readonly Lease[]): Promise<void> {
    if (performance.now() >= this.validUntil) throw new LeaseLostError(leases.map((lease) => lease.name));
    if (!session.fence) throw new Error(`The ${this.stores.documentStore.name} document store cannot fence its writes.`);
    await session.fence(this.holder, leases, this.ttlMs);
  }
}

export type ProjectionsMode = 'all' | 'lease' | 'none';

/**
 * The read models of a process that shares the projections with others (D166): with `lease`, it competes for the
 * projections' leases (LeasedProjections); with `none`, it projects nothing. Either way its waits (a command's
 * read-your-writes) are for the checkpoints in the store, whoever writes them.
 */
export class SharedProjections implements ReadModelProgress {
  readonly checkpoints: SharedCheckpoints;
  readonly leased: LeasedProjections | undefined;

  constructor(
    private readonly stores: ProjectionStores,
    private readonly projections: readonly Projection[],
    options: LeasedProjectionsOptions & { readonly lease: boolean; readonly pollMs?: number },
  ) {
    this.checkpoints = new SharedCheckpoints(stores, projections, options.pollMs === undefined ? {} : { pollMs: options.pollMs });
    this.leased = options.lease
      ? new LeasedProjections(stores, projections, {
          ...options,
          onHeld: (names) => {
            this.checkpoints.setLocal(names);
            options.onHeld?.(names);
          },
          onAdvance: (names, checkpoint) => {
            this.checkpoints.advance(names, checkpoint);
            options.onAdvance?.(names, checkpoint);
          },
        })
      : undefined;
  }

  async start(): Promise<void> {
    if (this.leased) await this.leased.start();
    else await declareCollections(this.stores, this.projections);
    await this.checkpoints.start();
  }

  async stop(): Promise<void> {
    await this.leased?.stop();
    await this.checkpoints.stop();
  }

  position(names?: readonly string[]): string {
    return this.checkpoints.position(names);
  }

  waitFor(checkpoint: string, options?: WaitOptions): Promise<void> {
    return this.checkpoints.waitFor(checkpoint, options);
  }

  async catchUp(options: WaitOptions = {}): Promise<void> {
    await this.waitFor(await headOfLog(this.stores.eventStore, this.position(options.projections)), options);
  }

  async lag(options: { readonly maxEvents?: number; readonly now?: number } = {}): Promise<{ projection: string; events: number; seconds: number }[]> {
    const maxEvents = options.maxEvents ?? 10_000;
    const now = options.now ?? Date.now();
    return Promise.all(
      this.projections.map(async ({ name }) => {
        const { events, oldest } = await countEventsAfter(this.stores.eventStore, this.position([name]), maxEvents);
        return { projection: name, events, seconds: oldest ? Math.max(0, (now - Date.parse(oldest)) / 1000) : 0 };
      }),
    );
  }
}
