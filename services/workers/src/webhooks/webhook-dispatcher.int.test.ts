import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { webhookDecider, webhookStreamId } from '@onsite/domain';
import { handleCommand, type Stores } from '@onsite/infrastructure';
import { EC_ADMIN } from '../../../domain/src/order/test-support/order-fixtures.js';
import { describeWithService } from '../../../infrastructure/src/test-support/postgres.js';
import { BullMqScheduler } from '../scheduler/bullmq-scheduler.js';
import { InProcessScheduler } from '../scheduler/in-process-scheduler.js';
import type { JobScheduler } from '../scheduler/job-scheduler.js';
import { startWorkers, type RunningWorkers } from '../start-workers.js';
import { memoryStores, offeredOrder, sleep, waitUntil } from '../test-support/order-history.js';
import { WEBHOOK_DELIVERIES, type WebhookDeliveryRecord } from './webhook-dispatcher.js';
import { WebhookSecrets } from './webhook-secrets.js';

const quiet = { info: () => {}, error: () => {} };
const clock = () => new Date();

interface Kind {
  /** A scheduler for one worker process (the same queue for both). */
  make(): JobScheduler;
  /** What a crash leaves of the first worker's scheduler. */
  kill(scheduler: JobScheduler): Promise<void>;
}

/** A worker that dies while a message is on the wire: the next one sends it, nothing is lost (D215). */
const killedWorker = (kind: Kind) => () => {
  let stores: Stores;
  let server: Server;
  let url: string;
  const hung: ServerResponse[] = [];
  const answered: string[] = [];
  let hangNext = true;

  beforeAll(async () => {
    stores = await memoryStores();
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        // The first request is taken and never answered: its worker dies meanwhile.
        if (hangNext) {
          hangNext = false;
          hung.push(res);
          return;
        }
        answered.push((JSON.parse(raw) as { id: string }).id);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stores.close();
  });

  const start = (scheduler: JobScheduler): Promise<RunningWorkers> =>
    startWorkers({
      ...stores,
      scheduler,
      clock,
      logger: quiet,
      webhooks: { allowLoopback: true, backoffMs: 50, maxBackoffMs: 200, timeoutMs: 60_000, laneLeaseMs: 500 },
    });

  it('sends the message again from the next worker once the dead one’s lease has run out', async () => {
    const firstScheduler = kind.make();
    const first = await start(firstScheduler);
    const id = randomUUID();
    await new WebhookSecrets(stores.documentStore).create(id);
    await handleCommand(stores.eventStore, webhookDecider, {
      streamId: webhookStreamId(id),
      newStream: true,
      command: { type: 'RegisterWebhook', data: { id, url, kinds: ['offer.made'] }, facts: { companyId: EC_ADMIN.companyId } },
      actor: EC_ADMIN,
      correlationId: 'test',
      clock,
      newId: randomUUID,
    });
    const { orderId } = await offeredOrder(stores.eventStore, 7 * 86_400_000);
    await waitUntil(async () => hung.length === 1);

    // The first worker dies with the request in flight: its subscription and scheduler are gone, its lease stays.
    await first.host.stop();
    await kind.kill(firstScheduler);
    const deliveries = stores.documentStore.collection<WebhookDeliveryRecord>(WEBHOOK_DELIVERIES);
    const [pending] = await deliveries.find({ filter: { endpointId: id } });
    expect(pending).toMatchObject({ orderId, kind: 'offer.made', status: 'PENDING', attempts: 0 });

    const second = await start(kind.make());
    try {
      await waitUntil(async () => answered.length === 1, 15_000);
      expect(answered).toEqual([pending!.eventId]);
      await waitUntil(async () => (await deliveries.get(pending!.id))?.data.status === 'DELIVERED');
      // The dead worker's answer, if it ever comes, changes nothing.
      hung[0]!.writeHead(500).end();
      await sleep(300);
      expect((await deliveries.get(pending!.id))?.data).toMatchObject({ status: 'DELIVERED', attempts: 1, lastError: null });
      expect(answered).toEqual([pending!.eventId]);
    } finally {
      await second.stop();
    }
  });
};

describe(
  'webhook deliveries across a killed worker (PGlite, in-process scheduler)',
  killedWorker({
    make: () => new InProcessScheduler(clock),
    // Its timers stop; the job in flight is abandoned (never awaited).
    kill: async (scheduler) => void scheduler.close(),
  }),
);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new URL(REDIS_URL);
const prefix = `onsite-test-webhooks-${randomBytes(4).toString('hex')}`;
describeWithService(
  'Redis',
  { host: redis.hostname, port: Number(redis.port || 6379), shown: REDIS_URL },
  'webhook deliveries across a killed worker (BullMQ)',
  () => {
    afterAll(async () => {
      const client = new Redis(REDIS_URL);
      const keys = await client.keys(`${prefix}:*`);
      if (keys.length > 0) await client.del(...keys);
      await client.quit();
    });
    killedWorker({
      make: () => new BullMqScheduler({ redisUrl: REDIS_URL, prefix, lockDurationMs: 1000, stalledIntervalMs: 500, backoffMs: 100, attempts: 5 }),
      // Its connections drop at once; the running job keeps its lock until it expires and is taken over.
      kill: (scheduler) => (scheduler as BullMqScheduler).kill(),
    })();
  },
);
