import { TurnBatch } from './turn-batch.js';

describe('TurnBatch', () => {
  it('answers what one turn asked for with one call, each ask with its own answer, in order', async () => {
    const calls: string[][] = [];
    const batch = new TurnBatch<string, string>(async (asks) => {
      calls.push([...asks]);
      return asks.map((ask) => ask.toUpperCase());
    });
    const answers = await Promise.all([batch.ask('a'), batch.ask('b'), batch.ask('a')]);
    expect(answers).toEqual(['A', 'B', 'A']);
    expect(calls).toEqual([['a', 'b', 'a']]);
  });

  it('asks made while a batch is being answered go in the next batch', async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batch = new TurnBatch<number, number>(async (asks) => {
      calls.push([...asks]);
      if (calls.length === 1) await gate;
      return asks.map((n) => n * 2);
    });
    const first = batch.ask(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = batch.ask(2);
    const third = batch.ask(3);
    release();
    expect(await Promise.all([first, second, third])).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1], [2, 3]]);
  });

  it('a failed answer fails every ask of its batch, and the next batch is answered again', async () => {
    let fail = true;
    const batch = new TurnBatch<string, number>(async (asks) => {
      if (fail) throw new Error('store down');
      return asks.map((ask) => ask.length);
    });
    const failed = await Promise.allSettled([batch.ask('x'), batch.ask('yy')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason).toEqual(new Error('store down'));
    fail = false;
    expect(await batch.ask('zzz')).toBe(3);
  });

  it('an answer of the wrong length is an error, not a wrong answer', async () => {
    const batch = new TurnBatch<string, number>(async () => [1]);
    await expect(Promise.all([batch.ask('a'), batch.ask('b')])).rejects.toThrow('A batch of 2 asks got 1 answers.');
  });
});
