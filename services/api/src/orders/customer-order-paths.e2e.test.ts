import { DateTime } from 'luxon';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { BILLING_ADDRESS, FILES, OrderFlows, type OrderDetail, type OrderRef } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/*
 * The customer's paths of the order lifecycle. For each: it works, a caller who may not do it is refused,
 * a stale version gets 409 version_conflict, and bad input gets 400 — the refusals write nothing.
 */

const content = () => quoteRequestBody().content;

describe('customer order paths', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  describe('/order/update saves the draft content', () => {
    it('replaces the content, pricing services from the catalogue', async () => {
      const draft = await flows.draft();
      const updated = await flows.ok(
        '/api/order/update',
        { orderId: draft._id, version: 1, content: { ...content(), services: [{ serviceId: 'svc-calibration' }] } },
        'ec.admin',
      );
      expect(updated).toMatchObject({ _id: draft._id, version: 2, status: 'INCOMPLETE' });
      const detail = await flows.detail(draft.refId, 'ec.admin');
      expect(detail.content.services).toEqual([expect.objectContaining({ serviceId: 'svc-calibration', price: expect.objectContaining({ currency: 'GBP' }) })]);
    });

    it("refuses another company's user", async () => {
      const draft = await flows.draft();
      await flows.expectRefused('/api/order/update', { orderId: draft._id, version: 1, content: content() }, 'ec2.admin', [404, 'not_found'], draft._id);
    });

    it('refuses a stale version', async () => {
      const draft = await flows.draft();
      await flows.ok('/api/order/update', { orderId: draft._id, version: 1, content: content() }, 'ec.admin');
      await flows.expectRefused('/api/order/update', { orderId: draft._id, version: 1, content: content() }, 'ec.admin', [409, 'version_conflict'], draft._id);
    });

    it('refuses a service that is not in the catalogue', async () => {
      const draft = await flows.draft();
      const r = await flows.expectRefused(
        '/api/order/update',
        { orderId: draft._id, version: 1, content: { ...content(), services: [{ serviceId: 'svc-nope' }] } },
        'ec.admin',
        [400, 'validation_error'],
        draft._id,
      );
      expect(r.body.details).toEqual([expect.objectContaining({ path: 'content.services.0.serviceId', code: 'unknown_service' })]);
    });
  });

  describe('/order/change puts the order back into the ordering flow', () => {
    it('keeps the status, flags the change and answers with the order detail to resume editing', async () => {
      const offered = await flows.offered();
      const r = await flows.post<OrderDetail>('/api/order/change', { orderId: offered._id, version: offered.version }, 'ec.admin');
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ refId: offered.refId, status: 'OFFERED', hasChanges: true, orderNotCompleted: true, version: offered.version + 1 });
      expect(r.body.data!.events.at(-1)).toMatchObject({ event: 'CHANGE_REQUEST' });
    });

    it('refuses a sales role once the order is submitted', async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused(
        '/api/order/change',
        { orderId: submitted._id, version: submitted.version },
        'ec.quotation_only',
        [403, 'forbidden'],
        submitted._id,
      );
    });

    it('refuses a stale version', async () => {
      const requested = await flows.requested();
      await flows.expectRefused('/api/order/change', { orderId: requested._id, version: 1 }, 'ec.admin', [409, 'version_conflict'], requested._id);
    });

    it('refuses a request without the version', async () => {
      const requested = await flows.requested();
      const r = await flows.expectRefused('/api/order/change', { orderId: requested._id }, 'ec.admin', [400, 'validation_error'], requested._id);
      expect(r.body.details?.map((d) => d.path)).toEqual(['version']);
    });
  });

  describe('/order/complete completes an order an OEM customer accepted', () => {
    async function acceptedByOem(): Promise<OrderRef> {
      const offered = await flows.offered('oem.admin');
      return flows.ok(
        '/api/order/accept',
        { orderId: offered._id, version: offered.version, offerID: offered.offerId, billingAddress: BILLING_ADDRESS, po: '-', tc: true },
        'oem.admin',
      );
    }
    const completion = (order: OrderRef, disclaimerAccepted = true) => ({
      orderId: order._id,
      version: order.version,
      content: { ...content(), billingAddress: BILLING_ADDRESS },
      disclaimerAccepted,
    });

    it('records the completed content and clears "not completed"', async () => {
      const accepted = await acceptedByOem();
      expect(await flows.detail(accepted.refId, 'oem.admin')).toMatchObject({ orderNotCompleted: true });
      expect(await flows.ok('/api/order/complete', completion(accepted), 'oem.admin')).toMatchObject({
        status: 'ORDER_SUBMITTED',
        version: accepted.version + 1,
      });
      expect(await flows.detail(accepted.refId, 'oem.admin')).toMatchObject({ orderNotCompleted: false });
    });

    it('refuses the SALES role', async () => {
      const accepted = await acceptedByOem();
      await flows.expectRefused('/api/order/complete', completion(accepted), 'oem.sales', [403, 'forbidden'], accepted._id);
    });

    it('refuses a stale version', async () => {
      const accepted = await acceptedByOem();
      await flows.expectRefused(
        '/api/order/complete',
        { ...completion(accepted), version: accepted.version - 1 },
        'oem.admin',
        [409, 'version_conflict'],
        accepted._id,
      );
    });

    it('refuses a completion without the disclaimer', async () => {
      const accepted = await acceptedByOem();
      const r = await flows.expectRefused('/api/order/complete', completion(accepted, false), 'oem.admin', [400, 'validation_error'], accepted._id);
      expect(r.body.details?.map((d) => d.code)).toContain('disclaimer_not_accepted');
    });
  });

  describe('/order/cancel', () => {
    it('cancels a quote request', async () => {
      const requested = await flows.requested();
      expect(await flows.ok('/api/order/cancel', { orderId: requested._id, version: requested.version, comment: 'Shutdown moved' }, 'ec.admin')).toMatchObject({
        status: 'CANCELED',
      });
    });

    it("refuses another company's order", async () => {
      const requested = await flows.requested();
      await flows.expectRefused('/api/order/cancel', { orderId: requested._id, version: requested.version }, 'ec2.admin', [404, 'not_found'], requested._id);
    });

    it('refuses a stale version', async () => {
      const requested = await flows.requested();
      await flows.expectRefused('/api/order/cancel', { orderId: requested._id, version: 1 }, 'ec.admin', [409, 'version_conflict'], requested._id);
    });

    it('refuses a comment that is not text, and an offered order (reject it instead)', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/cancel',
        { orderId: requested._id, version: requested.version, comment: 42 },
        'ec.admin',
        [400, 'validation_error'],
        requested._id,
      );
      const offered = await flows.offered();
      await flows.expectRefused('/api/order/cancel', { orderId: offered._id, version: offered.version }, 'ec.admin', [409, 'orderError'], offered._id);
    });
  });

  describe('/order/reject', () => {
    it('declines the open offer with reasons', async () => {
      const offered = await flows.offered();
      const r = await flows.ok(
        '/api/order/reject',
        { orderId: offered._id, version: offered.version, offerID: offered.offerId, reasons: ['PRICE_TOO_HIGH', 'OTHER'], comment: 'Budget cut' },
        'ec.quotation_only',
      );
      expect(r).toMatchObject({ status: 'DECLINED' });
      const detail = await flows.detail(offered.refId, 'ec.admin');
      expect(detail.offers[0]).toMatchObject({ offerId: offered.offerId, outcome: 'rejected' });
    });

    it("refuses another company's user", async () => {
      const offered = await flows.offered();
      await flows.expectRefused(
        '/api/order/reject',
        { orderId: offered._id, version: offered.version, offerID: offered.offerId, reasons: ['PRICE_TOO_HIGH'] },
        'oem.admin',
        [404, 'not_found'],
        offered._id,
      );
    });

    it('refuses a stale version', async () => {
      const offered = await flows.offered();
      await flows.expectRefused(
        '/api/order/reject',
        { orderId: offered._id, version: 1, offerID: offered.offerId, reasons: ['PRICE_TOO_HIGH'] },
        'ec.admin',
        [409, 'version_conflict'],
        offered._id,
      );
    });

    it('applies the reasons rules: one at least, no fourth reason for a quote request, a comment for OTHER', async () => {
      const requested = await flows.requested();
      const reject = (body: object) => ({ orderId: requested._id, version: requested.version, ...body });
      const codes = async (body: object) =>
        (await flows.expectRefused('/api/order/reject', reject(body), 'ec.admin', [400, 'validation_error'], requested._id)).body.details?.map((d) => [
          d.path,
          d.code,
        ]);
      expect(await codes({ reasons: [] })).toEqual([['reasons', 'required']]);
      expect(await codes({ reasons: ['SOMEONE_ELSE'] })).toEqual([['reasons', 'reason_not_allowed']]);
      expect(await codes({ reasons: ['OTHER'], comment: '  ' })).toEqual([['comment', 'required']]);
      expect(await codes({ reasons: ['NOT_A_REASON'] })).toEqual([['reasons.0', 'invalid_value']]);
      // The same fourth reason is offered once there is an offer.
      const offered = await flows.offered();
      expect(
        await flows.ok(
          '/api/order/reject',
          { orderId: offered._id, version: offered.version, offerID: offered.offerId, reasons: ['SOMEONE_ELSE'] },
          'ec.admin',
        ),
      ).toMatchObject({ status: 'DECLINED' });
    });
  });

  describe('/order/accept', () => {
    const acceptance = (offered: OrderRef & { offerId: string }, overrides: object = {}) => ({
      orderId: offered._id,
      version: offered.version,
      offerID: offered.offerId,
      billingAddress: BILLING_ADDRESS,
      po: '-',
      tc: true,
      ...overrides,
    });

    it("accepts the open offer with PO '-' and answers with the updated order", async () => {
      const offered = await flows.offered();
      const r = await flows.post<OrderDetail>('/api/order/accept', acceptance(offered), 'ec.planner');
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ status: 'ORDER_SUBMITTED', version: offered.version + 1, po: { number: '-' }, orderNotCompleted: false });
      expect(r.body.data!.offers[0]).toMatchObject({ outcome: 'accepted' });
    });

    it('refuses the sales roles', async () => {
      const offered = await flows.offered();
      await flows.expectRefused('/api/order/accept', acceptance(offered), 'ec.quotation_only', [403, 'forbidden'], offered._id);
      const oemOffer = await flows.offered('oem.admin');
      await flows.expectRefused('/api/order/accept', acceptance(oemOffer), 'oem.sales', [403, 'forbidden'], oemOffer._id);
    });

    it('refuses a stale version', async () => {
      const offered = await flows.offered();
      await flows.expectRefused('/api/order/accept', acceptance(offered, { version: offered.version - 1 }), 'ec.admin', [409, 'version_conflict'], offered._id);
    });

    it('refuses unticked terms and a blank PO; a PO document that is not a PDF or an image is no upload', async () => {
      const offered = await flows.offered();
      const codes = async (overrides: object, expected: [number, string] = [400, 'validation_error']) =>
        (await flows.expectRefused('/api/order/accept', acceptance(offered, overrides), 'ec.admin', expected, offered._id)).body.details?.map((d) => [
          d.path,
          d.code,
        ]);
      expect(await codes({ tc: false })).toEqual([['termsAccepted', 'terms_not_accepted']]);
      expect(await codes({ po: '  ' })).toEqual([['po.number', 'required']]);
      const text = await t.upload(FILES.text('po.pdf'), await flows.as('ec.admin'));
      expect([text.status, text.body.error]).toEqual([400, 'invalid_file_type']);
    });
  });

  describe('/order/updatePurchaseOrderNumber', () => {
    it('changes the number and stores a PNG named .pdf as the PNG it is', async () => {
      const submitted = await flows.submitted();
      const r = await flows.ok(
        '/api/order/updatePurchaseOrderNumber',
        { orderId: submitted._id, version: submitted.version, po: 'PO-2', files: [await flows.upload('ec.admin', FILES.png('scan.pdf'))] },
        'ec.admin',
      );
      expect(r).toMatchObject({ status: 'ORDER_SUBMITTED', version: submitted.version + 1 });
      const { po } = await flows.detail(submitted.refId, 'ec.admin');
      expect(po).toEqual({ number: 'PO-2', document: { path: expect.stringMatching(/^[0-9a-f-]{36}\.png$/), name: 'scan.pdf', mimeType: 'image/png' } });
      expect(flows.storedFiles()).toContain(po!.document!.path);
      // Without files the document stays.
      await flows.ok('/api/order/updatePurchaseOrderNumber', { orderId: submitted._id, version: r.version, po: 'PO-3' }, 'ec.admin');
      expect((await flows.detail(submitted.refId, 'ec.admin')).po).toEqual({ number: 'PO-3', document: po!.document });
    });

    it('refuses the sales roles', async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused(
        '/api/order/updatePurchaseOrderNumber',
        { orderId: submitted._id, version: submitted.version, po: 'PO-2' },
        'ec.supervisor',
        [403, 'forbidden'],
        submitted._id,
      );
    });

    it('refuses a stale version, and stores no file for it', async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused(
        '/api/order/updatePurchaseOrderNumber',
        { orderId: submitted._id, version: 1, po: 'PO-2', files: [await flows.upload('ec.admin', FILES.pdf('po.pdf'))] },
        'ec.admin',
        [409, 'version_conflict'],
        submitted._id,
      );
    });

    it('refuses a blank number and a second document', async () => {
      const submitted = await flows.submitted();
      const update = (body: object) => ({ orderId: submitted._id, version: submitted.version, po: 'PO-2', ...body });
      await flows.expectRefused('/api/order/updatePurchaseOrderNumber', update({ po: ' ' }), 'ec.admin', [400, 'validation_error'], submitted._id);
      await flows.expectRefused(
        '/api/order/updatePurchaseOrderNumber',
        update({ files: [await flows.upload('ec.admin', FILES.pdf()), await flows.upload('ec.admin', FILES.pdf())] }),
        'ec.admin',
        [400, 'validation_error'],
        submitted._id,
      );
    });
  });

  describe('/order/fileRemove', () => {
    async function draftWithPhoto(): Promise<{ draft: OrderRef; path: string }> {
      const body = quoteRequestBody();
      const draft = await flows.draft('ec.admin', {
        ...body,
        content: {
          ...body.content,
          additionalInformation: { ...body.content.additionalInformation, files: [await flows.upload('ec.admin', FILES.jpeg('site.jpg'))] },
        },
      });
      const { content: c } = await flows.detail(draft.refId, 'ec.admin');
      return { draft, path: c.additionalInformation.files![0]!.path };
    }

    it('removes a file from the additional information', async () => {
      const { draft, path } = await draftWithPhoto();
      expect(await flows.ok('/api/order/fileRemove', { orderId: draft._id, version: 1, files: [path] }, 'ec.admin')).toMatchObject({ version: 2 });
      expect((await flows.detail(draft.refId, 'ec.admin')).content.additionalInformation.files).toEqual([]);
    });

    it("refuses another company's user", async () => {
      const { draft, path } = await draftWithPhoto();
      await flows.expectRefused('/api/order/fileRemove', { orderId: draft._id, version: 1, files: [path] }, 'ec2.admin', [404, 'not_found'], draft._id);
    });

    it('refuses a stale version', async () => {
      const { draft, path } = await draftWithPhoto();
      await flows.expectRefused('/api/order/fileRemove', { orderId: draft._id, version: 2, files: [path] }, 'ec.admin', [409, 'version_conflict'], draft._id);
    });

    it('refuses an empty list, and a submitted order whose content is not being changed', async () => {
      const { draft } = await draftWithPhoto();
      await flows.expectRefused('/api/order/fileRemove', { orderId: draft._id, version: 1, files: [] }, 'ec.admin', [400, 'validation_error'], draft._id);
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/fileRemove',
        { orderId: requested._id, version: requested.version, files: ['x.pdf'] },
        'ec.admin',
        [409, 'change_not_requested'],
        requested._id,
      );
    });
  });

  describe('/re-order', () => {
    it('copies an order the caller can see into a new draft, without its dates', async () => {
      const source = await flows.requested();
      const copy = await flows.ok('/api/re-order', { orderId: source._id }, 'ec.planner');
      expect(copy).toMatchObject({ status: 'INCOMPLETE', version: 1 });
      expect(copy._id).not.toBe(source._id);
      const detail = await flows.detail(copy.refId, 'ec.planner');
      expect(detail.content).toMatchObject({ timeframes: [], location: { city: 'Reading' } });
      expect(await flows.eventTypes(copy._id)).toEqual(['CREATE']);
    });

    it('answers 404 for an order the caller cannot see, and refuses OEM management', async () => {
      const source = await flows.requested();
      await flows.expectRefused('/api/re-order', { orderId: source._id }, 'ec2.admin', [404, 'not_found'], source._id);
      const oemOrder = await flows.requested('oem.admin');
      await flows.expectRefused('/api/re-order', { orderId: oemOrder._id }, 'oem.management', [403, 'forbidden'], oemOrder._id);
    });

    it('refuses a request without the order', async () => {
      await flows.expectRefused('/api/re-order', {}, 'ec.admin', [400, 'validation_error']);
    });
  });

  describe('/order/local-contact', () => {
    const contact = { name: 'Priya Patel', phone: '+441184960000', email: 'priya@thames.example' };

    it('changes the local contact of a submitted order', async () => {
      const submitted = await flows.submitted();
      await flows.ok('/api/order/local-contact', { orderId: submitted._id, version: submitted.version, localCustomerContact: contact }, 'ec.supervisor');
      expect((await flows.detail(submitted.refId, 'ec.admin')).content.contacts.localCustomerContact).toEqual(contact);
    });

    it("refuses another company's user", async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused(
        '/api/order/local-contact',
        { orderId: submitted._id, version: submitted.version, localCustomerContact: contact },
        'ec2.admin',
        [404, 'not_found'],
        submitted._id,
      );
    });

    it('refuses a stale version', async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused(
        '/api/order/local-contact',
        { orderId: submitted._id, version: 1, localCustomerContact: contact },
        'ec.admin',
        [409, 'version_conflict'],
        submitted._id,
      );
    });

    it('refuses a contact without a name or with a phone not in international format', async () => {
      const submitted = await flows.submitted();
      const r = await flows.expectRefused(
        '/api/order/local-contact',
        { orderId: submitted._id, version: submitted.version, localCustomerContact: { name: '', phone: '0118 496 0000' } },
        'ec.admin',
        [400, 'validation_error'],
        submitted._id,
      );
      expect(r.body.details?.map((d) => d.path).sort()).toEqual(['localCustomerContact.name', 'localCustomerContact.phone']);
    });
  });

  describe('/order/comment', () => {
    it('adds a customer comment to the events table', async () => {
      const requested = await flows.requested();
      await flows.ok('/api/order/comment', { orderId: requested._id, version: requested.version, externalComment: 'Gate 4, please.' }, 'ec.admin');
      expect((await flows.detail(requested.refId, 'ec.admin')).events.at(-1)).toMatchObject({ event: 'COMMENT', externalComment: 'Gate 4, please.' });
    });

    it('refuses an internal comment from a customer', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/comment',
        { orderId: requested._id, version: requested.version, internalComment: 'psst' },
        'ec.admin',
        [403, 'forbidden'],
        requested._id,
      );
    });

    it('refuses a stale version', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/comment',
        { orderId: requested._id, version: 1, externalComment: 'Hi' },
        'ec.admin',
        [409, 'version_conflict'],
        requested._id,
      );
    });

    it('refuses an empty comment', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/comment',
        { orderId: requested._id, version: requested.version, externalComment: ' ' },
        'ec.admin',
        [400, 'validation_error'],
        requested._id,
      );
    });
  });

  describe('/feedback/list and /feedback/save', () => {
    const feedbacks = [
      { type: 'JOB_RATING', rating: 5 },
      { type: 'BACK_OFFICE_RATING', rating: 2, comment: 'The offer took a week.' },
      { type: 'IMPROVEMENT_IDEAS', comment: 'Send the team list earlier.' },
    ];

    it('saves feedback on a planned job and lists it', async () => {
      const planned = await flows.jobPlanned();
      expect(await flows.ok('/api/feedback/list', { refId: planned.refId }, 'ec.admin')).toEqual([]);
      expect(await flows.ok('/api/feedback/save', { refId: planned.refId, version: planned.version, feedbacks }, 'ec.supervisor')).toMatchObject({
        status: 'JOB_PLANNED',
        version: planned.version + 1,
      });
      expect(await flows.ok('/api/feedback/list', { refId: planned.refId }, 'ec.planner')).toEqual(feedbacks);
    });

    it("answers 404 for another company's order and refuses staff who do not act on behalf", async () => {
      const planned = await flows.jobPlanned();
      await flows.expectRefused('/api/feedback/list', { refId: planned.refId }, 'ec2.admin', [404, 'not_found']);
      await flows.expectRefused(
        '/api/feedback/save',
        { refId: planned.refId, version: planned.version, feedbacks },
        'ec2.admin',
        [404, 'not_found'],
        planned._id,
      );
      await flows.expectRefused(
        '/api/feedback/save',
        { refId: planned.refId, version: planned.version, feedbacks },
        'bl.admin',
        [403, 'forbidden'],
        planned._id,
      );
    });

    it('refuses a stale version, and feedback before the job is planned', async () => {
      const planned = await flows.jobPlanned();
      await flows.expectRefused(
        '/api/feedback/save',
        { refId: planned.refId, version: planned.version - 1, feedbacks },
        'ec.admin',
        [409, 'version_conflict'],
        planned._id,
      );
      const inPlanning = await flows.jobInPlanning();
      await flows.expectRefused(
        '/api/feedback/save',
        { refId: inPlanning.refId, version: inPlanning.version, feedbacks },
        'ec.admin',
        [409, 'orderError'],
        inPlanning._id,
      );
    });

    it('needs a comment for one or two stars', async () => {
      const planned = await flows.jobPlanned();
      const r = await flows.expectRefused(
        '/api/feedback/save',
        { refId: planned.refId, version: planned.version, feedbacks: [{ type: 'JOB_RATING', rating: 1 }] },
        'ec.admin',
        [400, 'validation_error'],
        planned._id,
      );
      expect(r.body.details).toEqual([expect.objectContaining({ path: 'feedbacks.0.comment', code: 'required' })]);
    });
  });

  describe('/order/generate-service-types-dates', () => {
    const start = DateTime.now().setZone('Europe/London').plus({ days: 30 }).startOf('week');
    const local = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm:ss");
    const request = (overrides: object = {}) => ({
      timeframes: [{ date: { from: local(start.set({ hour: 8 })), to: local(start.plus({ days: 6 }).set({ hour: 18 })) } }],
      services: [{ serviceTypeId: 'svc-calibration', name: 'Sensor and instrument calibration' }],
      timeZone: 'Europe/London',
      ...overrides,
    });

    it('proposes the days of the preferred time frame per service, weekends off', async () => {
      const [schedule] = await flows.ok<{ serviceTypeId: string; dates: { dateTimeFrom: string; dateTimeTo: string; isWorkDay: boolean }[] }[]>(
        '/api/order/generate-service-types-dates',
        request(),
        'oem.sales',
      );
      expect(schedule!.serviceTypeId).toBe('svc-calibration');
      expect(schedule!.dates).toHaveLength(7);
      expect(schedule!.dates[0]).toMatchObject({ dateTimeFrom: local(start.set({ hour: 8 })), dateTimeTo: local(start.set({ hour: 18 })), isWorkDay: true });
      expect(schedule!.dates.map((d) => d.isWorkDay)).toEqual([true, true, true, true, true, false, false]);
    });

    it('needs a session', async () => {
      const r = await t.post('/api/order/generate-service-types-dates', request());
      expect([r.status, r.body.error]).toEqual([401, 'session_expired']);
    });

    it('refuses an unknown time zone and a frame that ends before it starts', async () => {
      const zone = await flows.expectRefused('/api/order/generate-service-types-dates', request({ timeZone: 'Mars/Olympus' }), 'ec.admin', [
        400,
        'validation_error',
      ]);
      expect(zone.body.details).toEqual([expect.objectContaining({ path: 'timeZone', code: 'invalid_time_zone' })]);
      const backwards = request({ timeframes: [{ date: { from: local(start.plus({ days: 2 })), to: local(start) } }] });
      const frame = await flows.expectRefused('/api/order/generate-service-types-dates', backwards, 'ec.admin', [400, 'validation_error']);
      expect(frame.body.details).toEqual([expect.objectContaining({ path: 'timeframes.0.date.to', code: 'end_before_start' })]);
    });
  });
});
