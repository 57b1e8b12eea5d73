import { quoteRequestBody } from '../test-support/order-bodies.js';
import { OrderFlows, userIdOf } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { openUpdates, until } from '../test-support/updates-stream.js';
import { UpdatesHub } from './updates-hub.js';

describe('live updates (GET /api/updates)', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp({ UPDATES_HEARTBEAT_MS: '200' });
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  it('needs a session', async () => {
    const response = await fetch(`${t.baseUrl}/api/updates`);
    expect(response.status).toBe(401);
  });

  it("announces each order to its own company and to staff, never to another company's users", async () => {
    const customers = ['ec.admin', 'ec2.admin', 'oem.admin', 'oem2.admin'];
    const streams = new Map(await Promise.all(['bl.admin', ...customers].map(async (login) => [login, await openUpdates(t, await flows.as(login))] as const)));
    const refIds = new Map<string, string>();
    for (const login of customers) refIds.set(login, (await flows.requested(login)).refId);

    const staff = streams.get('bl.admin')!;
    await until(() => [...refIds.values()].every((refId) => staff.orders().some((o) => o.refId === refId)), 'staff to hear of every order');
    for (const login of customers) {
      const own = refIds.get(login)!;
      const heard = streams.get(login)!;
      await until(() => heard.orders().some((o) => o.refId === own), `${login} to hear of its order`);
      // Every other company's order has been announced to staff by now, so it would have reached this stream too.
      expect(new Set(heard.orders().map((o) => o.refId))).toEqual(new Set([own]));
    }
    for (const stream of streams.values()) stream.close();
  });

  it("tells staff only of the orders of their countries: an order outside a staff user's country filter is never announced to them", async () => {
    const admin = await flows.as('bl.admin');
    expect((await t.post('/api/user/update', { userId: userIdOf('bl.planner'), countriesFilter: ['uk'] }, admin)).status).toBe(200);
    try {
      const british = await openUpdates(t, await t.login('bl.planner@demo.onsite.test'));
      const everyCountry = await openUpdates(t, admin);
      const inGermany = quoteRequestBody();
      inGermany.content.location = {
        name: 'Köln plant',
        addressLine1: 'Industriestraße 12',
        city: 'Köln',
        postCode: '50667',
        country: 'de',
        timeZone: 'Europe/Berlin',
      };
      const german = await flows.requested('ec2.admin', inGermany);
      const uk = await flows.requested('ec.admin');
      await until(
        () => [german.refId, uk.refId].every((refId) => everyCountry.orders().some((o) => o.refId === refId)),
        'staff without a filter to hear of both',
      );
      await until(() => british.orders().some((o) => o.refId === uk.refId), "the UK order on the UK planner's stream");
      // The German order was announced before the UK one, so it would have reached this stream by now.
      expect(british.orders().map((o) => o.refId)).not.toContain(german.refId);
      british.close();
      everyCountry.close();
    } finally {
      await t.post('/api/user/update', { userId: userIdOf('bl.planner'), countriesFilter: [] }, admin);
    }
  });

  it('announces a change well within a second of the write', async () => {
    const order = await flows.requested('ec.admin');
    const stream = await openUpdates(t, await flows.as('ec.admin'));
    await until(() => stream.frames.length > 0, 'the first frame');
    await flows.ok('/api/order/cancel', { orderId: order._id, version: order.version }, 'ec.admin');
    const written = Date.now();
    await until(() => stream.orders().some((o) => o.orderId === order._id), 'the cancellation');
    expect(stream.orders().find((o) => o.orderId === order._id)!.at - written).toBeLessThan(1_000);
    stream.close();
  });

  it('resumes after a disconnect from Last-Event-ID: every change missed, none twice', async () => {
    const token = await flows.as('ec.admin');
    const first = await openUpdates(t, token);
    const a = await flows.requested('ec.admin');
    await until(() => first.orders().some((o) => o.refId === a.refId), 'the first order');
    const lastSeen = first.orders().at(-1)!.id;
    first.close();

    // Changes while disconnected: a new request, and a cancellation of the first.
    const b = await flows.requested('ec.admin');
    await flows.ok('/api/order/cancel', { orderId: a._id, version: a.version }, 'ec.admin');

    const resumed = await openUpdates(t, token, lastSeen);
    await until(() => resumed.orders().some((o) => o.refId === b.refId) && resumed.orders().some((o) => o.refId === a.refId), 'the missed changes');
    const c = await flows.requested('ec.admin');
    await until(() => resumed.orders().some((o) => o.refId === c.refId), 'a live change after the replay');

    const ids = resumed.orders().map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((x, y) => t.runtime.eventStore.compareCheckpoints(x, y)));
    expect(ids.every((id) => t.runtime.eventStore.compareCheckpoints(id, lastSeen) > 0)).toBe(true);
    expect(
      resumed
        .orders()
        .map((o) => o.refId)
        .filter((refId) => refId === a.refId),
    ).toHaveLength(1);
    resumed.close();
  });

  it("announces an order when its job specification's export is recorded (the failed-exports queue and the job tab follow)", async () => {
    const order = await flows.jobInPlanning('ec.admin');
    const staff = await openUpdates(t, await flows.as('bl.admin'));
    await until(() => staff.frames.length > 0, 'the first frame');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = staff.orders().length;
    expect(staff.orders().some((o) => o.refId === order.refId)).toBe(false);
    // As the export worker records its last failed attempt (this test server runs no exporting workers).
    await t.runtime.eventStore.appendToStream(
      `job-export-${order._id}`,
      [
        {
          type: 'JOB_SPEC_EXPORT_FAILED',
          data: { jobId: 'job-1', error: 'Planning tool answered 422', attempts: 5 },
          metadata: { actorUserId: 'system', correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() },
        },
      ],
      'any',
    );
    await until(
      () =>
        staff
          .orders()
          .slice(before)
          .some((o) => o.refId === order.refId),
      'staff to hear of the failed export',
    );
    staff.close();
  });

  it('ends the stream when the session is revoked', async () => {
    const token = await t.login('ec.planner@demo.onsite.test');
    const stream = await openUpdates(t, token);
    await until(() => stream.frames.length > 0, 'the first frame');
    expect((await t.post('/api/log-out', {}, token)).status).toBe(200);
    await until(() => stream.ended(), 'the stream to end after the log-out', 3_000);
    const before = stream.frames.length;
    await flows.requested('ec.admin');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(stream.frames.length).toBe(before);
  });
});

