// Realistic orders for benchmarks, made by the domain's own decider: each order's commands (create, submit, and for
// most an offer, then an acceptance, a rejection or an expiry, jobs, feedback) are decided against the state folded
// from the events decided before, on a clock that walks through the past year, and the events are appended to the
// order's stream through the event store. The customers are the companies of the directory read model (seed the
// demo data first); the staff actor is a provider user. Deterministic for a given count.
import { OrderContentSchema, orderDecider, orderStreamId } from '@onsite/domain';

const SITES = [
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
  {
    name: 'Montage Basel',
    addressLine1: 'Hafenstrasse 25',
    city: 'Basel',
    postCode: '4057',
    country: 'ch',
    timeZone: 'Europe/Zurich',
    geo: { lat: 47.5733, lng: 7.5925 },
  },
  {
    name: 'Detroit assembly',
    addressLine1: '1200 Woodward Ave',
    city: 'Detroit',
    postCode: '48226',
    country: 'us',
    timeZone: 'America/Detroit',
    geo: { lat: 42.3331, lng: -83.0466 },
  },
  {
    name: 'Usine Lyon',
    addressLine1: '8 Rue de Gerland',
    city: 'Lyon',
    postCode: '69007',
    country: 'fr',
    timeZone: 'Europe/Paris',
    geo: { lat: 45.7326, lng: 4.8322 },
  },
  {
    name: 'Pune works',
    addressLine1: 'MIDC Chakan',
    city: 'Pune',
    postCode: '410501',
    country: 'in',
    timeZone: 'Asia/Kolkata',
    geo: { lat: 18.7606, lng: 73.8636 },
  },
];
const CURRENCY = { de: 'EUR', uk: 'GBP', ch: 'CHF', us: 'USD', fr: 'EUR', in: 'INR' };
const SERVICES = [
  ['svc-preventive-maintenance', 'Preventive maintenance', 1200],
  ['svc-calibration', 'Robot calibration', 900],
  ['svc-repair', 'Repair', 1500],
  ['svc-commissioning', 'Commissioning', 3200],
  ['svc-line-audit', 'Line audit', 800],
];
const REASONS = [['PRICE_TOO_HIGH'], ['SOMEONE_ELSE'], ['USE_OWN_TECHNICIANS'], ['PRICE_TOO_HIGH', 'OTHER']];
const HOUR = 3_600_000;
const PDF = { path: 'offers/bench-offer.pdf', name: 'offer.pdf', mimeType: 'application/pdf' };

