import type { RecordedEvent } from '@onsite/domain';
import { START, type DocumentStore, type EventStore, type Subscription } from '@onsite/infrastructure';

/** Reacts to events of the given types. Must be idempotent: after a crash the events since the last checkpoint come again. */
export interface EventHandler {
  /** Unique; the checkpoint is stored as `worker:<name>`. */
  readonly name: string;
  readonly handles: readonly string[];
  handle(event: RecordedEvent): Promise<void>;
}

export interface WorkerLogger {
  info(message: string): void;
  error(message: string, error: unknown): void;
}

export const consoleLogger: WorkerLogger = { info: (m) => console.log(m), error: (m, e) => console.error(m, e) };

export interface WorkerHostOptions {
  readonly batchSize?: number;
  /** First retry delay of a failing event, doubled up to maxRetryDelayMs (defaults 200 ms, 10 s). */
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  readonly logger?: WorkerLogger;
}

interface HandlerState {
  readonly handler: EventHandler;
  readonly types: ReadonlySet<string>;
  checkpoint: string;
  /** The checkpoint the store holds, and when it was written. */
  stored: string;
  storedAt: number;
  subscription?: Subscription;
}

const IDLE_CHECKPOINT_MS = 5_000;

const workerCheckpointName = (handler: string): string => `worker:${handler}`;

/**
 * Subscribes each handler to the event store from its own stored checkpoint and dispatches the events it
 * handles, in order. The checkpoint is stored after the batch is handled (at-least-once); a failing event is
 * retried with backoff, never skipped.
 */
export class WorkerHost {
  private readonly states: HandlerState[];
  private readonly batchSize: number | undefined;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly logger: WorkerLogger;
  private running = false;
  private readonly progressWaiters = new Set<() => void>();
  private stopWaiters = new Set<() => void>();

  constructor(
    private readonly stores: { readonly eventStore: EventStore; readonly documentStore: DocumentStore },
    handlers: readonly EventHandler[],
    options: WorkerHostOptions = {},
  ) {
    const names = new Set(handlers.map((h) => h.name));
    if (names.size !== handlers.length) throw new Error('Worker handler names must be unique.');
    this.states = handlers.map((handler) => ({ handler, types: new Set(handler.handles), checkpoint: START, stored: START, storedAt: 0 }));
    // By default the event store's own batch size, the projections' too: subscriptions woken by the same append
    // at the same checkpoint then share one read of the log (SqlEventStore.readAll).
    this.batchSize = options.batchSize;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
    this.logger = options.logger ?? consoleLogger;
  }

  async start(): Promise<void> {
    if (this.running) throw new Error('The worker host is already running.');
    this.running = true;
    for (const state of this.states) {
      state.checkpoint = (await this.stores.documentStore.getCheckpoint(workerCheckpointName(state.handler.name))) ?? START;
      state.stored = state.checkpoint;
      state.storedAt = Date.now();
      state.subscription = this.stores.eventStore.subscribe({
        from: state.checkpoint,
        ...(this.batchSize === undefined ? {} : { batchSize: this.batchSize }),
        onEvents: (events, checkpoint) => this.apply(state, events, checkpoint),
        onError: (error) => this.logger.error(`Worker ${state.handler.name}: reading events failed; retrying.`, error),
      });
    }
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    const waiters = this.stopWaiters;
    this.stopWaiters = new Set();
    for (const wake of waiters) wake();
    await Promise.all(this.states.map((state) => state.subscription?.close()));
    for (const state of this.states) state.subscription = undefined;
    for (const state of this.states) {
      if (state.checkpoint !== state.stored)
        await this.stores.documentStore.setCheckpoint(workerCheckpointName(state.handler.name), state.checkpoint).catch(() => undefined);
    }
    this.wakeProgress();
  }

  /** The checkpoint each handler has handled up to. */
  checkpoints(): Record<string, string> {
    return Object.fromEntries(this.states.map((s) => [s.handler.name, s.checkpoint]));
  }

  /** Resolves once every handler has passed `checkpoint` (e.g. an append's lastCheckpoint). */
  async waitFor(checkpoint: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.states.some((s) => this.stores.eventStore.compareCheckpoints(s.checkpoint, checkpoint) < 0)) {
      if (!this.running) throw new Error('The worker host is not running.');
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`Workers did not reach checkpoint ${checkpoint} in time.`);
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.progressWaiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(remaining, 250));
        this.progressWaiters.add(done);
      });
    }
  }

  private async apply(state: HandlerState, events: readonly RecordedEvent[], checkpoint: string): Promise<void> {
    // A batch without an event this handler takes changes nothing: its checkpoint moves in memory, and is written
    // at most every few seconds (and on stop). A crash before that only means reading ignored events again.
    if (!events.some((event) => state.types.has(event.type)) && Date.now() - state.storedAt < IDLE_CHECKPOINT_MS) {
      state.checkpoint = checkpoint;
      this.wakeProgress();
      return;
    }
    for (const event of events) {
      if (!state.types.has(event.type)) continue;
      for (let attempt = 1; ; attempt++) {
        try {
          await state.handler.handle(event);
          break;
        } catch (error) {
          if (!this.running) throw error;
          const delay = Math.min(this.retryDelayMs * 2 ** (attempt - 1), this.maxRetryDelayMs);
          this.logger.error(
            `Worker ${state.handler.name}: event ${event.type} ${event.streamId}@${event.streamVersion} failed (attempt ${attempt}); retrying in ${delay} ms.`,
            error,
          );
          await this.sleep(delay);
          if (!this.running) throw error;
        }
      }
    }
    await this.stores.documentStore.setCheckpoint(workerCheckpointName(state.handler.name), checkpoint);
    state.checkpoint = checkpoint;
    state.stored = checkpoint;
    state.storedAt = Date.now();
    this.wakeProgress();
  }

  private wakeProgress(): void {
    for (const wake of [...this.progressWaiters]) wake();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.stopWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.stopWaiters.add(done);
    });
  }
}
