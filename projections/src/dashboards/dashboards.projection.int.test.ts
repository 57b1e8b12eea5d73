import type { DomainEvent, OrderContent, RecordedEvent } from '@onsite/domain';
import { createStores, START, type Stores } from '@onsite/infrastructure';
import { ordersProjection } from '../orders/orders.projection.js';
import { ALL_PROJECTIONS } from '../read-models.js';
import { ProjectionRunner } from '../runner/projection-runner.js';
import { DASHBOARD_FACTS, DASHBOARD_ORDERS, KPI_BUCKETS } from './dashboards.projection.js';
import { dashboardReport, kpiDrill, kpiReport } from './queries.js';

const content = (country: string, geo?: { lat: number; lng: number }): OrderContent => ({
  location: { name: 'Plant', addressLine1: 'Street 1', city: 'City', postCode: '1000', country, timeZone: 'Europe/Berlin', ...(geo ? { geo } : {}) },
  timeframes: [{ type: 'FIXED', date: { from: '2026-03-10T08:00:00', to: '2026-03-12T18:00:00' } } as never],
  services: [{ serviceId: 'svc-cal', name: 'Calibration', price: { amount: 100, currency: 'EUR' }, equipmentItems: [] }],
  equipments: [],
  additionalInformation: {},
  contacts: { additionalContacts: [] },
});
const pdf = { path: 'offers/o.pdf', name: 'o.pdf', mimeType: 'application/pdf' };
const billing = {
  id: 'b',
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.test',
  department: 'D',
  addressLine1: 'L',
  addressCity: 'C',
  addressPostCode: 'P',
  addressCountry: 'de',
  taxNumber: 'T',
};

const created = (n: number, country: string, companyId = 'oem-1', geo?: { lat: number; lng: number }): DomainEvent => ({
  type: 'CREATE',
  data: {
    orderId: `o${n}`,
    refId: `ON-26-${n}`,
    customer: { companyId, name: `Company ${companyId}`, country },
    creationType: 'QUOTE_REQUEST',
    content: content(country, geo),
  },
});
const quote: DomainEvent = { type: 'GET_QUOTE', data: { disclaimerAccepted: true, shortNotice: null } };
const offer = (at: string): DomainEvent => ({
  type: 'OFFER',
  data: { offerId: 'f1', pdf, attachments: [], expiresAt: '2026-12-01T00:00:00.000Z', offeredAt: at },
});
const accept: DomainEvent = {
  type: 'ACCEPT_OFFER',
  data: { offerId: 'f1', po: { number: 'PO' }, billingAddress: billing, termsAccepted: true, additionalInformationRequired: false },
};
const reject = (reasons: string[]): DomainEvent => ({ type: 'REJECT', data: { offerId: 'f1', reasons } });

let position = 0;
/** One order's events with the given times (hours after 2026-03-01T00:00Z). */
function stream(n: number, events: readonly [DomainEvent, number][], onBehalf = false): RecordedEvent[] {
  return events.map(([e, hours], i) => {
    position++;
    const occurredAt = new Date(Date.UTC(2026, 2, 1) + hours * 3_600_000).toISOString();
    return {
      eventId: `o${n}-${i}`,
      streamId: `order-o${n}`,
      streamVersion: i + 1,
      checkpoint: String(position),
      globalPosition: String(position),
      type: e.type,
      data: e.data,
      metadata: {
        actorUserId: 'u',
        correlationId: 'c',
        causationId: 'c',
        occurredAt,
        ...(onBehalf && e.type === 'GET_QUOTE' ? { onBehalfOfUserId: 'cu' } : {}),
      },
      recordedAt: occurredAt,
    } as RecordedEvent;
  });
}

