import { foldOrder, isPublicHoliday, orderStreamId, type OrderEvent } from '@onsite/domain';
import { jobSpecificationOf } from '@onsite/workers';
import { DateTime } from 'luxon';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { OrderFlows } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Day = { dateTimeFrom: string; dateTimeTo: string; isWorkDay: boolean; isHoliday: boolean; isOverMidnight: boolean };
type Schedule = { serviceTypeId: string; name: string; dates: Day[] };
type Refused = { error: string; details: { path: string; code: string }[] };

const ZONE = 'Europe/Berlin';
const local = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm:ss");

/** A German public holiday on a weekday next year, so that a window around it is in the future. */
function weekdayHoliday(): DateTime {
  const year = DateTime.now().year + 1;
  for (const day of ['01-01', '05-01', '10-03', '12-25', '12-26']) {
    const date = DateTime.fromISO(`${year}-${day}`, { zone: ZONE });
    if (date.weekday <= 5 && isPublicHoliday('de', date.toISODate()!)) return date;
  }
  throw new Error('no weekday holiday');
}

/** The service schedule per service (D216): generated for the preferred frame, edited by the customer, checked at submission. */
describe('service schedules', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  // Seven days from two days before the holiday: a weekend, the holiday, and a last day worked overnight.
  const holiday = weekdayHoliday();
  const first = holiday.minus({ days: 2 });
  const last = first.plus({ days: 6 });
  const frame = {
    date: { from: local(first.set({ hour: 8 })), to: local(last.plus({ days: 1 }).set({ hour: 6 })) },
    workingTime: { firstDay: { from: '8:00', to: '18:00' }, intermediate: { from: '8:00', to: '18:00' }, lastDay: { from: '22:00', to: '6:00' } },
    lastDayNightShift: true,
  };
  const location = { name: 'Werk Nord', addressLine1: 'Hafenstraße 1', city: 'Hamburg', postCode: '20457', country: 'de', timeZone: ZONE };
  const SERVICE = { serviceTypeId: 'svc-preventive-maintenance', name: 'Preventive maintenance inspection' };

  const generate = () =>
    flows.ok<Schedule[]>('/api/order/generate-service-types-dates', { timeframes: [frame], services: [SERVICE], timeZone: ZONE, country: 'de' }, 'ec.admin');

  it('proposes each day of the window: weekends and the holiday off, the last day over midnight', async () => {
    const [schedule] = await generate();
    expect(schedule!.serviceTypeId).toBe(SERVICE.serviceTypeId);
    expect(schedule!.dates).toHaveLength(7);
    const byDay = new Map(schedule!.dates.map((d) => [d.dateTimeFrom.slice(0, 10), d]));
    expect(byDay.get(holiday.toISODate()!)).toMatchObject({ isHoliday: true, isWorkDay: false });
    for (const d of schedule!.dates) {
      const day = DateTime.fromISO(d.dateTimeFrom, { zone: ZONE });
      if (day.weekday >= 6) expect(d).toMatchObject({ isWorkDay: false, isHoliday: false });
    }
    expect(schedule!.dates.filter((d) => d.isWorkDay)).toHaveLength(7 - 2 - 1);
    expect(schedule!.dates.at(-1)).toEqual({
      dateTimeFrom: local(last.set({ hour: 22 })),
      dateTimeTo: local(last.plus({ days: 1 }).set({ hour: 6 })),
      isWorkDay: true,
      isHoliday: false,
      isOverMidnight: true,
    });
    expect(schedule!.dates[0]).toMatchObject({
      dateTimeFrom: local(first.set({ hour: 8 })),
      dateTimeTo: local(first.set({ hour: 18 })),
      isOverMidnight: false,
    });
  });

  const body = (schedule: Schedule[]) => {
    const base = quoteRequestBody();
    return { ...base, content: { ...base.content, location, timeframes: [{ ...frame, servicesSchedule: schedule }] } };
  };
  const submit = async (schedule: Schedule[]) => {
    const draft = await flows.draft('ec.admin', body(schedule));
    const response = await flows.post('/api/order/submit', { orderId: draft._id, version: draft.version, disclaimerAccepted: true }, 'ec.admin');
    return { draft, response };
  };

  it('keeps the edited schedule through submission, the order detail and the job specification', async () => {
    const [generated] = await generate();
    const dates = generated!.dates.map((d, i) =>
      i === 0 ? { ...d, dateTimeFrom: local(first.set({ hour: 9, minute: 15 })), dateTimeTo: local(first.set({ hour: 17, minute: 45 })) } : d,
    );
    const schedule = [{ ...generated!, dates }];
    const { draft, response } = await submit(schedule);
    expect([response.status, response.body.data?.status]).toEqual([200, 'REQUESTED_QUOTE']);

    const detail = await t.post<{ data: { content: { timeframes: { servicesSchedule?: Schedule[] }[] } } }>(
      '/api/order/getByRefId',
      { refId: draft.refId },
      await flows.as('ec.admin'),
    );
    expect(detail.body.data.content.timeframes[0]!.servicesSchedule).toEqual(schedule);

    const events = (await t.runtime.eventStore.readStream(orderStreamId(draft._id))).map((e) => ({ type: e.type, data: e.data }) as OrderEvent);
    const state = foldOrder(events);
    if (state.status === 'none') throw new Error('no order');
    const specification = jobSpecificationOf(state, { jobId: 'job-x', specVersion: events.length });
    expect(specification.timeframes[0]!.servicesSchedule).toEqual(schedule);
  });

  it('refuses each broken schedule rule with its code at its day, and writes nothing', async () => {
    const [generated] = await generate();
    const g = generated!;
    const at = (field: string, day = 0) => `timeframes.0.servicesSchedule.0.dates.${day}.${field}`;
    const withDay = (day: number, patch: Partial<Day>): Schedule[] => [{ ...g, dates: g.dates.map((d, i) => (i === day ? { ...d, ...patch } : d)) }];
    const cases: [Schedule[], string, string][] = [
      [withDay(0, { dateTimeFrom: local(first.set({ hour: 9, minute: 10 })) }), at('dateTimeFrom'), 'invalid_time'],
      [withDay(0, { dateTimeFrom: local(first.set({ hour: 12 })), dateTimeTo: local(first.set({ hour: 10 })) }), at('dateTimeTo'), 'end_before_start'],
      [withDay(0, { dateTimeTo: local(first.set({ hour: 8 })) }), at('dateTimeTo'), 'start_equals_end'],
      [withDay(0, { dateTimeFrom: local(first.set({ hour: 6 })) }), at('dateTimeFrom'), 'outside_time_frame'],
      [
        withDay(1, {
          dateTimeFrom: local(first.plus({ days: 1 }).set({ hour: 22 })),
          dateTimeTo: local(first.plus({ days: 1 }).set({ hour: 23 })),
          isOverMidnight: true,
        }),
        at('dateTimeTo', 1),
        'night_shift_must_end_next_day',
      ],
      [withDay(1, { dateTimeTo: local(first.plus({ days: 2 }).set({ hour: 2 })) }), at('dateTimeTo', 1), 'must_end_same_day'],
      [withDay(1, { dateTimeFrom: g.dates[0]!.dateTimeFrom, dateTimeTo: g.dates[0]!.dateTimeTo }), at('dateTimeFrom', 1), 'duplicate_date'],
      [[{ ...g, serviceTypeId: 'svc-calibration' }], 'timeframes.0.servicesSchedule.0.serviceTypeId', 'unknown_service'],
    ];
    for (const [schedule, path, code] of cases) {
      const { draft, response } = await submit(schedule);
      expect([response.status, response.body.error]).toEqual([400, 'validation_error']);
      expect((response.body as unknown as Refused).details).toContainEqual(expect.objectContaining({ path, code }));
      expect(await flows.eventTypes(draft._id)).toEqual(['CREATE']);
    }
  });
});

