import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { decideOrder, foldOrder, orderStreamId, type Actor, type OrderCommand, type OrderEvent, type RecordedEvent } from '@onsite/domain';
import { createStores, type EventStore, type Stores } from '@onsite/infrastructure';
import { CUSTOMER, EC_ADMIN, NOW, SAMPLE_COMMANDS, STAFF } from '../../../domain/src/order/test-support/order-fixtures.js';
import { ORDER_DETAILS_COLLECTION } from '../offer-expiry/offer-expiry.js';

/** Both stores on a throw-away in-memory PGlite. */
export function memoryStores(): Promise<Stores> {
  return createStores({ profile: 'embedded', dataDir: 'memory://' });
}

/** Decides `command` on the order stream and appends the result, as the api's CommandRunner does. */
export async function run(eventStore: EventStore, orderId: string, command: OrderCommand, actor: Actor, now = new Date().toISOString()): Promise<OrderEvent[]> {
  const streamId = orderStreamId(orderId);
  const recorded = await eventStore.readStream(streamId);
  const state = foldOrder(recorded.map((e) => ({ type: e.type, data: e.data }) as OrderEvent));
  const events = decideOrder(command, state, { actor, now, newId: randomUUID });
  const metadata = { actorUserId: actor.userId, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: now };
  await eventStore.appendToStream(
    streamId,
    events.map((e) => ({ type: e.type, data: e.data, metadata })),
    recorded.at(-1)?.streamVersion ?? 0,
  );
  return events;
}

/** A quote request (created and submitted at the fixtures' NOW) with an offer expiring `expiresInMs` from now. */
export async function offeredOrder(eventStore: EventStore, expiresInMs: number): Promise<{ orderId: string; offerId: string }> {
  const orderId = randomUUID();
  const create = SAMPLE_COMMANDS.CreateOrder;
  await run(eventStore, orderId, { ...create, facts: { orderId, refId: `ON-26-${orderId.slice(0, 6).toUpperCase()}`, customer: CUSTOMER } }, EC_ADMIN, NOW);
  await run(eventStore, orderId, SAMPLE_COMMANDS.SubmitOrder, EC_ADMIN, NOW);
  const [offer] = await run(
    eventStore,
    orderId,
    { ...SAMPLE_COMMANDS.MakeOffer, data: { ...SAMPLE_COMMANDS.MakeOffer.data, expiresAt: new Date(Date.now() + expiresInMs).toISOString() } },
    STAFF,
  );
  return { orderId, offerId: (offer as Extract<OrderEvent, { type: 'OFFER' }>).data.offerId };
}

export async function acceptOffer(eventStore: EventStore, orderId: string, offerId: string): Promise<void> {
  await run(eventStore, orderId, { ...SAMPLE_COMMANDS.AcceptOffer, data: { ...SAMPLE_COMMANDS.AcceptOffer.data, offerId } }, EC_ADMIN);
}

/** An accepted order for which staff created the job specification. */
export async function orderWithJob(eventStore: EventStore): Promise<{ orderId: string; jobId: string }> {
  const { orderId, offerId } = await offeredOrder(eventStore, 3_600_000);
  await acceptOffer(eventStore, orderId, offerId);
  const [spec] = await run(eventStore, orderId, { type: 'PrepareJob', data: { notes: 'Bring the calibration kit.' } }, STAFF);
  return { orderId, jobId: (spec as Extract<OrderEvent, { type: 'CREATE_JOB_SPECIFICATION' }>).data.jobId };
}

export async function eventsOfType(eventStore: EventStore, streamId: string, type: string): Promise<RecordedEvent[]> {
  return (await eventStore.readStream(streamId)).filter((e) => e.type === type);
}

/**
 * The order's open offer as the orders projection shows it (these tests run no projections): the read model row
 * from which a starting worker process re-derives the offer's reminder and expiry.
 */
export async function showOpenOffer(stores: Stores, orderId: string, offerId: string): Promise<void> {
  const offer = (await eventsOfType(stores.eventStore, orderStreamId(orderId), 'OFFER'))[0]!;
  await stores.documentStore.ensureCollection({ name: ORDER_DETAILS_COLLECTION });
  await stores.documentStore
    .collection(ORDER_DETAILS_COLLECTION)
    .upsert(orderId, { _id: orderId, status: 'OFFERED', openOfferId: offerId, offers: [offer.data] }, offer.streamVersion);
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000, intervalMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface SimulatorState {
  readonly requests: number;
  readonly failures: number;
  readonly duplicates: number;
  readonly accepted: readonly { readonly key: string; readonly specification: Record<string, unknown> }[];
}

export interface Simulator {
  readonly url: string;
  state(): Promise<SimulatorState>;
  reset(failFirst: number): Promise<void>;
  /** Refuses this order's specifications with 422 and the message (null: accepts them again). */
  refuse(orderId: string, message: string | null): Promise<void>;
  close(): Promise<void>;
}

/** Starts scripts/planning-tool-simulator.mjs on a free loopback port. */
export function startSimulator(failFirst = 0): Promise<Simulator> {
  const script = path.resolve(__dirname, '../../../../scripts/planning-tool-simulator.mjs');
  const child: ChildProcess = spawn(process.execPath, [script, '--port', '0', '--fail-first', String(failFirst)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      const url = match[1];
      resolve({
        url,
        state: async () => (await (await fetch(`${url}/__admin/state`)).json()) as SimulatorState,
        reset: async (n) => void (await fetch(`${url}/__admin/reset`, { method: 'POST', body: JSON.stringify({ failFirst: n }) })),
        refuse: async (orderId, message) =>
          void (await fetch(`${url}/__admin/refuse`, { method: 'POST', body: JSON.stringify({ orderIds: [orderId], message }) })),
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
