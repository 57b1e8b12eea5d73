import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EnvelopeFastifyAdapter, inSequence } from './envelope.js';

type Step = Parameters<typeof inSequence>[0][number];
const request = {} as FastifyRequest;
const reply = {} as FastifyReply;
const instance = {} as FastifyInstance;

/** A function that records the arguments of each call. */
function recorder(): ((...args: unknown[]) => void) & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return Object.assign((...args: unknown[]) => void calls.push(args), { calls });
}

describe("the adapter's request hooks run as one (D93)", () => {
  it('runs the steps in order, each after the one before called done, and ends with done()', () => {
    const order: string[] = [];
    const step =
      (name: string): Step =>
      (_request, _reply, done) => {
        order.push(name);
        done();
      };
    const steps = [step('a'), step('b')];
    const hook = inSequence(steps);
    steps.push(step('c')); // added before the server starts: still run
    const done = recorder();
    hook.call(instance, request, reply, done);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(done.calls).toEqual([[]]);
  });

  it('stops at an error passed to done, or thrown, and hands it on once', () => {
    const failure = new Error('no');
    const after = recorder();
    for (const failing of [
      ((_q, _r, done) => done(failure)) as Step,
      (() => {
        throw failure;
      }) as Step,
    ]) {
      const done = recorder();
      inSequence([failing, after as Step]).call(instance, request, reply, done);
      expect(done.calls).toEqual([[failure]]);
    }
    expect(after.calls).toEqual([]);
  });

  it('stops when a step answers without calling done', () => {
    const after = recorder();
    const done = recorder();
    inSequence([() => undefined, after as Step]).call(instance, request, reply, done);
    expect(after.calls).toEqual([]);
    expect(done.calls).toEqual([]);
  });

  it("runs the api's steps after Nest's, and Nest's onResponse hook once one is set", async () => {
    const adapter = new EnvelopeFastifyAdapter();
    const fastify = adapter.getInstance<FastifyInstance>();
    const seen: string[] = [];
    adapter.addRequestStep((_request, _reply, done) => {
      seen.push('api step');
      done();
    });
    fastify.get('/probe', async () => ({ ok: true }));
    const responded = recorder();
    adapter.setOnResponseHook((_request: unknown, _reply: unknown, done: () => void) => {
      responded();
      done();
    });
    await fastify.ready();
    const answer = await fastify.inject({ method: 'GET', url: '/probe' });
    expect(answer.statusCode).toBe(200);
    expect(seen).toEqual(['api step']);
    expect(responded.calls).toHaveLength(1);
    // Nest's check of the request target still runs within the one hook: an unroutable target is not found.
    expect((await fastify.inject({ method: 'GET', url: '*probe' })).statusCode).toBe(404);
    await fastify.close();
  });
});
