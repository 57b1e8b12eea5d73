import type { RecordedEvent } from '@onsite/domain';
import { LeaseLostError, START, type DocumentSession, type EventStore, type Subscription } from '@onsite/infrastructure';
import { applyInTransaction, checkProjectionNames, projectionVersion, versionKey, type Projection, type ProjectionWork } from './projection.js';
import { rebuild, RebuildAborted, type ProjectionStores } from './rebuild.js';

export interface ProjectionLogger {
  info(message: string): void;
  error(message: string, error: unknown): void;
}

export interface ProjectionRunnerOptions {
  /** Events per read and per transaction (default 500). */
  readonly batchSize?: number;
  /** First retry delay after a failed batch, doubled up to maxRetryDelayMs (defaults 200 ms and 10 s). */
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  readonly logger?: ProjectionLogger;
  /** Called after each batch is applied (committed), with its events: lets a process measure its lag. */
  readonly onApplied?: (events: readonly RecordedEvent[], checkpoint: string) => void;
  /**
   * The document id that no collection can hold before the first event of this stream (e.g. an order's id for its
   * stream), or undefined. A live batch that holds a stream's first event then reads none of its documents; a rebuild
   * at start reads a chunk's stream documents together (D122).
   */
  readonly newStreamDocument?: (streamId: string) => string | undefined;
  /**
   * Runs first in every transaction that writes documents or checkpoints, and throws LeaseLostError when this process
   * may no longer write them (its lease expired or was taken over, D165): the runner then applies nothing more and
   * calls `onLeaseLost`.
   */
  readonly fence?: (session: DocumentSession) => Promise<void>;
  readonly onLeaseLost?: (error: LeaseLostError) => void;
  /** The collections were declared by this process already (`declareCollections`): start does not declare them again. */
  readonly declared?: boolean;
  /** After a batch whose documents or checkpoints were written: e.g. `DocumentStore.announceCheckpoints`. */
  readonly onCommitted?: () => void;
}

export interface WaitOptions {
  /** Default 30 s. */
  readonly timeoutMs?: number;
  /** Only these projections (default: all). */
  readonly projections?: readonly string[];
  /**
   * Only the projections that handle one of these event types (with `projections`: both must hold). A command waits
   * for the read models its events change; the others have nothing to apply from them.
   */
  readonly eventTypes?: readonly string[];
}

/** What the api waits on: the read models of this process (ProjectionRunner) or those projected elsewhere (D166). */
export interface ReadModelProgress {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** How far the slowest of these projections (default: all) is known to have applied events. */
  position(names?: readonly string[]): string;
  /** Resolves once the projections (see WaitOptions) have applied everything up to `checkpoint`. */
  waitFor(checkpoint: string, options?: WaitOptions): Promise<void>;
  /** Resolves once the projections have applied every event committed (and visible) when it was called. */
  catchUp(options?: WaitOptions): Promise<void>;
  /** The new versions being built beside the live ones (D210): events read so far of the log's. */
  upgrades?(): { projection: string; processed: number; total: number }[];
  /** How far each projection is behind the log, in events and in seconds (see ProjectionRunner.lag). */
  lag(options?: { readonly maxEvents?: number; readonly now?: number }): Promise<{ projection: string; events: number; seconds: number }[]>;
}

/** The events committed after `from` (counted up to `maxEvents`) and when the oldest of them was recorded. */
export async function countEventsAfter(eventStore: EventStore, from: string, maxEvents: number): Promise<{ events: number; oldest: string | undefined }> {
  let events = 0;
  let oldest: string | undefined;
  for (let checkpoint = from; events < maxEvents;) {
    const batch = await eventStore.readAll(checkpoint, Math.min(1000, maxEvents - events));
    if (batch.events.length === 0) break;
    oldest ??= batch.events[0]!.recordedAt;
    events += batch.events.length;
    checkpoint = batch.checkpoint;
  }
  return { events, oldest };
}

/** The log's head as seen now, read onwards from `from`. */
export async function headOfLog(eventStore: EventStore, from: string): Promise<string> {
  let head = from;
  for (;;) {
    const batch = await eventStore.readAll(head, 1000);
    if (batch.events.length === 0) return head;
    head = batch.checkpoint;
  }
}

