import { notFound, type Actor, type Decider, type DomainEvent } from '@onsite/domain';
import { VersionConflictError, type EventStore } from './event-store.js';

export interface HandleCommandRequest<C, S = unknown> {
  readonly streamId: string;
  /**
   * The command, or how to make it from the loaded state: for facts the caller gathers only once it knows the
   * aggregate (e.g. the files an order holds). It runs after the visibility check and before the version check.
   */
  readonly command: C | ((state: S) => C | Promise<C>);
  readonly actor: Actor;
  /** The version the caller last saw; a different current version is a conflict and nothing is written. */
  readonly expectedVersion?: number;
  /**
   * The stream's id was just made (a random UUID), so the stream cannot exist yet: it is not read, the command is
   * decided on the initial state and appended with expected version 0 (were it there after all, the append would
   * refuse with a version conflict and write nothing).
   */
  readonly newStream?: boolean;
  readonly correlationId: string;
  /** Default: a fresh id for this command. */
  readonly causationId?: string;
  readonly clock: () => Date;
  readonly newId: () => string;
  /**
   * How often a concurrent append is re-read and re-decided (default 0: the conflict reaches the caller, so of
   * two conflicting commands exactly one wins). Workers retry: their commands are safe to re-decide.
   */
  readonly conflictRetries?: number;
}

export interface HandleCommandResult<S, E> {
  /** The stream's version after the command. */
  readonly version: number;
  readonly state: S;
  /** The appended events (none when the decider had nothing to do). */
  readonly events: readonly E[];
  /** Checkpoint of the last appended event, to wait for read models; null when nothing was appended. */
  readonly lastCheckpoint: string | null;
}

/**
 * The write path of every aggregate: read the stream, fold it with `evolve`, check that the actor may see it
 * (404 otherwise), make the command (when it depends on the state), check the expected version, `decide`, and append with the loaded version as the expected one. Every event carries the actor (and the acted-for user), the
 * correlation and causation ids and the instant.
 */
export async function handleCommand<C, S, E extends DomainEvent>(
  eventStore: EventStore,
  decider: Decider<C, S, E>,
  request: HandleCommandRequest<C, S>,
): Promise<HandleCommandResult<S, E>> {
  for (let attempt = 0; ; attempt++) {
    const history = request.newStream && attempt === 0 ? [] : await eventStore.readStream(request.streamId);
    const currentVersion = history.at(-1)?.streamVersion ?? 0;
    const state = history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState);
    // Visibility first: neither the version nor any rule may tell a caller about an aggregate they may not see.
    if (decider.canSee && !decider.canSee(state, request.actor)) throw notFound();
    // A command that names a version of an aggregate with no events gets the same answer as one on an aggregate the
    // caller may not see: whether an id exists is never told apart from whether it is the caller's (D126).
    if (!request.newStream && history.length === 0 && (request.expectedVersion ?? 0) > 0) throw notFound();
    const command = typeof request.command === 'function' ? await (request.command as (state: S) => C | Promise<C>)(state) : request.command;
    const expectedVersion = request.newStream ? 0 : request.expectedVersion;
    if (expectedVersion !== undefined && expectedVersion !== currentVersion) {
      throw new VersionConflictError(request.streamId, expectedVersion, currentVersion);
    }
    const now = request.clock().toISOString();
    const events = decider.decide(command, state, { actor: request.actor, now, newId: request.newId });
    if (events.length === 0) return { version: currentVersion, state, events, lastCheckpoint: null };

    const metadata = {
      actorUserId: request.actor.userId,
      ...(request.actor.onBehalfOf ? { onBehalfOfUserId: request.actor.onBehalfOf.userId } : {}),
      ...(request.actor.viaApiToken ? { viaApiToken: { id: request.actor.viaApiToken.id, name: request.actor.viaApiToken.name } } : {}),
      correlationId: request.correlationId,
      causationId: request.causationId ?? request.newId(),
      occurredAt: now,
    };
    try {
      const appended = await eventStore.appendToStream(
        request.streamId,
        events.map((e) => ({ type: e.type, data: e.data, metadata })),
        currentVersion,
      );
      return { version: appended.nextVersion, state: events.reduce(decider.evolve, state), events, lastCheckpoint: appended.lastCheckpoint };
    } catch (error) {
      if (!(error instanceof VersionConflictError) || attempt >= (request.conflictRetries ?? 0)) throw error;
    }
  }
}