/** Job results and invoice (D217): what the detail holds once the job has an outcome and once the order is billed. */
describe('job result and invoice of an order', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  type Detail = {
    version: number;
    jobResult: { outcome: string | null; startedAt: string | null; completedAt: string | null; cancellationReason: string | null } | null;
    invoice: { billedAt: string; invoiceReference: string | null } | null;
  };

  it('has no result before the outcome, then the completion with its times, then the invoice reference', async () => {
    const planned = await flows.jobPlanned('ec.admin');
    const { job } = await flows.detail(planned.refId, 'bl.admin');
    const jobId = job!.jobId;
    expect((await flows.ok<Detail>('/api/order/getByRefId', { refId: planned.refId }, 'ec.admin')).jobResult).toMatchObject({ outcome: null });
    await flows.report(planned._id, { type: 'RecordJobStarted', data: { jobId } });
    const completed = await flows.report(planned._id, { type: 'RecordJobCompleted', data: { jobId } });
    const seen = await flows.ok<Detail>('/api/order/getByRefId', { refId: planned.refId }, 'ec.admin');
    expect(seen.jobResult).toMatchObject({ outcome: 'COMPLETED', startedAt: expect.any(String), completedAt: expect.any(String) });
    expect(seen.invoice).toBeNull();

    await flows.ok('/api/order/bill', { orderId: planned._id, version: completed.version, invoiceReference: 'INV-2027-0815' }, 'bl.admin');
    const billed = await flows.ok<Detail>('/api/order/getByRefId', { refId: planned.refId }, 'ec.admin');
    expect(billed.invoice).toEqual({ billedAt: expect.any(String), invoiceReference: 'INV-2027-0815' });
  });

  it('tells staff why a job was cancelled, and customers only that it was', async () => {
    const planned = await flows.jobPlanned('ec.admin');
    const { job } = await flows.detail(planned.refId, 'bl.admin');
    await flows.report(planned._id, { type: 'RecordJobCancelled', data: { jobId: job!.jobId, reason: 'Technician ill, internal rota' } });
    const staff = await flows.ok<Detail>('/api/order/getByRefId', { refId: planned.refId }, 'bl.admin');
    expect(staff.jobResult).toMatchObject({ outcome: 'CANCELED', cancellationReason: 'Technician ill, internal rota' });
    const customer = await flows.ok<Detail>('/api/order/getByRefId', { refId: planned.refId }, 'ec.admin');
    expect(customer.jobResult).toMatchObject({ outcome: 'CANCELED', cancellationReason: null });
    expect(JSON.stringify(customer)).not.toContain('internal rota');
  });
});