/** The names of the projections a wait is for. */
export function waitedProjections(projections: readonly Projection[], options: WaitOptions): string[] {
  const types = options.eventTypes ? new Set(options.eventTypes) : undefined;
  const named = options.projections ? new Set(options.projections) : undefined;
  for (const name of named ?? []) if (!projections.some((projection) => projection.name === name)) throw new Error(`Unknown projection ${name}.`);
  return projections
    .filter((projection) => (!named || named.has(projection.name)) && (!types || projection.handles.some((type) => types.has(type))))
    .map((projection) => projection.name);
}

export class ProjectionWaitTimeoutError extends Error {
  readonly code = 'projection_wait_timeout';
  constructor(
    readonly checkpoint: string,
    readonly pending: readonly string[],
  ) {
    super(`Projections ${pending.join(', ')} did not reach checkpoint ${checkpoint} in time.`);
    this.name = 'ProjectionWaitTimeoutError';
  }
}

interface ProjectionState {
  readonly projection: Projection;
  readonly handles: ReadonlySet<string>;
  /** Everything up to here is applied (and committed, where the projection handles any of it). */
  checkpoint: string;
  /** What the store holds as this projection's checkpoint, and when it was written. */
  stored: { checkpoint: string; at: number };
  /** Events applied since its collections' statistics were last refreshed. */
  sinceStatistics: number;
}

/**
 * A batch with no event a projection handles changes none of its documents: its checkpoint is moved in memory
 * and written at most this often (and on stop). Losing it in a crash only means re-reading events it ignores.
 */
const IDLE_CHECKPOINT_MS = 5_000;

/**
 * After this many applied events a projection's collections get fresh planner statistics (PGlite has no autovacuum:
 * a read model that grew live would otherwise be planned as if it were as small as when it was last analysed): each
 * one that has grown by half since this process last analysed it (D118). ANALYZE holds up the embedded store while it
 * runs (seconds for the order collections of 100,000 orders), and a collection that large is planned no differently
 * for a few per cent more documents.
 */
const STATISTICS_EVERY_EVENTS = 20_000;
const STATISTICS_GROWTH = 1.5;

/**
 * Keeps projections up to date: one subscription for all of them, from the oldest of their stored checkpoints;
 * each batch of events is read once and applied to every projection that handles some of it, with their
 * checkpoints, in one document-store transaction, so a crash neither loses nor repeats a batch and the read models
 * move together (the events of concurrent commands that queued meanwhile form one batch: one transaction for all).
 * A failing batch is logged and retried with backoff, never skipped; the read models wait for it.
 */
export class ProjectionRunner implements ReadModelProgress {
  private readonly states: ProjectionState[];
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly logger: ProjectionLogger;
  private readonly onApplied: ProjectionRunnerOptions['onApplied'];
  private readonly newStreamDocument: ProjectionRunnerOptions['newStreamDocument'];
  private readonly fence: ProjectionRunnerOptions['fence'];
  private readonly onLeaseLost: ProjectionRunnerOptions['onLeaseLost'];
  private readonly declared: boolean;
  private readonly onCommitted: ProjectionRunnerOptions['onCommitted'];
  /** Set once a fence refused a write: nothing more is applied. */
  private fenced: LeaseLostError | undefined;
  private subscription: Subscription | undefined;
  private running = false;
  /** Wakes retry sleeps and waiters; replaced on every start. */
  private stopSignal = new Signal();
  private readonly progress = new Signal();
  /** Batches and an upgrade's swap take turns (one at a time). */
  private batchLock: Promise<unknown> = Promise.resolve();
  /** The projections whose new version is being built beside the live one, and that build (D210). */
  private upgrading: Projection[] = [];
  private upgrade: Promise<void> | undefined;
  private upgradeProgress = { processed: 0, total: 0 };

  constructor(
    private readonly stores: ProjectionStores,
    projections: readonly Projection[],
    options: ProjectionRunnerOptions = {},
  ) {
    checkProjectionNames(projections);
    this.states = projections.map((projection) => ({
      projection,
      handles: new Set(projection.handles),
      checkpoint: START,
      stored: { checkpoint: START, at: 0 },
      sinceStatistics: 0,
    }));
    this.batchSize = options.batchSize ?? 500;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
    this.logger = options.logger ?? { info: (message) => console.log(message), error: (message, error) => console.error(message, error) };
    this.onApplied = options.onApplied;
    this.newStreamDocument = options.newStreamDocument;
    this.fence = options.fence;
    this.onLeaseLost = options.onLeaseLost;
    this.declared = options.declared ?? false;
    this.onCommitted = options.onCommitted;
  }

