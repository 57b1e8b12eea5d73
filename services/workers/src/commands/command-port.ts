import { randomUUID } from 'node:crypto';
import { decideOrder, evolveOrder, initialOrderState, type Actor, type OrderCommand, type OrderEvent, type OrderState } from '@onsite/domain';
import { VersionConflictError, type EventStore } from '@onsite/infrastructure';

/** Where a command came from, recorded in the appended events' metadata. */
export interface CommandOrigin {
  readonly correlationId?: string;
  /** The event or job that caused the command. */
  readonly causationId?: string;
}

export interface CommandOutcome {
  /** How many events were appended (0: the domain decided there was nothing to do). */
  readonly appended: number;
  /** The stream's version after the command. */
  readonly version: number;
}

/**
 * How workers issue domain commands on order streams. The api provides one built on its CommandRunner with
 * a system actor; `EventStoreCommandPort` is the stand-alone adapter used by the worker process and tests.
 */
export interface CommandPort {
  execute(streamId: string, command: OrderCommand, origin?: CommandOrigin): Promise<CommandOutcome>;
}

/** The provider-side actor under which workers act (the domain requires staff for system commands). */
export const SYSTEM_ACTOR: Actor = { userId: 'system', type: 'BL', role: 'ADMIN', companyId: 'provider', country: '' };

export interface EventStoreCommandPortOptions {
  readonly clock?: () => Date;
  readonly newId?: () => string;
  readonly actor?: Actor;
  /** Retries after a VersionConflictError (default 2): a concurrent append is re-read and re-decided. */
  readonly conflictRetries?: number;
}

/** Load stream → fold with evolveOrder → decideOrder → append with the loaded version; retried on conflicts. */
export class EventStoreCommandPort implements CommandPort {
  private readonly clock: () => Date;
  private readonly newId: () => string;
  private readonly actor: Actor;
  private readonly conflictRetries: number;

  constructor(
    private readonly eventStore: EventStore,
    options: EventStoreCommandPortOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
    this.actor = options.actor ?? SYSTEM_ACTOR;
    this.conflictRetries = options.conflictRetries ?? 2;
  }

  async execute(streamId: string, command: OrderCommand, origin: CommandOrigin = {}): Promise<CommandOutcome> {
    for (let attempt = 0; ; attempt++) {
      const recorded = await this.eventStore.readStream(streamId);
      const state = recorded.reduce<OrderState>((s, e) => evolveOrder(s, { type: e.type, data: e.data } as OrderEvent), initialOrderState);
      const version = recorded.at(-1)?.streamVersion ?? 0;
      const now = this.clock().toISOString();
      const events = decideOrder(command, state, { actor: this.actor, now, newId: this.newId });
      if (events.length === 0) return { appended: 0, version };
      const correlationId = origin.correlationId ?? this.newId();
      const metadata = { actorUserId: this.actor.userId, correlationId, causationId: origin.causationId ?? correlationId, occurredAt: now };
      try {
        const result = await this.eventStore.appendToStream(streamId, events.map((e) => ({ type: e.type, data: e.data, metadata })), version);
        return { appended: events.length, version: result.nextVersion };
      } catch (error) {
        if (!(error instanceof VersionConflictError) || attempt >= this.conflictRetries) throw error;
      }
    }
  }
}
