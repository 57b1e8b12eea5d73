import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { canSeeOrder, type Actor, type RecordedEvent } from '@onsite/domain';
import type { Subscription } from '@onsite/infrastructure';
import { findOrderDetail } from '@onsite/projections';
import { EVERY_ORDER } from '../orders/order-scope.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** One announcement: this order changed at this checkpoint of the event store's global order. */
export interface OrderChange {
  readonly checkpoint: string;
  readonly orderId: string;
  readonly refId: string;
}

/** What the hub knows of an order after a batch: enough to decide who may hear of it. */
interface OrderFacts {
  readonly refId: string;
  readonly status: Parameters<typeof canSeeOrder>[1]['status'];
  readonly companyId: string;
  readonly country: string;
}

interface UpdatesListener {
  readonly actor: Actor;
  deliver(changes: readonly OrderChange[], position: string): void;
}

/** An order's own stream, and the stream its job-specification exports are recorded on (a failed export changes the order's job tab). */
const ORDER_STREAM = /^(?:order|job-export)-(.+)$/;
const CATCH_UP_BATCH = 500;

/**
 * Tells each connected console which orders it may see have changed. One subscription per process on the event
 * store's global order (so several api instances each announce every change, wherever it was written); after
 * each batch it waits until this process's read models have the batch, then checks each listener's access with
 * the same rule as every other read (`canSeeOrder`). Announcements carry ids, never order data.
 */
@Injectable()
export class UpdatesHub implements OnModuleDestroy {
  private readonly logger = new Logger('updates');
  private readonly listeners = new Set<UpdatesListener>();
  private subscription?: Subscription;
  /** Everything up to here has been announced to the live listeners. */
  private live = '';

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /** Where the live stream stands: a client that has seen up to here misses nothing by joining now. */
  position(): string {
    this.ensureSubscribed();
    return this.live;
  }

  /**
   * Adds a listener. With `after` (a checkpoint the client had reached, its Last-Event-ID) the changes since are
   * replayed first; live changes arriving meanwhile are held back and delivered after, without repeats.
   */
  async attach(listener: UpdatesListener, after: string | null): Promise<() => void> {
    this.ensureSubscribed();
    const { eventStore } = this.runtime;
    // Deliveries only move forward: whatever the replay already covered is never announced twice.
    let upTo = after;
    const forward = (changes: readonly OrderChange[], position: string) => {
      if (upTo !== null && eventStore.compareCheckpoints(position, upTo) <= 0) return;
      const fresh = upTo === null ? changes : changes.filter((change) => eventStore.compareCheckpoints(change.checkpoint, upTo!) > 0);
      upTo = position;
      listener.deliver(fresh, position);
    };
    const held: { changes: readonly OrderChange[]; position: string }[] = [];
    let replaying = after !== null;
    const gate: UpdatesListener = {
      actor: listener.actor,
      deliver: (changes, position) => (replaying ? held.push({ changes, position }) : forward(changes, position)),
    };
    this.listeners.add(gate);
    try {
      while (replaying) {
        const batch = await eventStore.readAll(upTo!, CATCH_UP_BATCH);
        if (batch.events.length === 0) break;
        const changes = await this.changesFor(batch.events, batch.checkpoint);
        forward(
          changes.filter((change) => this.visibleTo(listener.actor, change)),
          batch.checkpoint,
        );
      }
      for (const { changes, position } of held) forward(changes, position);
    } catch (error) {
      // A listener whose replay failed is never left behind for the live batches.
      this.listeners.delete(gate);
      throw error;
    } finally {
      replaying = false;
    }
    return () => this.listeners.delete(gate);
  }

  /** How many consoles are listening now (each open stream is one). */
  listening(): number {
    return this.listeners.size;
  }

  async onModuleDestroy(): Promise<void> {
    this.listeners.clear();
    await this.subscription?.close();
    this.subscription = undefined;
  }

  private ensureSubscribed(): void {
    if (this.subscription) return;
    this.live = this.runtime.projections.position();
    this.subscription = this.runtime.eventStore.subscribe({
      from: this.live,
      onEvents: async (events, checkpoint) => {
        const changes = this.listeners.size > 0 ? await this.changesFor(events, checkpoint) : [];
        this.live = checkpoint;
        for (const listener of this.listeners) {
          // One listener that fails is dropped (its stream ends when its client next hears nothing); the others, and
          // the subscription, go on.
          try {
            listener.deliver(
              changes.filter((change) => this.visibleTo(listener.actor, change)),
              checkpoint,
            );
          } catch (error) {
            this.listeners.delete(listener);
            this.logger.warn(`A live-update listener failed and was removed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      },
      onError: (error) => this.logger.error('Reading events for live updates failed; retrying.', error instanceof Error ? error.stack : String(error)),
    });
  }

  /** The order changes in a batch, one per order (its last event), with the order's facts as the read model has them. */
  private async changesFor(events: readonly RecordedEvent[], checkpoint: string): Promise<(OrderChange & { facts: OrderFacts })[]> {
    const lastEvent = new Map<string, RecordedEvent>();
    for (const event of events) {
      const orderId = ORDER_STREAM.exec(event.streamId)?.[1];
      if (orderId) lastEvent.set(orderId, event);
    }
    if (lastEvent.size === 0) return [];
    // The read models of this process must have the batch before anyone is told to reload.
    await this.runtime.projections.waitFor(checkpoint, { eventTypes: [...new Set(events.map((event) => event.type))] }).catch(() => undefined);
    const changes: (OrderChange & { facts: OrderFacts })[] = [];
    for (const [orderId, event] of lastEvent) {
      const detail = await findOrderDetail(this.runtime.documentStore, EVERY_ORDER, { orderId });
      if (!detail) continue;
      const facts: OrderFacts = { refId: detail.refId, status: detail.status, companyId: detail.customer.companyId, country: detail.country };
      changes.push({ checkpoint: event.checkpoint, orderId, refId: detail.refId, facts });
    }
    return changes.sort((a, b) => this.runtime.eventStore.compareCheckpoints(a.checkpoint, b.checkpoint));
  }

  private visibleTo(actor: Actor, change: OrderChange): boolean {
    const { facts } = change as OrderChange & { facts?: OrderFacts };
    return facts !== undefined && canSeeOrder(actor, facts);
  }
}
