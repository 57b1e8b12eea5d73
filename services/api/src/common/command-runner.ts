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
    const command = typeof given === 'function' ? async (state: S) => { const made = await (given as (state: S) => C | Promise<C>)(state); name = commandName(made) ?? fallback; return made; } : given;
    let result;
    try {
      result = await handleCommand(this.runtime.eventStore, decider, { ...handled, command, clock: this.runtime.clock, newId: randomUUID });
    } catch (error) {
      this.record(name, commandOutcomeOf(error), request);
      throw error;
    }
    this.record(name, 'accepted', request, result.events.length);
    if (result.lastCheckpoint) await this.runtime.projections.waitFor(result.lastCheckpoint);
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
