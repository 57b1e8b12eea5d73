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
