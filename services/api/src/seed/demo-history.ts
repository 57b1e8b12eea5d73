import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { currencyOf, orderStreamId, type Actor, type OrderCommand, orderDecider } from '@onsite/domain';
import { DateTime } from 'luxon';
import { CommandRunner } from '../common/command-runner.js';
import type { Runtime } from '../runtime.js';
import { SessionService } from '../identity/sessions.js';
import { DEMO_DOMAIN, demoId } from './demo-seed.js';

/**
 * A year of order history for the demo companies, made through the same api calls the console makes (and, for
 * the planning tool's progress reports, the same commands the integration issues) while a seed clock walks
 * through the year. Every status is there, with offers about to expire, jobs in progress and feedback.
 */

/** The clock of the runtime while seeding: set to a moment of the past, or back to real time (null). */
interface SeedClock {
  now(): Date;
  set(at: Date | null): void;
}

export function seedClock(real: () => Date = () => new Date()): SeedClock {
  let fixed: Date | null = null;
  return { now: () => fixed ?? real(), set: (at) => (fixed = at) };
}

const MARKER_STREAM = 'demo-history-v1';

/** Where each demo customer works: a plant in its country, with the zone its job times are in. */
const SITES: Record<
  string,
  readonly { name: string; addressLine1: string; city: string; postCode: string; country: string; timeZone: string; geo: { lat: number; lng: number } }[]
> = {
  ec: [
    {
      name: 'Reading plant',
      addressLine1: '14 Riverside Way',
      city: 'Reading',
      postCode: 'RG1 8DB',
      country: 'uk',
      timeZone: 'Europe/London',
      geo: { lat: 51.4551, lng: -0.9787 },
    },
    {
      name: 'Sheffield forge',
      addressLine1: '3 Attercliffe Road',
      city: 'Sheffield',
      postCode: 'S4 7WZ',
      country: 'uk',
      timeZone: 'Europe/London',
      geo: { lat: 53.3934, lng: -1.4305 },
    },
  ],
  ec2: [
    {
      name: 'Werk Köln-Porz',
      addressLine1: 'Hauptstraße 210',
      city: 'Köln',
      postCode: '51143',
      country: 'de',
      timeZone: 'Europe/Berlin',
      geo: { lat: 50.8853, lng: 7.0493 },
    },
    {
      name: 'Werk Stuttgart',
      addressLine1: 'Motorstraße 12',
      city: 'Stuttgart',
      postCode: '70499',
      country: 'de',
      timeZone: 'Europe/Berlin',
      geo: { lat: 48.8226, lng: 9.1136 },
    },
  ],
  oem: [
    {
      name: 'Montage Basel',
      addressLine1: 'Hafenstrasse 25',
      city: 'Basel',
      postCode: '4057',
      country: 'ch',
      timeZone: 'Europe/Zurich',
      geo: { lat: 47.5733, lng: 7.5925 },
    },
  ],
  oem2: [
    {
      name: 'Detroit assembly',
      addressLine1: '1200 Woodward Ave',
      city: 'Detroit',
      postCode: '48226',
      country: 'us',
      timeZone: 'America/Detroit',
      geo: { lat: 42.3331, lng: -83.0466 },
    },
  ],
};
const ORDERING: Record<string, readonly string[]> = {
  ec: ['ec.admin', 'ec.planner'],
  ec2: ['ec2.admin', 'ec2.planner'],
  oem: ['oem.admin', 'oem.planner'],
  oem2: ['oem2.admin', 'oem2.planner'],
};
const SERVICES = [
  'svc-preventive-maintenance',
  'svc-calibration',
  'svc-repair',
  'svc-commissioning',
  'svc-line-audit',
  'svc-operator-training',
  'svc-retrofit',
];
const REJECT_REASONS = [['PRICE_TOO_HIGH'], ['SOMEONE_ELSE'], ['PRICE_TOO_HIGH', 'OTHER']] as const;
const TEAM = [
  [
    { id: 'tech-1', name: 'Max Huber' },
    { id: 'tech-2', name: 'Lena Roth' },
  ],
  [{ id: 'tech-3', name: 'Tom Baker' }],
  [
    { id: 'tech-4', name: 'João Silva' },
    { id: 'tech-5', name: 'Anna Berg' },
  ],
] as const;

