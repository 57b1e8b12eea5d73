import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Decider, DomainEvent } from '@onsite/domain';
import { handleCommand, type HandleCommandRequest } from '@onsite/infrastructure';
import { RUNTIME, type Runtime } from '../runtime.js';

/** A command as the api sends it: the clock and the id source are the runtime's. */
type CommandRequest<C, S = unknown> = Omit<HandleCommandRequest<C, S>, 'clock' | 'newId'>;

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
/** A read-your-writes wait this long is logged as a warning (the operations budget, docs/operations.md). */
export const SLOW_READ_YOUR_WRITES_MS = 1_000;

@Injectable()
export class CommandRunner {
  private readonly logger = new Logger('read-your-writes');

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async run<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, request: CommandRequest<C, S>): Promise<CommandResult<S, E>> {
    const result = await handleCommand(this.runtime.eventStore, decider, { ...request, clock: this.runtime.clock, newId: randomUUID });
    // Only the read models these events change are waited for (in every profile the same rule; with leases they may be
    // run by other processes, D166), and no longer than the configured bound.
    if (result.lastCheckpoint) {
      const started = performance.now();
      const eventTypes = [...new Set(result.events.map((event) => event.type))];
      await this.runtime.projections.waitFor(result.lastCheckpoint, { eventTypes, timeoutMs: this.runtime.config.readYourWritesTimeoutMs });
      const waited = performance.now() - started;
      if (waited >= SLOW_READ_YOUR_WRITES_MS) this.logger.warn(`slow read-your-writes: waited ${Math.round(waited)} ms for ${eventTypes.join(', ')} at ${result.lastCheckpoint}`);
    }
    return { version: result.version, state: result.state, events: result.events };
  }
}
