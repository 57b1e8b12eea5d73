import type { OrderEventType } from '@onsite/domain';
import type { Stores } from '@onsite/infrastructure';
import { caseOrder, CASE_TYPES, expectEveryEventAppliedTwiceToChangeNothing, JOB_SCHEDULE, storeWithEveryCase } from '../test-support/order-lifecycle.js';
import { ordersProjection } from '../orders/orders.projection.js';
import { DASHBOARD_FACTS, KPI_BUCKETS, type DashboardOrderFacts, type KpiBucket } from './dashboards.projection.js';

const at = (type: OrderEventType, version: number) => caseOrder(type).at(version);

/**
 * The dashboards' facts about the order after each event. The second event of every stream is recorded by staff on
 * the customer's behalf, so no submission here is external (the customer's own).
 */
const AFTER: { readonly [T in OrderEventType]: Partial<DashboardOrderFacts> } = {
  CREATE: {
    status: 'INCOMPLETE',
    requestedAt: null,
    month: null,
    outcome: 'open',
    jobState: 'open',
    city: 'München',
    services: [{ serviceId: 'svc-calibration', name: 'Sensor and instrument calibration' }],
  },
  UPDATE: { status: 'INCOMPLETE', city: 'Augsburg', requestedAt: null },
  GET_QUOTE: { status: 'REQUESTED_QUOTE', requestedAt: at('GET_QUOTE', 2), month: '2026-06', external: false },
  DIRECT_ORDER: { status: 'ORDER_SUBMITTED', requestedAt: at('DIRECT_ORDER', 2), jobState: 'planned' },
  CREATE_IN_PREPARATION: { status: 'IN_PREPARATION', external: false, requestedAt: null },
  UPDATE_IN_PREPARATION: { status: 'IN_PREPARATION', external: false, city: 'Augsburg' },
  CONVERT: { status: 'REQUESTED_QUOTE', external: false, requestedAt: at('CONVERT', 2), month: '2026-06' },
  CONVERT_INCOMPLETE: { status: 'INCOMPLETE', external: false, requestedAt: null },
  OFFER: { status: 'OFFERED', firstOfferAt: at('OFFER', 3), lastOfferAt: at('OFFER', 3), outcome: 'open' },
  OFFER_REMOVED: { status: 'REQUESTED_QUOTE', firstOfferAt: at('OFFER_REMOVED', 3), outcome: 'open' },
  EXPIRE: { status: 'EXPIRED', outcome: 'lost', lossReasons: ['EXPIRED'], jobState: 'open' },
  OFFER_EXTENSION_REQUESTED: { status: 'OFFERED', outcome: 'open' },
  OFFER_EXTENDED: { status: 'OFFERED', outcome: 'open', lastOfferAt: at('OFFER_EXTENDED', 3) },
  ACCEPT_OFFER: { status: 'ORDER_SUBMITTED', outcome: 'won', acceptedAt: at('ACCEPT_OFFER', 4), jobState: 'planned' },
  REJECT: { status: 'DECLINED', outcome: 'lost', lossReasons: ['PRICE_TOO_HIGH'], jobState: 'open' },
  DECLINE: { status: 'DECLINED', outcome: 'lost', lossReasons: ['DECLINED'] },
  CHANGE_REQUEST: { status: 'OFFERED', outcome: 'open' },
  COMPLETE: { status: 'ORDER_SUBMITTED', outcome: 'won', city: 'Augsburg' },
  PO_UPDATED: { status: 'ORDER_SUBMITTED', outcome: 'won' },
  CANCEL: { status: 'CANCELED', jobState: 'open' },
  CLOSE: { status: 'CLOSED', jobState: 'cancelled' },
  REOPEN: { status: 'ORDER_SUBMITTED', jobState: 'planned' },
  DELETE: { status: 'DELETED', gone: false },
  COMMENT: { status: 'REQUESTED_QUOTE' },
  CHANGE_OWNER: { status: 'REQUESTED_QUOTE' },
  SUPERVISOR_ADDED: { status: 'REQUESTED_QUOTE' },
  SUPERVISOR_REMOVED: { status: 'REQUESTED_QUOTE' },
  FINANCIAL_INFO_UPDATED: { status: 'REQUESTED_QUOTE' },
  LOCAL_CONTACT_UPDATED: { status: 'REQUESTED_QUOTE' },
  FILE_REMOVED: { status: 'OFFERED' },
  FEEDBACK_SAVED: { status: 'JOB_COMPLETED', ratings: [4], jobState: 'executed' },
  CREATE_JOB_SPECIFICATION: { status: 'JOB_IN_PLANNING', jobStatus: 'CREATED', jobState: 'planned', jobDate: '2026-06-15' },
  JOB_PLANNING: { status: 'JOB_IN_PLANNING', jobStatus: 'CREATED', scheduleFrom: JOB_SCHEDULE.from, jobDate: '2026-06-16' },
  JOB_PLANNED: {
    status: 'JOB_PLANNED',
    jobStatus: 'PLANNED',
    scheduleFrom: JOB_SCHEDULE.from,
    scheduleTo: JOB_SCHEDULE.to,
    jobDate: '2026-06-16',
    jobState: 'planned',
  },
  JOB_IN_PROGRESS: { status: 'JOB_IN_PROGRESS', jobStatus: 'IN_PROGRESS', jobState: 'planned', jobCompletedAt: null },
  JOB_COMPLETED: { status: 'JOB_COMPLETED', jobStatus: 'COMPLETED', jobCompletedAt: at('JOB_COMPLETED', 8), jobState: 'executed', ratings: [] },
  JOB_CANCELLED: { status: 'JOB_CANCELLED', jobStatus: 'CANCELED', jobState: 'cancelled' },
  JOB_CLOSED: { status: 'JOB_CLOSED', jobStatus: 'CLOSED', jobState: 'executed' },
  BILLED: { status: 'BILLED', jobState: 'executed' },
};

