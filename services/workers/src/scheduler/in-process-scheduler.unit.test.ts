import { InProcessScheduler } from './in-process-scheduler.js';

const soon = (ms: number) => new Date(Date.now() + ms);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('InProcessScheduler', () => {
  let scheduler: InProcessScheduler;
  afterEach(async () => scheduler.close());

  it('runs a job at its time, once, even when scheduled twice with the same id', async () => {
    scheduler = new InProcessScheduler();
    const runs: string[] = [];
    scheduler.register<{ orderId: string }>('expire-offer', async (job) => void runs.push(job.payload.orderId));
    await scheduler.schedule({ id: 'offer-1:v3', name: 'expire-offer', runAt: soon(40), payload: { orderId: 'o-1' } });
    await scheduler.schedule({ id: 'offer-1:v3', name: 'expire-offer', runAt: soon(10), payload: { orderId: 'o-1' } });
    await wait(20);
    expect(runs).toEqual([]);
    await wait(60);
    expect(runs).toEqual(['o-1']);
    expect(await scheduler.pending()).toEqual([]);
  });

  it('runs overdue jobs at once and never runs a cancelled one', async () => {
    scheduler = new InProcessScheduler();
    const runs: string[] = [];
    scheduler.register('j', async (job) => void runs.push(job.id));
    await scheduler.schedule({ id: 'late', name: 'j', runAt: new Date(Date.now() - 60_000), payload: null });
    await scheduler.schedule({ id: 'cancelled', name: 'j', runAt: soon(30), payload: null });
    await scheduler.cancel('cancelled');
    await wait(60);
    expect(runs).toEqual(['late']);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const errors: unknown[] = [];
    scheduler = new InProcessScheduler(undefined, (_job, e) => errors.push(e));
    let calls = 0;
    scheduler.register('flaky', async () => {
      calls++;
      if (calls < 2) throw new Error('planning tool down');
    });
    await scheduler.schedule({ id: 'x', name: 'flaky', runAt: new Date(), payload: null });
    await wait(1300);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    expect(await scheduler.pending()).toEqual([]);
  });

  it('never runs a job before its time by its clock, even when the timer fires first', async () => {
    let behindMs = 0;
    const clock = () => new Date(Date.now() - behindMs);
    scheduler = new InProcessScheduler(clock);
    const seenAt: number[] = [];
    scheduler.register('j', async (job) => void seenAt.push(clock().getTime() - job.runAt.getTime()));
    await scheduler.schedule({ id: 'x', name: 'j', runAt: new Date(clock().getTime() + 10), payload: null });
    // The clock falls 300 ms behind the timers: the timer fires while the clock has not reached runAt yet. However
    // late a loaded machine wakes the test, a job that runs has reached its time by the clock (never a negative lead).
    behindMs = 300;
    await wait(50);
    expect(seenAt.filter((lead) => lead < 0)).toEqual([]);
    behindMs = 0;
    for (let i = 0; i < 100 && seenAt.length === 0; i++) await wait(20);
    expect(seenAt).toHaveLength(1);
    expect(seenAt[0]).toBeGreaterThanOrEqual(0);
  });

  it('runs at most `concurrency` jobs at once; the others that are due run in turn, in the order they fell due', async () => {
    scheduler = new InProcessScheduler(undefined, undefined, { concurrency: 2 });
    let active = 0;
    let most = 0;
    const started: string[] = [];
    scheduler.register('slow', async (job) => {
      started.push(job.id);
      most = Math.max(most, ++active);
      await wait(30);
      active--;
    });
    // Six overdue jobs (a server that was down while they fell due), the oldest scheduled last.
    for (let n = 5; n >= 0; n--) await scheduler.schedule({ id: `job-${n}`, name: 'slow', runAt: new Date(Date.now() - 60_000 + 5 - n), payload: null });
    await wait(20);
    expect(started).toHaveLength(2);
    await wait(200);
    expect(started).toEqual(['job-5', 'job-4', 'job-3', 'job-2', 'job-1', 'job-0']);
    expect(most).toBe(2);
    expect(await scheduler.pending()).toEqual([]);
  });

  it('limits each kind of job apart: jobs of one kind that hold their places never hold up another kind', async () => {
    scheduler = new InProcessScheduler(undefined, undefined, { concurrency: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    // An export retrying against a planning tool that is down holds its place for seconds.
    scheduler.register('export', async (job) => {
      runs.push(job.id);
      await held;
    });
    scheduler.register('expire', async (job) => void runs.push(job.id));
    const overdue = new Date(Date.now() - 1_000);
    await scheduler.schedule({ id: 'export-1', name: 'export', runAt: overdue, payload: null });
    await scheduler.schedule({ id: 'export-2', name: 'export', runAt: overdue, payload: null });
    await scheduler.schedule({ id: 'expire-1', name: 'expire', runAt: overdue, payload: null });
    await wait(30);
    expect(runs).toEqual(['export-1', 'expire-1']);
    release();
    await wait(30);
    expect(runs).toEqual(['export-1', 'expire-1', 'export-2']);
  });

  it('refuses a job nobody can run', async () => {
    scheduler = new InProcessScheduler();
    await expect(scheduler.schedule({ id: 'x', name: 'unknown', runAt: new Date(), payload: null })).rejects.toThrow(/No handler/);
  });
});