/** Where an order's story ends. The list is the mix of the seeded history, oldest orders first. */
type Ending =
  | 'BILLED'
  | 'JOB_CLOSED'
  | 'JOB_COMPLETED'
  | 'JOB_CANCELLED'
  | 'DECLINED_BY_STAFF'
  | 'REJECTED'
  | 'CANCELED'
  | 'EXPIRED'
  | 'CLOSED'
  | 'DELETED'
  | 'REOPENED'
  | 'JOB_IN_PROGRESS'
  | 'JOB_PLANNED'
  | 'JOB_IN_PLANNING'
  | 'ORDER_SUBMITTED'
  | 'OFFERED'
  | 'OFFER_EXPIRING'
  | 'REQUESTED_QUOTE'
  | 'INCOMPLETE'
  | 'IN_PREPARATION'
  | 'ON_BEHALF';

const PAST_ENDINGS: readonly Ending[] = [
  'BILLED',
  'JOB_CLOSED',
  'JOB_COMPLETED',
  'BILLED',
  'REJECTED',
  'EXPIRED',
  'DECLINED_BY_STAFF',
  'CANCELED',
  'JOB_CANCELLED',
  'CLOSED',
  'BILLED',
  'JOB_COMPLETED',
  'DELETED',
  'REOPENED',
];
const CURRENT_ENDINGS: readonly Ending[] = [
  'JOB_IN_PROGRESS',
  'JOB_PLANNED',
  'JOB_IN_PLANNING',
  'ORDER_SUBMITTED',
  'OFFERED',
  'OFFER_EXPIRING',
  'REQUESTED_QUOTE',
  'INCOMPLETE',
  'IN_PREPARATION',
  'ON_BEHALF',
];