describe('dashboards read model, event by event', () => {
  let stores: Stores;
  beforeAll(async () => {
    stores = await storeWithEveryCase(ordersProjection);
  });
  afterAll(async () => stores.close());

  it.each(CASE_TYPES)("%s: the order's dashboard facts", async (type) => {
    const { orderId, refId, companyId } = caseOrder(type);
    const facts = (await stores.documentStore.collection<DashboardOrderFacts>(DASHBOARD_FACTS).get(orderId))?.data;
    expect(facts).toMatchObject({ refId, companyId, country: 'de', ...AFTER[type] });
  });

  it('every request month bucket sums the facts of the orders requested in it', async () => {
    const facts = (await stores.documentStore.collection<DashboardOrderFacts>(DASHBOARD_FACTS).find()).filter((f) => f.month !== null && !f.gone);
    const bucket = (await stores.documentStore.collection<KpiBucket>(KPI_BUCKETS).get('de|2026-06|internal'))?.data;
    expect(bucket).toMatchObject({
      requests: facts.length,
      offered: facts.filter((f) => f.firstOfferAt).length,
      accepted: facts.filter((f) => f.outcome === 'won').length,
      lost: facts.filter((f) => f.outcome === 'lost').length,
      reasons: { EXPIRED: 1, PRICE_TOO_HIGH: 1, DECLINED: 1 },
      jobsCompleted: facts.filter((f) => f.jobCompletedAt).length,
      feedbackSum: 4,
      feedbackCount: 1,
    });
    expect(bucket!.requests).toBeGreaterThan(20);
    // Every case was submitted by staff on the customer's behalf, or prepared by staff: none counts in the customers' own view.
    expect(await stores.documentStore.collection<KpiBucket>(KPI_BUCKETS).get('de|2026-06|external')).toBeNull();
  });

  it('applied twice (every event again, one by one and then in one batch), changes nothing', async () => {
    await expectEveryEventAppliedTwiceToChangeNothing(stores.documentStore, ordersProjection);
  });
});
