import { expect, request as apiRequest, test } from '@playwright/test';
import { apiUploadPdf } from './staff-support';

/** Set-up steps of the order browser tests that are not under test, through the api. */
const PASSWORD = 'Onsite-demo-1';

export interface OrderRef {
  _id: string;
  refId: string;
  version: number;
}

/** Where the service takes place, when a test needs a particular site (e.g. with coordinates for a map). */
export interface Site {
  name: string;
  addressLine1: string;
  city: string;
  postCode: string;
  country: string;
  timeZone: string;
  geo?: { lat: number; lng: number };
}
const DEFAULT_SITE: Site = { name: 'E2E plant', addressLine1: 'Hafenstraße 1', city: 'Hamburg', postCode: '20095', country: 'de', timeZone: 'Europe/Berlin' };

/** More of the order's content than the set-up's defaults, e.g. the customer's machines (`equipments`). */
export type ContentExtras = Record<string, unknown>;

/** Set-up through the api, as the steps not under test: a customer's quote request (their company profile completed). */
export async function requestedOrder(customer: string, site: Site = DEFAULT_SITE, extras: ContentExtras = {}): Promise<OrderRef> {
  const baseURL = test.info().project.use.baseURL;
  const api = await apiRequest.newContext({ baseURL });
  const as = async (email: string) => ((await (await api.post('/api/log-in', { data: { email, password: PASSWORD } })).json()) as { token: string }).token;
  const post = async (token: string, path: string, data: unknown) => {
    const r = await api.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    expect(r.status(), `${path}: ${await r.text()}`).toBe(200);
    return ((await r.json()) as { data: OrderRef }).data;
  };
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const customerToken = await as(customer);
  // Other specs edit the demo companies; an offer can only be accepted once the company profile is complete.
  const profile = (await (await api.post('/api/user/getProfile', { data: {}, headers: { authorization: `Bearer ${customerToken}` } })).json()) as {
    data: { company: { _id: string } };
  };
  const completed = await api.post('/api/admin/company/update', {
    data: { companyId: profile.data.company._id, completed: true },
    headers: { authorization: `Bearer ${await as('bl.admin@demo.onsite.test')}` },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const draft = await post(customerToken, '/api/order/create', {
    creationType: 'QUOTE_REQUEST',
    content: {
      location: site,
      timeframes: [{ date: { from: `${start}T08:00:00`, to: `${start}T17:00:00` } }],
      services: [{ serviceId: 'svc-calibration' }],
      additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 1 } },
      ...extras,
    },
  });
  const requested = await post(customerToken, '/api/order/submit', { orderId: draft._id, version: draft.version, disclaimerAccepted: true });
  await api.dispose();
  return requested;
}

/** Staff offer a requested order through the api: expiring in 3 days and 5 hours, with a PDF. */
export async function makeOffer(order: OrderRef): Promise<OrderRef> {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const token = ((await (await api.post('/api/log-in', { data: { email: 'bl.sales@demo.onsite.test', password: PASSWORD } })).json()) as { token: string })
    .token;
  const r = await api.post('/api/order/offer', {
    data: {
      orderId: order._id,
      version: order.version,
      pdf: await apiUploadPdf(api, token),
      expiresAt: new Date(Date.now() + 3 * 86_400_000 + 5 * 3_600_000).toISOString(),
      price: { amount: 245_000, currency: 'EUR' },
      externalComment: 'Two technicians, one day.',
    },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(r.status(), await r.text()).toBe(200);
  const offered = ((await r.json()) as { data: OrderRef }).data;
  await api.dispose();
  return offered;
}

/** A customer's quote request with staff's offer for it. */
export async function offeredOrder(customer: string, site?: Site, extras?: ContentExtras): Promise<OrderRef> {
  return makeOffer(await requestedOrder(customer, site, extras));
}

/** Set-up through the api: the customer accepts the offer (PO '-', a UK billing address); the order is ORDER_SUBMITTED. */
export async function acceptedOrder(customer: string, site?: Site, extras?: ContentExtras): Promise<OrderRef> {
  const offered = await offeredOrder(customer, site, extras);
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const as = async (email: string) => ((await (await api.post('/api/log-in', { data: { email, password: PASSWORD } })).json()) as { token: string }).token;
  const staff = await as('bl.planner@demo.onsite.test');
  const detail = (await (
    await api.post('/api/order/getByRefId', { data: { refId: offered.refId }, headers: { authorization: `Bearer ${staff}` } })
  ).json()) as { data: { openOfferId: string } };
  const accepted = await api.post('/api/order/accept', {
    data: {
      orderId: offered._id,
      version: offered.version,
      offerID: detail.data.openOfferId,
      po: '-',
      tc: true,
      billingAddress: {
        id: 'b-1',
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ap@thames.example',
        department: 'AP',
        addressLine1: '1 Way',
        addressCity: 'Reading',
        addressPostCode: 'RG1 8DB',
        addressCountry: 'uk',
        taxNumber: 'GB1',
      },
    },
    headers: { authorization: `Bearer ${await as(customer)}` },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { version } = ((await accepted.json()) as { data: OrderRef }).data;
  await api.dispose();
  return { ...offered, version };
}

/** Set-up through the api: an accepted order whose job staff prepared; the order is JOB_IN_PLANNING. */
export async function jobInPlanning(customer: string, site?: Site, extras?: ContentExtras): Promise<OrderRef> {
  const { _id, refId, version } = await acceptedOrder(customer, site, extras);
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const staff = ((await (await api.post('/api/log-in', { data: { email: 'bl.planner@demo.onsite.test', password: PASSWORD } })).json()) as { token: string })
    .token;
  const prepared = await api.post('/api/order/prepare-job', { data: { orderId: _id, version }, headers: { authorization: `Bearer ${staff}` } });
  expect(prepared.status(), await prepared.text()).toBe(200);
  const inPlanning = ((await prepared.json()) as { data: OrderRef }).data;
  await api.dispose();
  return { _id, refId, version: inPlanning.version };
}

/**
 * Set-up through the api: a job the planning tool has planned (reported by staff by hand, as the tool would): one
 * technician, Lukas Brandt, on 12 January 2027 from 8:00 to 16:00; the order is JOB_PLANNED.
 */
export async function plannedJob(customer: string, site?: Site, extras?: ContentExtras): Promise<OrderRef> {
  const { _id, refId } = await jobInPlanning(customer, site, extras);
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const staff = ((await (await api.post('/api/log-in', { data: { email: 'bl.planner@demo.onsite.test', password: PASSWORD } })).json()) as { token: string })
    .token;
  const headers = { authorization: `Bearer ${staff}` };
  const detail = (
    (await (await api.post('/api/order/getByRefId', { data: { refId }, headers })).json()) as { data: { version: number; job: { jobId: string } } }
  ).data;
  const planned = await api.post('/api/order/job-progress', {
    data: {
      orderId: _id,
      version: detail.version,
      jobId: detail.job.jobId,
      step: 'PLANNED',
      team: [{ id: 't-1', name: 'Lukas Brandt' }],
      schedule: { from: '2027-01-12T08:00:00', to: '2027-01-12T16:00:00' },
    },
    headers,
  });
  expect(planned.status(), await planned.text()).toBe(200);
  const { version } = ((await planned.json()) as { data: OrderRef }).data;
  await api.dispose();
  return { _id, refId, version };
}