const events: RecordedEvent[] = [
  // Won after 10 h to the offer and 20 h to the acceptance; job done on day 11 (on time), rated 4.
  ...stream(1, [
    [created(1, 'de', 'oem-1', { lat: 48.1, lng: 11.5 }), 0],
    [quote, 1],
    [offer('x'), 11],
    [accept, 31],
    [{ type: 'CREATE_JOB_SPECIFICATION', data: { jobId: 'j1' } }, 40],
    [{ type: 'JOB_PLANNED', data: { jobId: 'j1', team: [], schedule: { from: '2026-03-10T08:00:00', to: '2026-03-12T18:00:00' } } }, 50],
    [{ type: 'JOB_IN_PROGRESS', data: { jobId: 'j1' } }, 220],
    [{ type: 'JOB_COMPLETED', data: { jobId: 'j1' } }, 250],
    [{ type: 'FEEDBACK_SAVED', data: { feedbacks: [{ type: 'JOB_RATING', rating: 4 }] } }, 260],
  ]),
  // Rejected for price, offered after 30 h.
  ...stream(2, [
    [created(2, 'de'), 0],
    [quote, 2],
    [offer('x'), 32],
    [reject(['PRICE_TOO_HIGH', 'SOMEONE_ELSE']), 40],
  ]),
  // Expired, in another country, requested on behalf (internal view only).
  ...stream(
    3,
    [
      [created(3, 'uk', 'ec-9'), 0],
      [quote, 3],
      [offer('x'), 8],
      [{ type: 'EXPIRE', data: { offerId: 'f1' } }, 200],
    ],
    true,
  ),
  // Declined, in April.
  ...stream(4, [
    [created(4, 'de'), 0],
    [quote, 24 * 40],
    [{ type: 'DECLINE', data: { externalComment: 'x', internalComment: 'y' } }, 24 * 41],
  ]),
  // A draft: not a request.
  ...stream(5, [[created(5, 'de'), 0]]),
];

// The dashboards are a read model of the orders projection (D83), which folds the state they are derived from.
describe('dashboards read model', () => {
  let stores: Stores;
  const apply = async (list: readonly RecordedEvent[]) => {
    for (const e of list) await stores.documentStore.transaction((session) => ordersProjection.apply(e, session));
  };
  const reset = async () => {
    for (const c of ordersProjection.collections) {
      await stores.documentStore.dropCollection(c.name);
      await stores.documentStore.ensureCollection(c);
    }
  };
  const snapshot = async () => ({
    buckets: (
      await stores.documentStore.collection(KPI_BUCKETS).findDocuments({
        sort: [
          { path: 'country', direction: 'asc' },
          { path: 'month', direction: 'asc' },
          { path: 'view', direction: 'asc' },
        ],
      })
    ).map((d) => d.data),
    facts: (await stores.documentStore.collection(DASHBOARD_FACTS).findDocuments()).map((d) => [d.id, d.data]).sort(),
    orders: (await stores.documentStore.collection('order_states').findDocuments()).map((d) => [d.id, d.revision]).sort(),
  });
  const all = { from: '2026-01', to: '2026-12', view: 'internal' as const, countries: [] };

  beforeAll(async () => {
    stores = await createStores({ profile: 'embedded', dataDir: 'memory://' });
    for (const c of ordersProjection.collections) await stores.documentStore.ensureCollection(c);
  });
  afterAll(async () => stores.close());

  it('turns the order events into KPI figures', async () => {
    await apply(events);
    const report = await kpiReport(stores.documentStore, all);
    expect(report.total).toMatchObject({
      requests: 4,
      offered: 3,
      accepted: 1,
      lost: 3,
      acceptanceRate: 0.25,
      lossReasons: { PRICE_TOO_HIGH: 1, SOMEONE_ELSE: 1, EXPIRED: 1, DECLINED: 1 },
      requestToOffer: { count: 3, medianHours: 10, p90Hours: 30 },
      offerToAccept: { count: 1, medianHours: 20, p90Hours: 20 },
      jobsCompleted: 1,
      jobsOnTime: 1,
      feedbackCount: 1,
      feedbackAverage: 4,
    });
    expect(report.byMonth.map((m) => [m.month, m.requests])).toEqual([
      ['2026-03', 3],
      ['2026-04', 1],
    ]);
    expect(report.countries).toEqual(['de', 'uk']);
    const external = await kpiReport(stores.documentStore, { ...all, view: 'external' });
    expect(external.total.requests).toBe(3);
    const germany = await kpiReport(stores.documentStore, { ...all, countries: ['de'] });
    expect(germany.total.lossReasons).toEqual({ PRICE_TOO_HIGH: 1, SOMEONE_ELSE: 1, DECLINED: 1 });
    const march = await kpiReport(stores.documentStore, { ...all, from: '2026-03', to: '2026-03' });
    expect(march.total.requests).toBe(3);
    expect((await kpiDrill(stores.documentStore, all, 'PRICE_TOO_HIGH')).orders.map((o) => o.refId)).toEqual(['ON-26-2']);
    expect((await kpiDrill(stores.documentStore, { ...all, countries: ['de'] }, 'EXPIRED')).orders).toEqual([]);
  });

  it('gives the OEM dashboard its jobs', async () => {
    const report = await dashboardReport(stores.documentStore, { from: '2026-01-01', to: '2026-12-31', companyIds: ['oem-1'] }, []);
    expect(report).toMatchObject({ total: 1, executed: 1, planned: 0, byStatus: { JOB_COMPLETED: 1 } });
    expect(report.markers).toEqual([expect.objectContaining({ refId: 'ON-26-1', lat: 48.1, lng: 11.5 })]);
    expect(report.byServiceType).toEqual([{ serviceId: 'svc-cal', name: 'Calibration', count: 1 }]);
    expect((await dashboardReport(stores.documentStore, { from: '2026-04-01', to: '2026-12-31', companyIds: ['oem-1'] }, [])).total).toBe(0);
    expect((await dashboardReport(stores.documentStore, { from: '2026-01-01', to: '2026-12-31', companyIds: ['other'] }, [])).total).toBe(0);
  });

  it('changes nothing when every event is applied twice', async () => {
    const once = await snapshot();
    await apply(events);
    await apply(events.flatMap((e) => [e, e]));
    expect(await snapshot()).toEqual(once);
  });

  it('gives the same figures when rebuilt from zero', async () => {
    const before = await snapshot();
    const report = await kpiReport(stores.documentStore, all);
    await reset();
    await apply(events);
    expect(await snapshot()).toEqual(before);
    expect(await kpiReport(stores.documentStore, all)).toEqual(report);
  });
});