describe('live updates of consoles that go away', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  it('a closed stream leaves nothing listening', async () => {
    const hub = t.app.get(UpdatesHub);
    const stream = await openUpdates(t, await flows.as('ec.admin'));
    await until(() => stream.frames.length > 0, 'the first frame');
    expect(hub.listening()).toBe(1);
    stream.close();
    await until(() => hub.listening() === 0, 'the listener of the closed stream to go', 2_000);
  });

  it('a console that goes away while its missed changes are being replayed leaves nothing listening', async () => {
    const hub = t.app.get(UpdatesHub);
    const attach = hub.attach.bind(hub);
    let leave!: () => void;
    const left = new Promise<void>((resolve) => (leave = resolve));
    // The replay ends only after the client has gone: its socket closes before the stream has its close listener.
    hub.attach = async (listener, after) => {
      const detach = await attach(listener, after);
      await left;
      return detach;
    };
    try {
      const stream = await openUpdates(t, await flows.as('ec.admin'));
      await until(() => stream.frames.length > 0, 'the first frame');
      expect(hub.listening()).toBe(1);
      stream.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      leave();
      await until(() => hub.listening() === 0, 'the listener of the closed stream to go', 2_000);
    } finally {
      leave();
      hub.attach = attach;
    }
  });
});

describe('live updates at shutdown', () => {
  it('an open stream does not keep the server from closing: it is ended first', async () => {
    const t = await startTestApp();
    const stream = await openUpdates(t, await t.login('ec.admin@demo.onsite.test'));
    await until(() => stream.frames.length > 0, 'the first frame');
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await until(() => stream.ended(), 'the stream to end', 2_000);
  }, 15_000);
});
