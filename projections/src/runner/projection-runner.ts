import type { RecordedEvent } from '@onsite/domain';
import { START, type Subscription } from '@onsite/infrastructure';
import { applyInTransaction, checkProjectionNames, projectionVersion, versionKey, type Projection } from './projection.js';
import { rebuild, type ProjectionStores } from './rebuild.js';

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
}

export interface WaitOptions {
  /** Default 30 s. */
  readonly timeoutMs?: number;
  /** Only these projections (default: all). */
  readonly projections?: readonly string[];
}

export class ProjectionWaitTimeoutError extends Error {
  readonly code = 'projection_wait_timeout';
  constructor(readonly checkpoint: string, readonly pending: readonly string[]) {
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
  subscription?: Subscription;
}

/**
 * A batch with no event a projection handles changes none of its documents: its checkpoint is moved in memory
 * and written at most this often (and on stop). Losing it in a crash only means re-reading events it ignores.
 */
const IDLE_CHECKPOINT_MS = 5_000;

/**
 * Keeps projections up to date: one subscription per projection from its stored checkpoint; each batch is
 * applied with its checkpoint in one document-store transaction, so a crash neither loses nor repeats a batch.
 * A failing batch is logged and retried with backoff, never skipped.
 */
export class ProjectionRunner {
  private readonly states: ProjectionState[];
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly logger: ProjectionLogger;
  private running = false;
  /** Wakes retry sleeps and waiters; replaced on every start. */
  private stopSignal = new Signal();
  private readonly progress = new Signal();

  constructor(
    private readonly stores: ProjectionStores,
    projections: readonly Projection[],
    options: ProjectionRunnerOptions = {},
  ) {
    checkProjectionNames(projections);
    this.states = projections.map((projection) => ({ projection, handles: new Set(projection.handles), checkpoint: START, stored: { checkpoint: START, at: 0 } }));
    this.batchSize = options.batchSize ?? 500;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
    this.logger = options.logger ?? { info: (message) => console.log(message), error: (message, error) => console.error(message, error) };
  }

  /** Ensures collections (rebuilding projections whose version changed), then subscribes each projection. */
  async start(): Promise<void> {
    if (this.running) throw new Error('The projection runner is already running.');
    this.running = true;
    this.stopSignal = new Signal();
    try {
      for (const state of this.states) {
        await this.prepare(state);
        state.subscription = this.stores.eventStore.subscribe({
          from: state.checkpoint,
          batchSize: this.batchSize,
          onEvents: (events, checkpoint) => this.applyBatch(state, events, checkpoint),
          onError: (error) => this.logger.error(`Projection ${state.projection.name}: reading events failed; retrying.`, error),
        });
      }
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
    await Promise.all(this.states.map((state) => state.subscription?.close()));
    for (const state of this.states) state.subscription = undefined;
    // Checkpoints moved past ignored events only in memory are written now, so a restart starts from there.
    for (const state of this.states) {
      if (state.checkpoint !== state.stored.checkpoint) await this.stores.documentStore.setCheckpoint(state.projection.name, state.checkpoint).catch(() => undefined);
    }
    this.progress.fire();
  }

  /** How far the slowest of these projections (default: all) has applied events: a checkpoint to read on from. */
  position(names?: readonly string[]): string {
    const { eventStore } = this.stores;
    return this.selected(names)
      .map((state) => state.checkpoint)
      .reduce((a, b) => (eventStore.compareCheckpoints(a, b) <= 0 ? a : b), START);
  }

  /** Resolves once the projections have applied everything up to `checkpoint` (e.g. an append's lastCheckpoint). */
  async waitFor(checkpoint: string, options: WaitOptions = {}): Promise<void> {
    const states = this.selected(options.projections);
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    for (;;) {
      const pending = states.filter((state) => this.stores.eventStore.compareCheckpoints(state.checkpoint, checkpoint) < 0);
      if (pending.length === 0) return;
      if (!this.running) throw new Error('The projection runner is not running.');
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new ProjectionWaitTimeoutError(checkpoint, pending.map((state) => state.projection.name));
      await this.progress.wait(remaining);
    }
  }

  /** Resolves once the projections have applied every event committed (and visible) when it was called. */
  async catchUp(options: WaitOptions = {}): Promise<void> {
    const states = this.selected(options.projections);
    if (states.length === 0) return;
    const { eventStore } = this.stores;
    let head = states.map((state) => state.checkpoint).reduce((a, b) => (eventStore.compareCheckpoints(a, b) <= 0 ? a : b));
    for (;;) {
      const batch = await eventStore.readAll(head, 1000);
      if (batch.events.length === 0) break;
      head = batch.checkpoint;
    }
    await this.waitFor(head, options);
  }

  private selected(names: readonly string[] | undefined): ProjectionState[] {
    if (!names) return this.states;
    return names.map((name) => {
      const state = this.states.find((candidate) => candidate.projection.name === name);
      if (!state) throw new Error(`Unknown projection ${name}.`);
      return state;
    });
  }

  private async prepare(state: ProjectionState): Promise<void> {
    const { projection } = state;
    const { documentStore } = this.stores;
    const stored = await documentStore.getCheckpoint(versionKey(projection));
    const version = projectionVersion(projection);
    if (stored !== null && stored !== version) {
      this.logger.info(`Projection ${projection.name}: version ${stored} -> ${version}, rebuilding.`);
      await rebuild(this.stores, [projection], {
        batchSize: this.batchSize,
        onProgress: (p) => {
          if (p.done) this.logger.info(`Projection ${projection.name}: rebuilt from ${p.processed} events.`);
        },
      });
    } else {
      for (const definition of projection.collections) await documentStore.ensureCollection(definition);
      if (stored === null) await documentStore.setCheckpoint(versionKey(projection), version);
    }
    state.checkpoint = (await documentStore.getCheckpoint(projection.name)) ?? START;
    state.stored = { checkpoint: state.checkpoint, at: Date.now() };
  }

  private async applyBatch(state: ProjectionState, events: readonly RecordedEvent[], checkpoint: string): Promise<void> {
    const handled = events.filter((event) => state.handles.has(event.type));
    if (handled.length === 0 && Date.now() - state.stored.at < IDLE_CHECKPOINT_MS) {
      state.checkpoint = checkpoint;
      this.progress.fire();
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await applyInTransaction(this.stores.documentStore, state.projection, handled, checkpoint);
        break;
      } catch (error) {
        // Thrown out of onEvents, the error ends the (closing) subscription without the batch being marked done.
        if (!this.running) throw error;
        const delay = Math.min(this.retryDelayMs * 2 ** (attempt - 1), this.maxRetryDelayMs);
        this.logger.error(`Projection ${state.projection.name}: batch up to ${checkpoint} failed (attempt ${attempt}); retrying in ${delay} ms.`, error);
        await this.stopSignal.wait(delay);
        if (!this.running) throw error;
      }
    }
    state.checkpoint = checkpoint;
    state.stored = { checkpoint, at: Date.now() };
    this.progress.fire();
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