describe('a data directory from before D83 (the dashboards their own projection, the folded state stored twice)', () => {
  it('is rebuilt at start: the dashboards from the orders projection, the retired per-order state dropped', async () => {
    const stores = await createStores({ profile: 'embedded', dataDir: 'memory://' });
    try {
      for (const streamId of new Set(events.map((e) => e.streamId))) {
        const list = events.filter((e) => e.streamId === streamId);
        await stores.eventStore.appendToStream(
          streamId,
          list.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })),
          'any',
        );
      }
      // What the version before left: its own collections and checkpoints, with documents of the old shape.
      for (const name of [DASHBOARD_ORDERS, DASHBOARD_FACTS, KPI_BUCKETS, 'order_states']) await stores.documentStore.ensureCollection({ name });
      await stores.documentStore.transaction(async (session) => {
        await session.collection(DASHBOARD_ORDERS).upsert('o1', { state: { status: 'REQUESTED_QUOTE' }, facts: null }, 1);
        await session.collection(DASHBOARD_FACTS).upsert('stale', { refId: 'stale' }, 1);
      });
      const last = (await stores.eventStore.readAll(START, 1000)).checkpoint;
      for (const [key, value] of [
        ['orders@version', '5'],
        ['orders', last],
        ['dashboards@version', '1'],
        ['dashboards', last],
      ])
        await stores.documentStore.setCheckpoint(key!, value!);

      const runner = new ProjectionRunner(stores, ALL_PROJECTIONS, { logger: { info: () => undefined, error: () => undefined } });
      await runner.start();
      // The new version is built beside the old one and swapped in (D210).
      await runner.whenUpgraded();
      await runner.stop();

      expect(await stores.documentStore.getCheckpoint('orders@version')).toBe(String(ordersProjection.version));
      expect((await stores.documentStore.collection(DASHBOARD_FACTS).findDocuments()).map((d) => d.id).sort()).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
      expect((await kpiReport(stores.documentStore, { from: '2026-01', to: '2026-12', view: 'internal', countries: [] })).total.requests).toBe(4);
      // The old per-order documents are gone with their table (a query of it fails: there is no such collection).
      await expect(stores.documentStore.collection(DASHBOARD_ORDERS).count()).rejects.toThrow(/rm_dashboard_orders/);
    } finally {
      await stores.close();
    }
  });
});