  /** The names of the projections this runner applies. */
  get names(): string[] {
    return this.states.map((state) => state.projection.name);
  }

  /** Ensures collections (rebuilding projections whose version changed), then subscribes the projections. */
  async start(): Promise<void> {
    if (this.running) throw new Error('The projection runner is already running.');
    this.running = true;
    this.stopSignal = new Signal();
    try {
      await this.prepare();
      this.subscription = this.stores.eventStore.subscribe({
        from: this.position(),
        batchSize: this.batchSize,
        onEvents: (events, checkpoint) => this.exclusively(() => this.applyBatch(events, checkpoint)),
        onError: (error) => this.logger.error('Projections: reading events failed; retrying.', error),
      });
      if (this.upgrading.length > 0) this.upgrade = this.buildUpgrade(this.upgrading);
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** Stops the subscriptions after the batches in progress; pending waits are rejected. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopSignal.fire();
    // An upgrade still building stops between chunks and drops what it built; the next start builds it again.
    await this.upgrade;
    this.upgrade = undefined;
    await this.subscription?.close();
    this.subscription = undefined;
    // Checkpoints moved past ignored events only in memory are written now, so a restart starts from there.
    const moved = this.states.filter((state) => state.checkpoint !== state.stored.checkpoint);
    if (moved.length > 0 && !this.fenced) {
      await this.stores.documentStore
        .transaction(async (session) => {
          await this.fence?.(session);
          for (const state of moved) await session.setCheckpoint(state.projection.name, state.checkpoint);
        })
        .catch(() => undefined);
    }
    this.progress.fire();
  }

  /** How far the slowest of these projections (default: all) has applied events: a checkpoint to read on from. */
  position(names?: readonly string[]): string {
    const { eventStore } = this.stores;
    const checkpoints = this.selected(names).map((state) => state.checkpoint);
    return checkpoints.length === 0 ? START : checkpoints.reduce((a, b) => (eventStore.compareCheckpoints(a, b) <= 0 ? a : b));
  }

  /** Resolves once the projections have applied everything up to `checkpoint` (e.g. an append's lastCheckpoint). */
  async waitFor(checkpoint: string, options: WaitOptions = {}): Promise<void> {
    const states = this.selected(
      options.eventTypes
        ? waitedProjections(
            this.states.map((state) => state.projection),
            options,
          )
        : options.projections,
    );
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    for (;;) {
      const pending = states.filter((state) => this.stores.eventStore.compareCheckpoints(state.checkpoint, checkpoint) < 0);
      if (pending.length === 0) return;
      if (!this.running) throw new Error('The projection runner is not running.');
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new ProjectionWaitTimeoutError(
          checkpoint,
          pending.map((state) => state.projection.name),
        );
      await this.progress.wait(remaining);
    }
  }

  /** Resolves once the projections have applied every event committed (and visible) when it was called. */
  async catchUp(options: WaitOptions = {}): Promise<void> {
    const states = this.selected(options.projections);
    if (states.length === 0) return;
    const { eventStore } = this.stores;
    const head = await headOfLog(
      eventStore,
      states.map((state) => state.checkpoint).reduce((a, b) => (eventStore.compareCheckpoints(a, b) <= 0 ? a : b)),
    );
    await this.waitFor(head, options);
  }

  /**
   * How far each projection is behind the log: the events committed after its checkpoint (counted up to
   * `maxEvents`, default 10,000) and the age in seconds of the oldest of them (0 when it is caught up). Projections
   * at the same checkpoint (all of them, usually) share one read.
   */
  async lag(options: { readonly maxEvents?: number; readonly now?: number } = {}): Promise<{ projection: string; events: number; seconds: number }[]> {
    const maxEvents = options.maxEvents ?? 10_000;
    const now = options.now ?? Date.now();
    const byCheckpoint = new Map<string, Promise<{ events: number; oldest: string | undefined }>>();
    const behind = (from: string) => {
      let found = byCheckpoint.get(from);
      if (!found) byCheckpoint.set(from, (found = this.countAfter(from, maxEvents)));
      return found;
    };
    return Promise.all(
      this.states.map(async (state) => {
        const { events, oldest } = await behind(state.checkpoint);
        return { projection: state.projection.name, events, seconds: oldest ? Math.max(0, (now - Date.parse(oldest)) / 1000) : 0 };
      }),
    );
  }

  private countAfter(from: string, maxEvents: number): Promise<{ events: number; oldest: string | undefined }> {
    return countEventsAfter(this.stores.eventStore, from, maxEvents);
  }

  private selected(names: readonly string[] | undefined): ProjectionState[] {
    if (!names) return this.states;
    return names.map((name) => {
      const state = this.states.find((candidate) => candidate.projection.name === name);
      if (!state) throw new Error(`Unknown projection ${name}.`);
      return state;
    });
  }

  /** Ensures every collection; the projections whose version changed are rebuilt together, in one pass over the log. */
  private async prepare(): Promise<void> {
    const { documentStore } = this.stores;
    const stale: Projection[] = [];
    // Every version and checkpoint in one read where the store allows it (a take-over starts sooner, D165).
    const names = this.states.flatMap(({ projection }) => [versionKey(projection), projection.name]);
    const known = documentStore.getCheckpoints ? await documentStore.getCheckpoints(names) : undefined;
    const read = async (name: string) => (known ? (known.get(name) ?? null) : documentStore.getCheckpoint(name));
    for (const { projection } of this.states) {
      const stored = await read(versionKey(projection));
      const version = projectionVersion(projection);
      if (stored !== null && stored !== version) {
        // The old version keeps serving, and keeps applying new events with this code, while the new one is built
        // beside it and swapped in (D210): the new apply must accept the documents of the old version.
        this.logger.info(`Projection ${projection.name}: version ${stored} -> ${version}; the new version is built beside the live one.`);
        stale.push(projection);
      }
      if (!this.declared) for (const definition of projection.collections) await documentStore.ensureCollection(definition);
      if (stored === null) await documentStore.setCheckpoint(versionKey(projection), version);
    }
    this.upgrading = stale;
    for (const state of this.states) {
      state.checkpoint = (await read(state.projection.name)) ?? START;
      state.stored = { checkpoint: state.checkpoint, at: Date.now() };
    }
  }

  /** Runs `fn` when no batch is being applied, and keeps the next batch waiting until it is done. */
  private exclusively<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.batchLock.then(fn, fn);
    this.batchLock = run.catch(() => undefined);
    return run;
  }

