import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor, CommandContext, DomainEvent } from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import { RUNTIME, type Runtime } from '../runtime.js';

/** A pure aggregate: how its state folds from events and how it decides on a command. */
export interface Decider<C, S, E extends DomainEvent> {
  readonly initialState: S;
  readonly evolve: (state: S, event: E) => S;
  readonly decide: (command: C, state: S, context: CommandContext) => E[];
}

export interface CommandRequest<C> {
  readonly streamId: string;
  readonly command: C;
  readonly actor: Actor;
  /** The version the caller last saw; a different current version is a conflict and nothing is written. */
  readonly expectedVersion?: number;
  readonly correlationId: string;
}

export interface CommandResult<S, E> {
  readonly version: number;
  readonly state: S;
  readonly events: readonly E[];
}

/**
 * Runs one command: load the stream, fold, decide, append with the loaded version as the expected one
 * (so a concurrent writer makes exactly one of two commands win), then wait until the read models
 * reflect the new events, so the caller reads its own write.
 */
@Injectable()
export class CommandRunner {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async run<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, request: CommandRequest<C>): Promise<CommandResult<S, E>> {
    const { eventStore } = this.runtime;
    const history = await eventStore.readStream(request.streamId);
    const currentVersion = history.at(-1)?.streamVersion ?? 0;
    if (request.expectedVersion !== undefined && request.expectedVersion !== currentVersion) {
      throw new VersionConflictError(request.streamId, request.expectedVersion, currentVersion);
    }
    const state = history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState);
    const now = this.runtime.clock().toISOString();
    const events = decider.decide(request.command, state, { actor: request.actor, now, newId: randomUUID });
    if (events.length === 0) return { version: currentVersion, state, events };

    const causationId = randomUUID();
    const metadata = {
      actorUserId: request.actor.userId,
      ...(request.actor.onBehalfOf ? { onBehalfOfUserId: request.actor.onBehalfOf.userId } : {}),
      correlationId: request.correlationId,
      causationId,
      occurredAt: now,
    };
    const appended = await eventStore.appendToStream(
      request.streamId,
      events.map((e) => ({ type: e.type, data: e.data, metadata })),
      currentVersion,
    );
    await this.runtime.projections.waitFor(appended.lastCheckpoint);
    return { version: appended.nextVersion, state: events.reduce(decider.evolve, state), events };
  }
}
