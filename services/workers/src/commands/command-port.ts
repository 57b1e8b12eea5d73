import { randomUUID } from 'node:crypto';
import { orderDecider, type Actor, type OrderCommand } from '@onsite/domain';
import { handleCommand, type EventStore } from '@onsite/infrastructure';

/** Where a command came from, recorded in the appended events' metadata. */
interface CommandOrigin {
  readonly correlationId?: string;
  /** The event or job that caused the command. */
  readonly causationId?: string;
}

interface CommandOutcome {
  /** How many events were appended (0: the domain decided there was nothing to do). */
  readonly appended: number;
  /** The stream's version after the command. */
  readonly version: number;
}

/**
 * How workers issue domain commands on order streams. `EventStoreCommandPort` is the adapter wherever the workers
 * run (in the api process or their own): the same write path as the api's (`handleCommand` with `orderDecider`).
 */
export interface CommandPort {
  execute(streamId: string, command: OrderCommand, origin?: CommandOrigin): Promise<CommandOutcome>;
}

/** The provider-side actor under which workers act (the domain requires staff for system commands). */
export const SYSTEM_ACTOR: Actor = { userId: 'system', type: 'BL', role: 'ADMIN', companyId: 'provider', country: '' };

interface EventStoreCommandPortOptions {
  readonly clock?: () => Date;
  readonly newId?: () => string;
  readonly actor?: Actor;
  /** Retries after a VersionConflictError (default 2): a concurrent append is re-read and re-decided. */
  readonly conflictRetries?: number;
}

/** Order commands through the shared write path, as the system actor; re-decided after a concurrent append. */
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
    const correlationId = origin.correlationId ?? this.newId();
    const result = await handleCommand(this.eventStore, orderDecider, {
      streamId,
      command,
      actor: this.actor,
      correlationId,
      causationId: origin.causationId ?? correlationId,
      clock: this.clock,
      newId: this.newId,
      conflictRetries: this.conflictRetries,
    });
    return { appended: result.events.length, version: result.version };
  }
}
