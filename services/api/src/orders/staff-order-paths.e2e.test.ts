import { DateTime } from 'luxon';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { companyIdOf, FILES, inAWeek, OrderFlows, userIdOf, type OrderRef } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/*
 * The provider's paths of the order lifecycle. For each: staff can do it, a customer cannot, a stale version
 * gets 409 version_conflict, and bad input gets 400 — the refusals write nothing.
 */

type ListResponse = { items: { refId: string; customerName: string; endCustomerName: string | null }[]; total: number };

describe('staff order paths', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  const prepare = (body: object = {}) =>
    flows.ok('/api/order/create-in-preparation', { companyId: companyIdOf('ec'), content: quoteRequestBody().content, ...body }, 'bl.sales');

  describe('/order/create-in-preparation', () => {
    it('prepares a quote request for a customer company, which the customer does not see yet', async () => {
      const prepared = await prepare();
      expect(prepared).toMatchObject({ status: 'IN_PREPARATION', version: 1, refId: expect.stringMatching(/^ON-\d{2}-/) });
      expect(await flows.detail(prepared.refId, 'bl.admin')).toMatchObject({ customer: { name: 'Thames Precision Ltd' } });
      await flows.expectRefused('/api/order/getByRefId', { refId: prepared.refId }, 'ec.admin', [404, 'not_found']);
      const list = await flows.ok<ListResponse>('/api/order/list', { pageSize: 100 }, 'ec.admin');
      expect(list.items.map((i) => i.refId)).not.toContain(prepared.refId);
    });

    it('refuses a customer', async () => {
      await flows.expectRefused('/api/order/create-in-preparation', { companyId: companyIdOf('ec'), content: quoteRequestBody().content }, 'ec.admin', [
        403,
        'forbidden',
      ]);
    });

    it('refuses a company that is not a customer', async () => {
      for (const companyId of ['no-such-company', companyIdOf('bl')]) {
        const r = await flows.expectRefused('/api/order/create-in-preparation', { companyId, content: quoteRequestBody().content }, 'bl.sales', [
          400,
          'validation_error',
        ]);
        expect(r.body.details).toEqual([expect.objectContaining({ path: 'companyId', code: 'unknown_company' })]);
      }
    });
  });

  describe('/update-in-preparation', () => {
    const remarks = (text: string) => ({
      ...quoteRequestBody().content,
      additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 3 }, remarks: text },
    });

    it('replaces the content of a prepared order', async () => {
      const prepared = await prepare();
      expect(await flows.ok('/api/update-in-preparation', { orderId: prepared._id, version: 1, content: remarks('Three lines') }, 'bl.sales')).toMatchObject({
        version: 2,
        status: 'IN_PREPARATION',
      });
    });

    it('does not show a customer, even of the company, an order still in preparation', async () => {
      const prepared = await prepare();
      await flows.expectRefused(
        '/api/update-in-preparation',
        { orderId: prepared._id, version: 1, content: remarks('x') },
        'ec.admin',
        [404, 'not_found'],
        prepared._id,
      );
    });

    it('refuses a stale version', async () => {
      const prepared = await prepare();
      await flows.ok('/api/update-in-preparation', { orderId: prepared._id, version: 1, content: remarks('a') }, 'bl.sales');
      await flows.expectRefused(
        '/api/update-in-preparation',
        { orderId: prepared._id, version: 1, content: remarks('b') },
        'bl.sales',
        [409, 'version_conflict'],
        prepared._id,
      );
    });

    it('refuses a location in a time zone that does not exist', async () => {
      const prepared = await prepare();
      const body = {
        orderId: prepared._id,
        version: 1,
        content: { ...remarks('x'), location: { ...quoteRequestBody().content.location, timeZone: 'Mars/Olympus' } },
      };
      await flows.expectRefused('/api/update-in-preparation', body, 'bl.sales', [400, 'validation_error'], prepared._id);
    });
  });

  describe('/convert and /convert-incomplete', () => {
    it('turns a prepared order into a quote request the customer sees', async () => {
      const prepared = await prepare();
      expect(await flows.ok('/api/convert', { orderId: prepared._id, version: 1 }, 'bl.sales')).toMatchObject({ status: 'REQUESTED_QUOTE', version: 2 });
      expect(await flows.detail(prepared.refId, 'ec.admin')).toMatchObject({ status: 'REQUESTED_QUOTE' });
    });

    it('hands a prepared order to the customer as a draft', async () => {
      const prepared = await prepare();
      expect(await flows.ok('/api/convert-incomplete', { orderId: prepared._id, version: 1 }, 'bl.sales')).toMatchObject({ status: 'INCOMPLETE', version: 2 });
      expect(await flows.detail(prepared.refId, 'ec.admin')).toMatchObject({ status: 'INCOMPLETE' });
    });

    it('refuses a customer', async () => {
      const prepared = await prepare();
      await flows.expectRefused('/api/convert', { orderId: prepared._id, version: 1 }, 'ec.admin', [404, 'not_found'], prepared._id);
      await flows.expectRefused('/api/convert-incomplete', { orderId: prepared._id, version: 1 }, 'ec.admin', [404, 'not_found'], prepared._id);
    });

    it('refuses a stale version', async () => {
      const prepared = await prepare();
      await flows.ok('/api/update-in-preparation', { orderId: prepared._id, version: 1, content: quoteRequestBody().content }, 'bl.sales');
      await flows.expectRefused('/api/convert', { orderId: prepared._id, version: 1 }, 'bl.sales', [409, 'version_conflict'], prepared._id);
      await flows.expectRefused('/api/convert-incomplete', { orderId: prepared._id, version: 1 }, 'bl.sales', [409, 'version_conflict'], prepared._id);
    });

    it('refuses to convert content that does not pass the submission rules', async () => {
      const prepared = await prepare({ content: {} });
      const r = await flows.expectRefused('/api/convert', { orderId: prepared._id, version: 1 }, 'bl.sales', [400, 'validation_error'], prepared._id);
      expect(r.body.details?.map((d) => d.path)).toEqual(expect.arrayContaining(['location', 'services', 'timeframes']));
      await flows.expectRefused('/api/convert-incomplete', { version: 1 }, 'bl.sales', [400, 'validation_error']);
    });
  });

  describe('/order/offer', () => {
    it('makes an offer with a PDF and attachments, stored under server-chosen names', async () => {
      const requested = await flows.requested();
      const offered = await flows.ok(
        '/api/order/offer',
        {
          orderId: requested._id,
          version: requested.version,
          pdf: await flows.upload('bl.sales', FILES.pdf('../../etc/Offer 7.pdf')),
          attachments: [await flows.upload('bl.sales', FILES.jpeg('plan.jpg'))],
          expiresAt: inAWeek(),
          externalComment: 'Valid for a week.',
        },
        'bl.sales',
      );
      expect(offered).toMatchObject({ status: 'OFFERED', version: requested.version + 1 });
      const [offer] = (await flows.detail(requested.refId, 'ec.admin')).offers;
      expect(offer!.pdf).toEqual({ path: expect.stringMatching(/^[0-9a-f-]{36}\.pdf$/), name: 'Offer 7.pdf', mimeType: 'application/pdf' });
      expect(offer!.attachments).toEqual([expect.objectContaining({ mimeType: 'image/jpeg' })]);
      expect(flows.storedFiles()).toContain(offer!.pdf.path);
    });

    it('refuses a customer, and keeps no file', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/offer',
        { orderId: requested._id, version: requested.version, pdf: await flows.upload('ec.admin', FILES.pdf()), expiresAt: inAWeek() },
        'ec.admin',
        [403, 'forbidden'],
        requested._id,
      );
    });

    it('refuses a stale version, and keeps no file', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/offer',
        { orderId: requested._id, version: 1, pdf: await flows.upload('bl.sales', FILES.pdf()), expiresAt: inAWeek() },
        'bl.sales',
        [409, 'version_conflict'],
        requested._id,
      );
    });

    it('refuses an expiry in the past, a local time, an offer document that is not a PDF and a text file', async () => {
      const requested = await flows.requested();
      const pdf = await flows.upload('bl.sales', FILES.pdf());
      const offer = (body: object) => ({ orderId: requested._id, version: requested.version, pdf, expiresAt: inAWeek(), ...body });
      const details = async (body: object, expected: [number, string] = [400, 'validation_error']) =>
        (await flows.expectRefused('/api/order/offer', offer(body), 'bl.sales', expected, requested._id)).body.details?.map((d) => [d.path, d.code]);
      expect(await details({ expiresAt: DateTime.utc().minus({ hours: 1 }).toISO() })).toEqual([['expiresAt', 'expiry_in_past']]);
      expect(await details({ expiresAt: '2030-01-01T10:00:00' })).toEqual([['expiresAt', 'invalid_format']]);
      expect(await details({ pdf: await flows.upload('bl.sales', FILES.png('offer.pdf')) })).toEqual([['pdf', 'pdf_required']]);
      // A text file never becomes an upload: the upload itself is refused.
      const text = await t.upload(FILES.text('plan.png'), await flows.as('bl.sales'));
      expect([text.status, text.body.error]).toEqual([400, 'invalid_file_type']);
    });
  });

  describe('/order/remove-offer', () => {
    it('withdraws the open offer', async () => {
      const offered = await flows.offered();
      expect(
        await flows.ok(
          '/api/order/remove-offer',
          { orderId: offered._id, version: offered.version, offerId: offered.offerId, reason: 'Wrong price list' },
          'bl.sales',
        ),
      ).toMatchObject({ status: 'REQUESTED_QUOTE' });
      expect((await flows.detail(offered.refId, 'ec.admin')).offers[0]).toMatchObject({ outcome: 'removed' });
    });

    it('refuses a customer', async () => {
      const offered = await flows.offered();
      await flows.expectRefused(
        '/api/order/remove-offer',
        { orderId: offered._id, version: offered.version, offerId: offered.offerId, reason: 'x' },
        'ec.admin',
        [403, 'forbidden'],
        offered._id,
      );
    });

    it('refuses a stale version', async () => {
      const offered = await flows.offered();
      await flows.expectRefused(
        '/api/order/remove-offer',
        { orderId: offered._id, version: 1, offerId: offered.offerId, reason: 'x' },
        'bl.sales',
        [409, 'version_conflict'],
        offered._id,
      );
    });

    it('refuses a blank reason and an offer that is not the open one', async () => {
      const offered = await flows.offered();
      await flows.expectRefused(
        '/api/order/remove-offer',
        { orderId: offered._id, version: offered.version, offerId: offered.offerId, reason: ' ' },
        'bl.sales',
        [400, 'validation_error'],
        offered._id,
      );
      await flows.expectRefused(
        '/api/order/remove-offer',
        { orderId: offered._id, version: offered.version, offerId: 'other', reason: 'x' },
        'bl.sales',
        [409, 'offer_not_open'],
        offered._id,
      );
    });
  });

  describe('/order/decline', () => {
    it('declines a quote request by its _id and answers with the events', async () => {
      const requested = await flows.requested();
      const r = await flows.post<OrderRef & { events: { event: string; internalComment?: string }[] }>(
        '/api/order/decline',
        {
          _id: requested._id,
          version: requested.version,
          externalComment: 'No technicians in your region.',
          internalComment: 'Team booked out',
          companyId: companyIdOf('ec'),
        },
        'bl.sales',
      );
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ _id: requested._id, status: 'DECLINED' });
      expect(r.body.data!.events.at(-1)).toMatchObject({ event: 'DECLINE', internalComment: 'Team booked out' });
    });

    it('refuses a customer', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/decline',
        { orderId: requested._id, version: requested.version, externalComment: 'a', internalComment: 'b' },
        'ec.admin',
        [403, 'forbidden'],
        requested._id,
      );
    });

    it('refuses a stale version', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/decline',
        { orderId: requested._id, version: 1, externalComment: 'a', internalComment: 'b' },
        'bl.sales',
        [409, 'version_conflict'],
        requested._id,
      );
    });

    it('needs both comments and the order', async () => {
      const requested = await flows.requested();
      const r = await flows.expectRefused(
        '/api/order/decline',
        { orderId: requested._id, version: requested.version, externalComment: 'Sorry', internalComment: '' },
        'bl.sales',
        [400, 'validation_error'],
        requested._id,
      );
      expect(r.body.details).toEqual([expect.objectContaining({ path: 'internalComment', code: 'required' })]);
      const missing = await flows.expectRefused('/api/order/decline', { version: 2, externalComment: 'a', internalComment: 'b' }, 'bl.sales', [
        400,
        'validation_error',
      ]);
      expect(missing.body.details?.map((d) => d.path)).toEqual(['orderId']);
    });
  });

  describe('/order/close and /order/reopen', () => {
    it('closes an order and reopens it into the status it had', async () => {
      const offered = await flows.offered();
      const closed = await flows.ok('/api/order/close', { orderId: offered._id, version: offered.version }, 'bl.planner');
      expect(closed).toMatchObject({ status: 'CLOSED' });
      expect(
        await flows.ok('/api/order/reopen', { orderId: offered._id, version: closed.version, comment: 'Customer called back' }, 'bl.planner'),
      ).toMatchObject({ status: 'OFFERED' });
      expect(await flows.detail(offered.refId, 'ec.admin')).toMatchObject({ status: 'OFFERED', openOfferId: offered.offerId });
    });

    it('refuses a customer', async () => {
      const requested = await flows.requested();
      await flows.expectRefused('/api/order/close', { orderId: requested._id, version: requested.version }, 'ec.admin', [403, 'forbidden'], requested._id);
      const closed = await flows.ok('/api/order/close', { orderId: requested._id, version: requested.version }, 'bl.planner');
      await flows.expectRefused('/api/order/reopen', { orderId: requested._id, version: closed.version }, 'ec.admin', [403, 'forbidden'], requested._id);
    });

    it('refuses a stale version', async () => {
      const requested = await flows.requested();
      await flows.expectRefused('/api/order/close', { orderId: requested._id, version: 1 }, 'bl.planner', [409, 'version_conflict'], requested._id);
      const closed = await flows.ok('/api/order/close', { orderId: requested._id, version: requested.version }, 'bl.planner');
      await flows.expectRefused(
        '/api/order/reopen',
        { orderId: requested._id, version: closed.version - 1 },
        'bl.planner',
        [409, 'version_conflict'],
        requested._id,
      );
    });

    it('refuses bad input, a draft and an order that is not closed', async () => {
      const draft = await flows.draft();
      await flows.expectRefused('/api/order/close', { orderId: draft._id, version: 1, comment: ['x'] }, 'bl.planner', [400, 'validation_error'], draft._id);
      await flows.expectRefused('/api/order/close', { orderId: draft._id, version: 1 }, 'bl.planner', [409, 'orderError'], draft._id);
      await flows.expectRefused('/api/order/reopen', { orderId: draft._id, version: 1 }, 'bl.planner', [409, 'orderError'], draft._id);
    });
  });

  describe('/order/remove', () => {
    it('deletes an order, which leaves the customer’s view', async () => {
      const requested = await flows.requested();
      expect(
        await flows.ok(
          '/api/order/remove',
          { orderId: requested._id, version: requested.version, reason: 'Duplicate', internalComment: 'Entered twice' },
          'bl.admin',
        ),
      ).toMatchObject({ status: 'DELETED' });
      await flows.expectRefused('/api/order/getByRefId', { refId: requested.refId }, 'ec.admin', [404, 'not_found']);
      expect(await flows.detail(requested.refId, 'bl.admin')).toMatchObject({ status: 'DELETED' });
    });

    it('refuses a customer', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/remove',
        { orderId: requested._id, version: requested.version, reason: 'x', internalComment: 'y' },
        'ec.admin',
        [403, 'forbidden'],
        requested._id,
      );
    });

    it('refuses a stale version', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/remove',
        { orderId: requested._id, version: 1, reason: 'x', internalComment: 'y' },
        'bl.admin',
        [409, 'version_conflict'],
        requested._id,
      );
    });

    it('needs a reason and an internal comment', async () => {
      const requested = await flows.requested();
      const r = await flows.expectRefused(
        '/api/order/remove',
        { orderId: requested._id, version: requested.version, reason: '', internalComment: '' },
        'bl.admin',
        [400, 'validation_error'],
        requested._id,
      );
      expect(r.body.details?.map((d) => d.path)).toEqual(['reason', 'internalComment']);
    });
  });

  describe('/order/removeMany', () => {
    it('deletes every matching order at its current version, then deletes them forever', async () => {
      const orders = [await flows.draft(), await flows.requested(), await flows.offered()];
      const orderIds = orders.map((o) => o._id);
      const removal = { filter: { orderIds }, reason: 'Test data', internalComment: 'Clean-up' };
      expect(await flows.ok<{ result: number }>('/api/order/removeMany', removal, 'bl.admin')).toEqual({ result: 3 });
      for (const order of orders) expect((await flows.eventTypes(order._id)).at(-1)).toBe('DELETE');
      // Deleted orders are skipped unless they are to be deleted forever.
      expect(await flows.ok<{ result: number }>('/api/order/removeMany', removal, 'bl.admin')).toEqual({ result: 0 });
      expect(
        await flows.ok<{ result: number }>('/api/order/removeMany', { ...removal, filter: { orderIds, status: ['DELETED'] }, forever: true }, 'bl.admin'),
      ).toEqual({ result: 3 });
      const list = await flows.ok<ListResponse>('/api/order/list', { pageSize: 100, filter: { status: ['DELETED'] } }, 'bl.admin');
      expect(list.items.map((i) => i.refId)).not.toEqual(expect.arrayContaining([orders[0]!.refId]));
    });

    it('refuses a customer', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/removeMany',
        { filter: { orderIds: [requested._id] }, reason: 'x', internalComment: 'y' },
        'ec.admin',
        [403, 'forbidden'],
        requested._id,
      );
    });

    it('refuses an empty filter and a blank reason', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/removeMany',
        { filter: {}, reason: 'x', internalComment: 'y' },
        'bl.admin',
        [400, 'validation_error'],
        requested._id,
      );
      await flows.expectRefused(
        '/api/order/removeMany',
        { filter: { orderIds: [requested._id] }, reason: '', internalComment: 'y' },
        'bl.admin',
        [400, 'validation_error'],
        requested._id,
      );
    });
  });

  describe('/order/prepare-job', () => {
    it('prepares the job of a submitted order', async () => {
      const submitted = await flows.submitted();
      expect(
        await flows.ok('/api/order/prepare-job', { orderId: submitted._id, version: submitted.version, notes: 'Bring a torque wrench.' }, 'bl.planner'),
      ).toMatchObject({ status: 'JOB_IN_PLANNING' });
      expect(await flows.detail(submitted.refId, 'ec.admin')).toMatchObject({ job: { status: 'CREATED' } });
      expect(await flows.eventTypes(submitted._id)).toContain('CREATE_JOB_SPECIFICATION');
    });

    it('refuses a customer', async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused(
        '/api/order/prepare-job',
        { orderId: submitted._id, version: submitted.version },
        'ec.admin',
        [403, 'forbidden'],
        submitted._id,
      );
    });

    it('refuses a stale version', async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused('/api/order/prepare-job', { orderId: submitted._id, version: 1 }, 'bl.planner', [409, 'version_conflict'], submitted._id);
    });

    it('refuses notes that are not text, and an order still to be completed by the OEM', async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused(
        '/api/order/prepare-job',
        { orderId: submitted._id, version: submitted.version, notes: 7 },
        'bl.planner',
        [400, 'validation_error'],
        submitted._id,
      );
      const oem = await flows.submitted('oem.admin');
      await flows.expectRefused('/api/order/prepare-job', { orderId: oem._id, version: oem.version }, 'bl.planner', [409, 'order_not_completed'], oem._id);
    });
  });

  describe('/order/financial-info', () => {
    const financialInfo = {
      expectedRevenue: { amount: 1_250_000, currency: 'GBP' },
      probability: 70,
      relevantForForecast: true,
      estimatedReleaseDate: '2026-12-01',
    };

    it('records the forecast, for staff only', async () => {
      const requested = await flows.requested();
      await flows.ok('/api/order/financial-info', { orderId: requested._id, version: requested.version, financialInfo }, 'bl.sales');
      expect(await flows.detail(requested.refId, 'bl.sales')).toMatchObject({ financialInfo });
      expect(await flows.detail(requested.refId, 'ec.admin')).toMatchObject({ financialInfo: null });
    });

    it('refuses a customer', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/financial-info',
        { orderId: requested._id, version: requested.version, financialInfo },
        'ec.admin',
        [403, 'forbidden'],
        requested._id,
      );
    });

    it('refuses a stale version', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/financial-info',
        { orderId: requested._id, version: 1, financialInfo },
        'bl.sales',
        [409, 'version_conflict'],
        requested._id,
      );
    });

    it('refuses a probability above 100 % and an unknown currency', async () => {
      const requested = await flows.requested();
      const r = await flows.expectRefused(
        '/api/order/financial-info',
        {
          orderId: requested._id,
          version: requested.version,
          financialInfo: { ...financialInfo, probability: 120, expectedRevenue: { amount: 1, currency: 'XYZ' } },
        },
        'bl.sales',
        [400, 'validation_error'],
        requested._id,
      );
      expect(r.body.details?.map((d) => d.path).sort()).toEqual(['financialInfo.expectedRevenue.currency', 'financialInfo.probability']);
    });
  });

  describe('/order/change-owner', () => {
    it('hands the order to another member of staff', async () => {
      const requested = await flows.requested();
      await flows.ok('/api/order/change-owner', { orderId: requested._id, version: requested.version, ownerUserId: userIdOf('bl.planner') }, 'bl.admin');
      expect(await flows.detail(requested.refId, 'bl.admin')).toMatchObject({ ownerUserId: userIdOf('bl.planner') });
    });

    it("lists the owner and the owner's name to staff, and neither to the customer, by search and on the default page", async () => {
      const requested = await flows.requested();
      await flows.ok('/api/order/change-owner', { orderId: requested._id, version: requested.version, ownerUserId: userIdOf('bl.planner') }, 'bl.admin');
      type OwnerRow = { refId: string; ownerUserId: string | null; ownerName: string | null };
      const rowOf = async (user: string, body: object) =>
        (await flows.ok<{ items: OwnerRow[] }>('/api/order/list', body, user)).items.find((row) => row.refId === requested.refId);
      for (const body of [{ search: requested.refId }, { pageSize: 100 }]) {
        const staffRow = await rowOf('bl.admin', body);
        expect(staffRow).toMatchObject({ ownerUserId: userIdOf('bl.planner'), ownerName: expect.stringMatching(/\S/) });
        expect(await rowOf('ec.admin', body)).toEqual({ ...staffRow, ownerUserId: null, ownerName: null });
      }
      const page = await flows.ok<{ items: OwnerRow[] }>('/api/order/list', { pageSize: 100 }, 'ec.admin');
      expect(page.items.filter((row) => row.ownerUserId !== null || row.ownerName !== null)).toEqual([]);
    });

    it('refuses a customer', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/change-owner',
        { orderId: requested._id, version: requested.version, ownerUserId: userIdOf('bl.planner') },
        'ec.admin',
        [403, 'forbidden'],
        requested._id,
      );
    });

    it('refuses a stale version', async () => {
      const requested = await flows.requested();
      await flows.expectRefused(
        '/api/order/change-owner',
        { orderId: requested._id, version: 1, ownerUserId: userIdOf('bl.planner') },
        'bl.admin',
        [409, 'version_conflict'],
        requested._id,
      );
    });

    it('refuses an owner who is not staff', async () => {
      const requested = await flows.requested();
      const r = await flows.expectRefused(
        '/api/order/change-owner',
        { orderId: requested._id, version: requested.version, ownerUserId: userIdOf('ec.admin') },
        'bl.admin',
        [400, 'validation_error'],
        requested._id,
      );
      expect(r.body.details).toEqual([expect.objectContaining({ path: 'ownerUserId', code: 'not_staff' })]);
    });
  });

  describe('/order/addSupervisor and /order/removeSupervisor', () => {
    const supervisor = userIdOf('ec.supervisor');

    it("adds and removes a supervisor of the order's company", async () => {
      const submitted = await flows.submitted();
      const added = await flows.ok('/api/order/addSupervisor', { orderId: submitted._id, version: submitted.version, userId: supervisor }, 'bl.planner');
      expect(await flows.detail(submitted.refId, 'ec.admin')).toMatchObject({ supervisorUserIds: [supervisor] });
      await flows.ok('/api/order/removeSupervisor', { orderId: submitted._id, version: added.version, userId: supervisor }, 'bl.planner');
      expect(await flows.detail(submitted.refId, 'ec.admin')).toMatchObject({ supervisorUserIds: [] });
    });

    it('refuses a customer', async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused(
        '/api/order/addSupervisor',
        { orderId: submitted._id, version: submitted.version, userId: supervisor },
        'ec.admin',
        [403, 'forbidden'],
        submitted._id,
      );
      await flows.expectRefused(
        '/api/order/removeSupervisor',
        { orderId: submitted._id, version: submitted.version, userId: supervisor },
        'ec.admin',
        [403, 'forbidden'],
        submitted._id,
      );
    });

    it('refuses a stale version', async () => {
      const submitted = await flows.submitted();
      await flows.expectRefused(
        '/api/order/addSupervisor',
        { orderId: submitted._id, version: 1, userId: supervisor },
        'bl.planner',
        [409, 'version_conflict'],
        submitted._id,
      );
      await flows.expectRefused(
        '/api/order/removeSupervisor',
        { orderId: submitted._id, version: 1, userId: supervisor },
        'bl.planner',
        [409, 'version_conflict'],
        submitted._id,
      );
    });

    it("refuses a user who is not a supervisor of the order's company", async () => {
      const submitted = await flows.submitted();
      for (const userId of [userIdOf('ec.admin'), userIdOf('ec2.supervisor'), 'nobody']) {
        const r = await flows.expectRefused(
          '/api/order/addSupervisor',
          { orderId: submitted._id, version: submitted.version, userId },
          'bl.planner',
          [400, 'validation_error'],
          submitted._id,
        );
        expect(r.body.details).toEqual([expect.objectContaining({ path: 'userId', code: 'not_a_supervisor' })]);
      }
      await flows.expectRefused(
        '/api/order/removeSupervisor',
        { orderId: submitted._id, version: submitted.version, userId: userIdOf('ec2.supervisor') },
        'bl.planner',
        [400, 'validation_error'],
        submitted._id,
      );
    });
  });

  describe('/order/list for staff', () => {
    it('finds orders by customer and by end customer, and shows the end customer', async () => {
      const body = quoteRequestBody();
      const order = await flows.requested('oem.admin', { ...body, content: { ...body.content, endCustomer: { name: 'Bramley Bottling plc', country: 'uk' } } });
      const byEndCustomer = await flows.ok<ListResponse>('/api/order/list', { pageSize: 100, filter: { endCustomer: 'bramley' } }, 'bl.sales');
      expect(byEndCustomer.items).toEqual([
        expect.objectContaining({ refId: order.refId, customerName: 'Kessler Automation AG', endCustomerName: 'Bramley Bottling plc' }),
      ]);
      const byCustomer = await flows.ok<ListResponse>(
        '/api/order/list',
        { pageSize: 100, filter: { customer: 'kessler', endCustomer: 'bramley' } },
        'bl.sales',
      );
      expect(byCustomer.items.map((i) => i.refId)).toEqual([order.refId]);
      const otherCustomer = await flows.ok<ListResponse>(
        '/api/order/list',
        { pageSize: 100, filter: { customer: 'thames', endCustomer: 'bramley' } },
        'bl.sales',
      );
      expect(otherCustomer.total).toBe(0);
    });
  });
});