  /**
   * Builds the new version of `stale` from the start of the log into fresh collections while the live runner keeps the
   * old read models current, then, between two live batches, applies the last events and swaps the new collections in
   * (D210). Progress is logged every tenth of the log.
   */
  private async buildUpgrade(stale: readonly Projection[]): Promise<void> {
    const names = stale.map((projection) => projection.name);
    const label = names.join(', ');
    const { documentStore, eventStore } = this.stores;
    let reported = 0;
    try {
      const swappedAt = await rebuild(this.stores, stale, {
        ...(this.newStreamDocument ? { streamDocument: this.newStreamDocument } : {}),
        aborted: () => !this.running || this.fenced !== undefined,
        onProgress: (p) => {
          this.upgradeProgress = { processed: p.processed, total: p.total };
          const tenth = p.total > 0 ? Math.floor((10 * p.processed) / p.total) : 10;
          if (tenth > reported && !p.done) {
            reported = tenth;
            this.logger.info(`Projections ${label}: new version built from ${p.processed} of ${p.total} events.`);
          }
        },
        live: {
          exclusive: (swap) =>
            this.exclusively(async () => {
              if (this.fenced) throw this.fenced;
              const at = await swap(this.position(names));
              // Declared again under their own names, the store knows what it keeps for them in this process (the
              // order list's JSON text, D98; the counts' cached finds, D81), before the next batch writes to them.
              for (const projection of stale) for (const definition of projection.collections) await documentStore.ensureCollection(definition);
              for (const state of this.selected(names)) {
                if (eventStore.compareCheckpoints(state.checkpoint, at) < 0) state.checkpoint = at;
                state.stored = { checkpoint: state.checkpoint, at: Date.now() };
              }
              return at;
            }),
        },
      });
      this.logger.info(`Projections ${label}: the new version serves from ${swappedAt} on.`);
      this.upgrading = [];
      this.progress.fire();
    } catch (error) {
      if (error instanceof RebuildAborted) this.logger.info(`Projections ${label}: building the new version stopped; it starts again with the next start.`);
      else this.logger.error(`Projections ${label}: building the new version failed; the old version keeps serving.`, error);
    }
  }

