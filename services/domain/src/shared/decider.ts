import type { CommandContext } from './command.js';
import type { DomainEvent } from './metadata.js';

/** A pure aggregate: how its state folds from events and how it decides on a command. */
export interface Decider<C, S, E extends DomainEvent> {
  readonly initialState: S;
  readonly evolve: (state: S, event: E) => S;
  readonly decide: (command: C, state: S, context: CommandContext) => E[];
}
