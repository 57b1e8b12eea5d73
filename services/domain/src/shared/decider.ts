import type { Actor } from '../identity/actor.js';
import type { CommandContext } from './command.js';
import type { DomainEvent } from './metadata.js';

/** A pure aggregate: how its state folds from events and how it decides on a command. */
export interface Decider<C, S, E extends DomainEvent> {
  readonly initialState: S;
  readonly evolve: (state: S, event: E) => S;
  readonly decide: (command: C, state: S, context: CommandContext) => E[];
  /**
   * Whether the actor may know this aggregate exists. The write path asks first, before the expected version
   * or anything else is checked, and answers 404 when not: a refusal must not reveal another tenant's data.
   */
  readonly canSee?: (state: S, actor: Actor) => boolean;
}

/**
 * An aggregate's state from its stream's events as read (the store's recorded events: type and data, upcast to the
 * current shape): the one fold outside the write path, for reads that decide nothing (a check before a batch, a
 * token's state at log-in).
 */
export function foldStream<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, events: readonly { readonly type: string; readonly data: unknown }[]): S {
  return events.reduce((state, { type, data }) => decider.evolve(state, { type, data } as E), decider.initialState);
}
