import { EventLoopTurns } from './event-loop-turns.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('EventLoopTurns', () => {
  it('lets queries run at once until the loop has not turned for the budget, then asks for a turn; a turn starts a new run', async () => {
    let now = 1_000;
    const turns = new EventLoopTurns(5, () => now);
    expect(turns.due()).toBeUndefined();
    now += 4;
    expect(turns.due()).toBeUndefined();
    now += 1;
    const waited = turns.due();
    expect(typeof waited?.then).toBe('function');
    await waited;
    // The loop turned: the next query begins a new run, measured from now.
    now += 100;
    expect(turns.due()).toBeUndefined();
    now += 4;
    expect(turns.due()).toBeUndefined();
  });

  it('never asks for a turn when the loop turns on its own between queries', async () => {
    let now = 0;
    const turns = new EventLoopTurns(5, () => now);
    for (let n = 0; n < 10; n++) {
      expect(turns.due()).toBeUndefined();
      now += 10;
      await turn();
    }
  });
});
