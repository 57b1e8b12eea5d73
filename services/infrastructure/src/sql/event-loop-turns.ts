import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Keeps a run of PGlite queries from holding the event loop. PGlite answers through promises alone, so a loop of
 * queries (a subscription catching up, a scan at start, jobs started from one another's ends, requests queued on its
 * one connection) runs in microtasks, and timers, sockets and signals wait until it ends. `due()` is called before
 * each query: the first one since the loop last turned notes the time and watches for the next turn (an immediate
 * that fires only when the loop gets there); a query that finds the loop has not turned for `budgetMs` waits one turn
 * first. A loop that turns on its own (requests arriving, PostgreSQL's sockets) is never held up.
 */
export class EventLoopTurns {
  /** When the current run of queries without a turn of the event loop began; undefined while no run is watched. */
  private since: number | undefined;

  constructor(
    private readonly budgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Undefined when the query may run at once; otherwise a turn of the event loop to wait for first. */
  due(): Promise<void> | undefined {
    if (this.since === undefined) {
      this.since = this.now();
      setImmediate(this.turned);
      return undefined;
    }
    return this.now() - this.since >= this.budgetMs ? nextTurn() : undefined;
  }

  private readonly turned = (): void => {
    this.since = undefined;
  };
}
