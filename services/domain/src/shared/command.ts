import type { Actor } from '../identity/actor.js';

/**
 * What a decider needs besides the command and the state: the acting user, the time and fresh ids.
 * The api fills it in; the domain never reads a clock or generates ids itself.
 */
export interface CommandContext {
  readonly actor: Actor;
  /** ISO 8601 instant in UTC. */
  readonly now: string;
  /** A generator of unique ids (uuid v4 in the api; deterministic in tests). */
  readonly newId: () => string;
}