/** A small deterministic generator (mulberry32), so two runs seed the same orders. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const localDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The commands of order `i`, each with the actor and the instant it is decided at. */
function storyOf(i, total, customers, staff, next) {
  const customer = customers[i % customers.length];
  const site = SITES.filter((s) => s.country === customer.country)[Math.floor(next() * 2)] ?? SITES[i % SITES.length];
  const currency = CURRENCY[site.country] ?? 'EUR';
  const [serviceId, name, amount] = SERVICES[i % SERVICES.length];
  const start = Date.now() - 370 * 24 * HOUR + (i / total) * 360 * 24 * HOUR;
  const day = localDay(start + (7 + Math.floor(next() * 40)) * 24 * HOUR);
  // Parsed as the api parses a request: the schema's defaults (working hours, shifts) filled in.
  const content = OrderContentSchema.parse({
    location: site,
    timeframes: [{ date: { from: `${day}T08:00:00`, to: `${day}T17:00:00` } }],
    services: [
      { serviceId, name, price: { amount, currency }, equipmentItems: [{ manufacturer: 'KUKA', machineModel: `KR ${100 + (i % 60)}`, quantity: 1 + (i % 3) }] },
    ],
    equipments: [],
    additionalInformation: {
      serviceTechnicians: { expectedNumberOfTechnicians: 1 + (i % 3) },
      remarks: `Line ${1 + (i % 9)}: ${name.toLowerCase()} during the planned stop.`,
    },
    contacts: { additionalContacts: [] },
    ...(i % 4 === 0 ? { endCustomer: { name: `End customer ${i % 97}`, country: site.country } } : {}),
  });
  const orderId = `bench-${String(i).padStart(7, '0')}`;
  const refId = `ON-B${String(i).padStart(7, '0')}`;
  const steps = [
    [
      customer.actor,
      0,
      {
        type: 'CreateOrder',
        data: { creationType: 'QUOTE_REQUEST', content },
        facts: { orderId, refId, customer: { companyId: customer.companyId, name: customer.name, country: customer.country } },
      },
    ],
    [customer.actor, 0.2, { type: 'SubmitOrder', data: { disclaimerAccepted: true, shortNoticeConfirmed: true } }],
  ];
  const ending = i % 10;
  if (ending === 0) return { orderId, start, steps };
  const offeredAt = 2 + next() * 60;
  const expiresAt = new Date(start + (offeredAt + 240) * HOUR).toISOString();
  steps.push([
    staff,
    offeredAt,
    {
      type: 'MakeOffer',
      data: { pdf: PDF, attachments: [], expiresAt, price: { amount: amount * 100, currency }, externalComment: 'Two technicians, one day.' },
    },
  ]);
  if (ending <= 2) return { orderId, start, steps };
  const offerId = (state) => state.openOfferId;
  if (ending <= 4) {
    steps.push([
      customer.actor,
      offeredAt + 30,
      (state) => ({ type: 'RejectOffer', data: { offerId: offerId(state), reasons: REASONS[i % REASONS.length], comment: 'Budget moved to next year.' } }),
    ]);
    return { orderId, start, steps };
  }
  const billingAddress = {
    id: `billing-${customer.companyId}`,
    firstName: 'Anna',
    lastName: 'Berg',
    email: 'billing@example.test',
    department: 'Accounts payable',
    addressLine1: site.addressLine1,
    addressCity: site.city,
    addressPostCode: site.postCode,
    addressCountry: site.country,
  };
  steps.push([
    customer.actor,
    offeredAt + 48,
    (state) => ({
      type: 'AcceptOffer',
      data: { offerId: offerId(state), po: { number: `PO-${i}` }, billingAddress, termsAccepted: true },
      facts: { companyProfileCompleted: true },
    }),
  ]);
  return { orderId, start, steps };
}

/**
 * The orders' streams, `batch` orders at a time: [{ streamId, events }] where events are { eventId, type, data,
 * metadata } as the event store appends them. `customers` are { companyId, name, country, actor } and `staff` a
 * provider actor.
 */
export function* orderStreams({ customers, staff, count, batch = 1000 }) {
  const next = random(17);
  let ids = 0;
  const newId = () => `bench-id-${++ids}`;
  for (let from = 0; from < count; from += batch) {
    const streams = [];
    for (let i = from; i < Math.min(count, from + batch); i++) {
      const { orderId, events } = decideStory(storyOf(i, count, customers, staff, next), i, newId);
      streams.push({ streamId: orderStreamId(orderId), events: events.map((event, n) => ({ eventId: `${orderId}-${n + 1}`, ...event })) });
    }
    yield streams;
  }
}

/** The events of one order's story: each command decided against the state folded from the events before it. */
function decideStory({ orderId, start, steps }, i, newId) {
  let state = orderDecider.initialState;
  const events = [];
  for (const [actor, hours, build] of steps) {
    const now = new Date(start + hours * HOUR).toISOString();
    const command = typeof build === 'function' ? build(state) : build;
    const metadata = { actorUserId: actor.userId, correlationId: `bench-${i}`, causationId: newId(), occurredAt: now };
    for (const event of orderDecider.decide(command, state, { actor, now, newId })) {
      state = orderDecider.evolve(state, event);
      events.push({ type: event.type, data: event.data, metadata });
    }
  }
  return { orderId, events };
}

/** The first command of order `i` (a quote request), for benchmarks that issue commands one by one. */
export function createOrderCommand(i, customer) {
  const { steps } = storyOf(i, i + 1, [customer], customer.actor, random(i));
  return steps[0][2];
}