interface Ref {
  _id: string;
  refId: string;
  version: number;
  status: string;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const BOUNDARY = 'onsite-demo-history';
const localTime = (t: DateTime) => t.toFormat("yyyy-MM-dd'T'HH:mm:ss");

interface DemoHistoryOptions {
  /** Orders in the past year (closed stories) and orders still running. */
  readonly pastOrders?: number;
  readonly currentOrders?: number;
}

/**
 * Seeds the history once (a marker stream records that it is done). Must run before the server listens,
 * with `clock` being the runtime's clock. Returns how many orders it made and how many steps failed.
 */
export async function seedDemoHistory(
  app: NestFastifyApplication,
  runtime: Runtime,
  clock: SeedClock,
  log: (line: string) => void = () => {},
  { pastOrders = 120, currentOrders = 64 }: DemoHistoryOptions = {},
): Promise<{ orders: number; failures: number }> {
  if ((await runtime.eventStore.readStream(MARKER_STREAM)).length > 0) return { orders: 0, failures: 0 };
  await app.init();
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.ready();
  const started = Date.now();
  const realNow = DateTime.fromJSDate(clock.now()).toUTC();
  // The seed clock jumps, so a session is opened per user and moment (as if the user logged in then).
  const sessions = app.get(SessionService);
  const tokens = new Map<string, { token: string; at: number }>();
  let failures = 0;

  const tokenOf = async (login: string): Promise<string> => {
    const now = clock.now().getTime();
    let session = tokens.get(login);
    if (!session || now < session.at || now - session.at > 30 * 60_000) {
      session = { token: (await sessions.start(demoId(`user:${login}@${DEMO_DOMAIN}`))).token, at: now };
      tokens.set(login, session);
    }
    return session.token;
  };
  /** Uploads the demo PDF under a name, as the console does (multipart), and answers its upload reference. */
  const upload = async (login: string, name: string): Promise<{ uploadId: string }> => {
    const head = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`;
    const r = await fastify.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload: Buffer.concat([Buffer.from(head), PDF, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
      headers: { authorization: `Bearer ${await tokenOf(login)}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    if (r.statusCode !== 200) throw new Error(`upload as ${login}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return { uploadId: (r.json() as { data: { uploadId: string } }).data.uploadId };
  };
  const call = async <T = Ref>(login: string, url: string, payload: unknown, idempotencyKey?: string): Promise<T> => {
    const token = await tokenOf(login);
    const r = await fastify.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { authorization: `Bearer ${token}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    });
    if (r.statusCode !== 200) throw new Error(`${url} as ${login}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return (r.json() as { data: T }).data;
  };
  const runner = new CommandRunner(runtime);
  const system: Actor = { userId: 'system', type: 'BL', role: 'ADMIN', companyId: demoId('company:bl'), country: 'de' };
  const report = async (order: Ref, command: OrderCommand): Promise<Ref> => {
    const result = await runner.run(orderDecider, {
      streamId: orderStreamId(order._id),
      actor: system,
      correlationId: demoId(`history:${order._id}:${command.type}`),
      command,
    });
    return { ...order, version: result.version, status: result.state.status };
  };
  // Steps of a running story that would lie in the future happen now instead (in order, as they must).
  const at = (t: DateTime) => clock.set(DateTime.min(t, realNow.minus({ minutes: 5 }))!.toJSDate());

  const stories: { ending: Ending; createdAt: DateTime; index: number }[] = [];
  for (let i = 0; i < pastOrders; i++) {
    // Spread over the year before the last seven weeks, a little denser towards now.
    const daysAgo = Math.round(360 - 310 * Math.sqrt(i / pastOrders));
    stories.push({ ending: PAST_ENDINGS[i % PAST_ENDINGS.length]!, createdAt: realNow.minus({ days: daysAgo, hours: (i * 7) % 10 }), index: i });
  }
  for (let i = 0; i < currentOrders; i++) {
    const ending = CURRENT_ENDINGS[i % CURRENT_ENDINGS.length]!;
    const daysAgo = ending === 'JOB_IN_PROGRESS' ? 20 : ending === 'JOB_PLANNED' ? 12 : 2 + (i % 9);
    stories.push({ ending, createdAt: realNow.minus({ days: daysAgo, hours: 1 + (i % 6) }), index: pastOrders + i });
  }
  stories.sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis());

  let orders = 0;
  for (const story of stories) {
    try {
      await tell(story.ending, story.createdAt, story.index);
      orders++;
    } catch (error) {
      failures++;
      log(`Demo history: order ${story.index} (${story.ending}) stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  clock.set(null);
  await runtime.eventStore.appendToStream(
    MARKER_STREAM,
    [
      {
        type: 'DEMO_HISTORY_SEEDED',
        data: { orders, failures },
        metadata: { actorUserId: 'system', correlationId: MARKER_STREAM, causationId: MARKER_STREAM, occurredAt: clock.now().toISOString() },
      },
    ],
    0,
  );
  log(`Seeded a year of demo history: ${orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s${failures ? `, ${failures} stopped early` : ''}.`);
  return { orders, failures };

  async function tell(ending: Ending, createdAt: DateTime, index: number): Promise<void> {
    const companyKey = (['ec', 'ec2', 'oem', 'oem2'] as const)[index % 4]!;
    const customer = ORDERING[companyKey]![index % 2]!;
    const site = SITES[companyKey]![index % SITES[companyKey]!.length]!;
    const inProgress = ending === 'JOB_IN_PROGRESS';
    // The job: two to six weeks after the request, in the site's zone; a running job started yesterday.
    const jobStart = (inProgress ? realNow.minus({ days: 1 }) : createdAt.plus({ days: 14 + (index % 28) }))
      .setZone(site.timeZone)
      .startOf('day')
      .set({ hour: 8 });
    const jobEnd = jobStart.plus({ days: 1 + (index % 3) }).set({ hour: 17 });
    const services = [SERVICES[index % SERVICES.length]!, ...(index % 3 === 0 ? [SERVICES[(index + 2) % SERVICES.length]!] : [])];

    at(createdAt);
    const content = {
      location: site,
      timeframes: [{ date: { from: localTime(jobStart), to: localTime(jobEnd) } }],
      services: services.map((serviceId) => ({ serviceId })),
      additionalInformation: {
        serviceTechnicians: { expectedNumberOfTechnicians: 1 + (index % 3) },
        remarks: [
          'Line stop planned for the whole window.',
          'Access through gate 3; safety briefing on arrival.',
          'Two packaging lines.',
          'Spare parts are on site.',
        ][index % 4],
      },
    };
    if (ending === 'IN_PREPARATION') {
      await call('bl.sales', '/api/order/create-in-preparation', { companyId: demoId(`company:${companyKey}`), content });
      return;
    }
    // Staff enter one kind of request for the customer, acting on their behalf (both are on every event).
    const [author, behalf] = ending === 'ON_BEHALF' ? ['bl.sales', { onBehalfOfUserId: demoId(`user:${customer}@${DEMO_DOMAIN}`) }] : [customer, {}];
    let order = await call(author, '/api/order/create', { creationType: 'QUOTE_REQUEST', content, ...behalf }, demoId(`history-order:${index}`));
    if (ending === 'INCOMPLETE') return;
    order = await call(author, '/api/order/submit', { orderId: order._id, version: order.version, disclaimerAccepted: true, ...behalf });
    if (ending === 'REQUESTED_QUOTE' || ending === 'ON_BEHALF') return;
    if (ending === 'DELETED') {
      at(createdAt.plus({ days: 2 }));
      await call('bl.admin', '/api/order/remove', {
        orderId: order._id,
        version: order.version,
        reason: 'Duplicate request',
        internalComment: 'The customer sent the same request twice.',
      });
      return;
    }
    if (ending === 'CANCELED') {
      at(createdAt.plus({ days: 1 }));
      await call(customer, '/api/order/cancel', { orderId: order._id, version: order.version, comment: 'The shutdown was moved to next year.' });
      return;
    }
    at(createdAt.plus({ days: 1, hours: 3 }));
    if (ending === 'DECLINED_BY_STAFF') {
      await call('bl.sales', '/api/order/decline', {
        orderId: order._id,
        version: order.version,
        externalComment: 'No technician with this qualification is free in the requested window.',
        internalComment: 'Team fully booked.',
      });
      return;
    }
    const expiresAt =
      ending === 'OFFER_EXPIRING'
        ? realNow.plus({ hours: 6 + (index % 4) * 9 })
        : ending === 'EXPIRED'
          ? createdAt.plus({ days: 8 })
          : createdAt.plus({ days: ending === 'OFFERED' ? 21 + (index % 10) : 10 });
    order = await call('bl.sales', '/api/order/offer', {
      orderId: order._id,
      version: order.version,
      pdf: await upload('bl.sales', `Offer ${order.refId}.pdf`),
      expiresAt: expiresAt.toUTC().toISO(),
      // A day's work per technician and service, in the site's currency (INR quotes are larger numbers).
      price: { amount: (1_250 + (index % 7) * 180) * services.length * 100 * (site.country === 'in' ? 80 : 1), currency: currencyOf(site.country) ?? 'EUR' },
      externalComment: 'Price includes travel and expenses.',
    });
    if (ending === 'OFFERED' || ending === 'OFFER_EXPIRING') return;
    const { openOfferId } = await call<{ openOfferId: string }>('bl.sales', '/api/order/getByRefId', { refId: order.refId });
    if (ending === 'EXPIRED') {
      at(expiresAt.plus({ minutes: 1 }));
      await report(order, { type: 'ExpireOffer', data: { offerId: openOfferId } });
      return;
    }
    at(createdAt.plus({ days: 3, hours: 2 }));
    if (ending === 'REJECTED') {
      const reasons = REJECT_REASONS[index % REJECT_REASONS.length]!;
      await call(customer, '/api/order/reject', {
        orderId: order._id,
        version: order.version,
        offerID: openOfferId,
        reasons,
        ...(reasons.includes('OTHER' as never) ? { comment: 'Budget frozen until next quarter.' } : {}),
      });
      return;
    }
    const billingAddress = billingAddressOf(companyKey, site);
    order = await call(customer, '/api/order/accept', {
      orderId: order._id,
      version: order.version,
      offerID: openOfferId,
      po: index % 5 === 0 ? '-' : `PO-${4500 + index}`,
      tc: true,
      billingAddress,
    });
    if (companyKey.startsWith('oem')) {
      // An OEM customer completes the order (the end customer's details) after accepting.
      order = await call(customer, '/api/order/complete', {
        orderId: order._id,
        version: order.version,
        content: { ...content, billingAddress },
        disclaimerAccepted: true,
      });
    }
    if (ending === 'ORDER_SUBMITTED') return;
    if (ending === 'CLOSED' || ending === 'REOPENED') {
      at(createdAt.plus({ days: 5 }));
      order = await call('bl.admin', '/api/order/close', { orderId: order._id, version: order.version, comment: 'Handled outside the portal.' });
      if (ending === 'REOPENED') {
        at(createdAt.plus({ days: 6 }));
        await call('bl.admin', '/api/order/reopen', {
          orderId: order._id,
          version: order.version,
          comment: 'The customer wants the job through the portal after all.',
        });
      }
      return;
    }
    at(createdAt.plus({ days: 4 }));
    order = await call('bl.planner', '/api/order/prepare-job', { orderId: order._id, version: order.version });
    if (ending === 'JOB_IN_PLANNING') return;
    const { job } = await call<{ job?: { jobId: string } }>('bl.planner', '/api/order/getByRefId', { refId: order.refId });
    const jobId = job!.jobId;
    at(DateTime.min(createdAt.plus({ days: 7 }), jobStart.minus({ hours: 12 }))!);
    order = await report(order, {
      type: 'RecordJobPlanned',
      data: { jobId, team: TEAM[index % TEAM.length]!, schedule: { from: localTime(jobStart), to: localTime(jobEnd) } },
    });
    if (ending === 'JOB_CANCELLED') {
      at(jobStart.minus({ days: 2 }));
      await report(order, { type: 'RecordJobCancelled', data: { jobId, reason: 'Machine delivery delayed by the customer.' } });
      return;
    }
    if (ending === 'JOB_PLANNED') return;
    at(jobStart.plus({ minutes: 30 }));
    order = await report(order, { type: 'RecordJobStarted', data: { jobId } });
    if (ending === 'JOB_IN_PROGRESS') return;
    at(jobEnd);
    order = await report(order, { type: 'RecordJobCompleted', data: { jobId } });
    if (index % 2 === 0) {
      at(jobEnd.plus({ days: 1 }));
      const stars = [5, 4, 5, 3, 2][index % 5]!;
      order = await call(customer, '/api/feedback/save', {
        refId: order.refId,
        version: order.version,
        feedbacks: [
          {
            type: 'JOB_RATING',
            rating: stars,
            comment: stars <= 2 ? 'The team arrived late and had to come back for a part.' : 'Competent team, clean handover.',
          },
          { type: 'BACK_OFFICE_RATING', rating: Math.min(5, stars + 1) },
        ],
      });
    }
    if (ending === 'JOB_COMPLETED') return;
    at(jobEnd.plus({ days: 3 }));
    order = await report(order, { type: 'RecordJobClosed', data: { jobId } });
    if (ending === 'JOB_CLOSED') return;
    at(jobEnd.plus({ days: 10 }));
    await report(order, { type: 'MarkOrderBilled', data: { invoiceReference: `INV-${2026_0000 + index}` } });
  }
}

function billingAddressOf(companyKey: string, site: { addressLine1: string; city: string; postCode: string; country: string }) {
  return {
    id: `billing-${companyKey}`,
    firstName: 'Accounts',
    lastName: 'Payable',
    email: `ap@${companyKey}.example`,
    department: 'Finance',
    addressLine1: site.addressLine1,
    addressCity: site.city,
    addressPostCode: site.postCode,
    addressCountry: site.country,
    taxNumber: site.country === 'uk' ? 'GB123456789' : site.country === 'de' ? 'DE123456789' : site.country === 'ch' ? 'CHE-123.456.789' : '12-3456789',
  };
}