  upgrades(): { projection: string; processed: number; total: number }[] {
    return this.upgrading.map((projection) => ({ projection: projection.name, ...this.upgradeProgress }));
  }

  /** Resolves once a new version being built at start has been swapped in, or given up (at once when there is none). */
  async whenUpgraded(): Promise<void> {
    await this.upgrade;
  }

  /** The projections whose new version is still being built beside the live one (empty once swapped in). */
  get upgradingProjections(): string[] {
    return this.upgrading.map((projection) => projection.name);
  }

  private async applyBatch(events: readonly RecordedEvent[], checkpoint: string): Promise<void> {
    // A lost lease: this process applies nothing more (thrown, the batch is not marked done) until it is stopped.
    if (this.fenced) throw this.fenced;
    const { eventStore } = this.stores;
    const now = Date.now();
    const behind = this.states.filter((state) => eventStore.compareCheckpoints(state.checkpoint, checkpoint) < 0);
    const work: (ProjectionWork & { readonly state: ProjectionState })[] = [];
    for (const state of behind) {
      // A projection ahead of the others (rebuilt at start) skips what it has applied already.
      const handled = events.filter((event) => state.handles.has(event.type) && eventStore.compareCheckpoints(event.checkpoint, state.checkpoint) > 0);
      // A projection with nothing to do moves its checkpoint in memory, written at most every IDLE_CHECKPOINT_MS.
      if (handled.length > 0 || now - state.stored.at >= IDLE_CHECKPOINT_MS) work.push({ state, projection: state.projection, events: handled });
    }
    const absent = this.absentDocuments(events);
    for (let attempt = 1; work.length > 0; attempt++) {
      try {
        await applyInTransaction(this.stores.documentStore, work, checkpoint, absent, this.fence);
        break;
      } catch (error) {
        if (error instanceof LeaseLostError) {
          this.fenced = error;
          this.onLeaseLost?.(error);
          throw error;
        }
        // Thrown out of onEvents, the error ends the (closing) subscription without the batch being marked done.
        if (!this.running) throw error;
        const delay = Math.min(this.retryDelayMs * 2 ** (attempt - 1), this.maxRetryDelayMs);
        this.logger.error(`Projections: batch up to ${checkpoint} failed (attempt ${attempt}); retrying in ${delay} ms.`, error);
        await this.stopSignal.wait(delay);
        if (!this.running) throw error;
      }
    }
    for (const state of behind) state.checkpoint = checkpoint;
    for (const { state } of work) state.stored = { checkpoint, at: Date.now() };
    if (work.length > 0) this.onCommitted?.();
    this.progress.fire();
    for (const { state, events: applied } of work) {
      state.sinceStatistics += applied.length;
      if (state.sinceStatistics < STATISTICS_EVERY_EVENTS) continue;
      state.sinceStatistics = 0;
      for (const { name } of state.projection.collections)
        await this.stores.documentStore
          .refreshStatistics(name, { ifGrownBy: STATISTICS_GROWTH })
          .catch((error: unknown) => this.logger.error(`Projection ${state.projection.name}: refreshing the statistics of ${name} failed.`, error));
    }
    this.onApplied?.(events, checkpoint);
  }

  /**
   * The documents of streams that begin in this batch, when no projection has applied any of its events yet (one
   * rebuilt at start may be ahead: then every document is read).
   */
  private absentDocuments(events: readonly RecordedEvent[]): ReadonlySet<string> | undefined {
    const { eventStore } = this.stores;
    const first = events[0];
    if (!this.newStreamDocument || !first || this.states.some((state) => eventStore.compareCheckpoints(state.checkpoint, first.checkpoint) >= 0))
      return undefined;
    const ids = new Set<string>();
    for (const event of events) {
      const id = event.streamVersion === 1 ? this.newStreamDocument(event.streamId) : undefined;
      if (id !== undefined) ids.add(id);
    }
    return ids;
  }
}

/** A broadcast wake-up: wait() resolves when fire() is called or after the timeout. */
class Signal {
  private waiters = new Set<() => void>();

  fire(): void {
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const waiter of waiters) waiter();
  }

  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }
}
