import { START } from '@onsite/infrastructure';
import { ProjectionWaitTimeoutError, waitedProjections, type WaitOptions } from './projection-runner.js';
import type { Projection } from './projection.js';
import type { ProjectionStores } from './rebuild.js';

export interface SharedCheckpointsOptions {
  /** While someone waits, the checkpoints are read at least this often (default 100 ms), besides every announcement. */
  readonly pollMs?: number;
}

interface Waiter {
  readonly checkpoint: string;
  readonly names: readonly string[];
  readonly done: () => void;
}

/**
 * The checkpoints of projections that any process may be running, as the document store holds them (D166): a wait
 * resolves once every projection it is for has stored a checkpoint at or past the one waited for. The checkpoints are
 * read when a wait begins, when a projecting process announces a batch (LISTEN on PostgreSQL), every `pollMs` while
 * someone waits, and are told directly by a runner of this process (`advance`). Reads are shared: one at a time,
 * one more after it when asked meanwhile.
 */
export class SharedCheckpoints {
  private readonly known = new Map<string, string>();
  private readonly waiters = new Set<Waiter>();
  private readonly names: string[];
  private readonly pollMs: number;
  private reading: Promise<void> | undefined;
  private again = false;
  private poller: NodeJS.Timeout | undefined;
  private stopWatching: (() => Promise<void>) | undefined;
  private running = false;
  /** Projections a runner of this process applies (told through `advance`): their waits need no read. */
  private local = new Set<string>();

  constructor(
    private readonly stores: ProjectionStores,
    private readonly projections: readonly Projection[],
    options: SharedCheckpointsOptions = {},
  ) {
    this.names = projections.map((projection) => projection.name);
    this.pollMs = options.pollMs ?? 100;
  }

  async start(): Promise<void> {
    this.running = true;
    await this.read();
    this.stopWatching = await this.stores.documentStore.watchCheckpoints?.(() => this.refresh());
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.poller);
    this.poller = undefined;
    await this.stopWatching?.();
    this.stopWatching = undefined;
    for (const waiter of this.waiters) waiter.done();
    this.waiters.clear();
  }

  /** The projections a runner of this process applies from now on. */
  setLocal(names: readonly string[]): void {
    this.local = new Set(names);
    this.refresh();
  }

  /** A runner of this process committed (or passed) `checkpoint` for these projections. */
  advance(names: readonly string[], checkpoint: string): void {
    for (const name of names) this.raise(name, checkpoint);
    this.settle();
  }

  position(names?: readonly string[]): string {
    const { eventStore } = this.stores;
    const checkpoints = (names ?? this.names).map((name) => this.known.get(name) ?? START);
    return checkpoints.length === 0 ? START : checkpoints.reduce((a, b) => (eventStore.compareCheckpoints(a, b) <= 0 ? a : b));
  }

  async waitFor(checkpoint: string, options: WaitOptions = {}): Promise<void> {
    const names = waitedProjections(this.projections, options);
    if (this.reached(names, checkpoint)) return;
    if (!this.running) throw new Error('The shared checkpoints are not being followed.');
    const timeoutMs = options.timeoutMs ?? 30_000;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new ProjectionWaitTimeoutError(
            checkpoint,
            names.filter((name) => !this.reached([name], checkpoint)),
          ),
        );
      }, timeoutMs);
      const waiter: Waiter = {
        checkpoint,
        names,
        done: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      this.waiters.add(waiter);
      this.poller ??= setInterval(() => this.refresh(), this.pollMs);
      this.refresh();
    });
  }

  private reached(names: readonly string[], checkpoint: string): boolean {
    const { eventStore } = this.stores;
    return names.every((name) => eventStore.compareCheckpoints(this.known.get(name) ?? START, checkpoint) >= 0);
  }

  private raise(name: string, checkpoint: string): void {
    const known = this.known.get(name);
    if (known === undefined || this.stores.eventStore.compareCheckpoints(known, checkpoint) < 0) this.known.set(name, checkpoint);
  }

  private settle(): void {
    for (const waiter of [...this.waiters]) if (this.reached(waiter.names, waiter.checkpoint)) waiter.done();
    if (this.waiters.size === 0 && this.poller) {
      clearInterval(this.poller);
      this.poller = undefined;
    }
  }

  /** Reads the checkpoints now, or once more after the read under way: when a wait is for one run elsewhere. */
  private refresh(): void {
    if (![...this.waiters].some((waiter) => waiter.names.some((name) => !this.local.has(name)))) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          await this.read().catch(() => undefined);
        } while (this.again);
      } finally {
        this.reading = undefined;
      }
    })();
  }

  private async read(): Promise<void> {
    const { documentStore } = this.stores;
    if (documentStore.getCheckpoints) {
      for (const [name, checkpoint] of await documentStore.getCheckpoints(this.names)) this.raise(name, checkpoint);
    } else {
      for (const name of this.names) {
        const checkpoint = await documentStore.getCheckpoint(name);
        if (checkpoint !== null) this.raise(name, checkpoint);
      }
    }
    this.settle();
  }
}
