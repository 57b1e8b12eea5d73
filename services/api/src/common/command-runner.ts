import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Decider, DomainEvent } from '@onsite/domain';
import { handleCommand, type HandleCommandRequest } from '@onsite/infrastructure';
import { commandOutcomeOf, type CommandOutcome } from '../metrics/metrics.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** A command as the api sends it: the clock and the id source are the runtime's. */
type CommandRequest<C, S = unknown> = Omit<HandleCommandRequest<C, S>, 'clock' | 'newId'> & {
  /** The name the metrics count a command under when it is refused before it is made (not found, not visible). */
  readonly commandName?: string;
};

export interface CommandResult<S, E> {
  readonly version: number;
  readonly state: S;
  readonly events: readonly E[];
}

/** A read-your-writes wait this long is logged as a warning (the operations budget, docs/operations.md). */
export const SLOW_READ_YOUR_WRITES_MS = 1_000;

/**
 * Runs one command through the shared write path (`handleCommand`: a concurrent conflicting command makes
 * exactly one of the two win), then waits until the read models reflect the new events, so the caller reads
 * its own write.
 */
@Injectable()
export class CommandRunner {
  private readonly logger = new Logger('commands');

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async run<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, request: CommandRequest<C, S>): Promise<CommandResult<S, E>> {
    // The command's type names it in the metrics; a command made from the state is named once it is made.
    const { commandName: fallback = 'unknown', ...handled } = request;
    let name = commandName(request.command) ?? fallback;
    const given = request.command;
    const command =
      typeof given === 'function'
        ? async (state: S) => {
            const made = await (given as (state: S) => C | Promise<C>)(state);
            name = commandName(made) ?? fallback;
            return made;
          }
        : given;
    let result;
    try {
      result = await handleCommand(this.runtime.eventStore, decider, { ...handled, command, clock: this.runtime.clock, newId: randomUUID });
    } catch (error) {
      this.record(name, commandOutcomeOf(error), request);
      throw error;
    }
    this.record(name, 'accepted', request, result.events.length);
    // Only the read models these events change are waited for (in every profile the same rule; with leases they may be
    // run by other processes, D166), and no longer than the configured bound.
    if (result.lastCheckpoint) {
      const started = performance.now();
      const eventTypes = [...new Set(result.events.map((event) => event.type))];
      await this.runtime.projections.waitFor(result.lastCheckpoint, { eventTypes, timeoutMs: this.runtime.config.readYourWritesTimeoutMs });
      const waited = performance.now() - started;
      if (waited >= SLOW_READ_YOUR_WRITES_MS)
        this.logger.warn(`slow read-your-writes: waited ${Math.round(waited)} ms for ${eventTypes.join(', ')} at ${result.lastCheckpoint}`);
    }
    return { version: result.version, state: result.state, events: result.events };
  }

  /** The metrics, and one debug line per command with the ids that tie it to its request (never its data). */
  private record(command: string, outcome: CommandOutcome, request: CommandRequest<unknown, unknown>, events?: number): void {
    this.runtime.metrics.countCommand(command, outcome);
    const { actor } = request;
    this.logger.debug({
      msg: 'command',
      command,
      outcome,
      streamId: request.streamId,
      ...(events === undefined ? {} : { events }),
      correlationId: request.correlationId,
      userId: actor.userId,
      companyId: actor.companyId,
      ...(actor.onBehalfOf ? { onBehalfOfUserId: actor.onBehalfOf.userId } : {}),
    });
  }
}

function commandName(command: unknown): string | undefined {
  const type = typeof command === 'object' && command !== null ? (command as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : undefined;
}
