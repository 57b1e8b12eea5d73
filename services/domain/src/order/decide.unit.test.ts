import type { CommandContext } from '../shared/command.js';
import type { OrderCommand } from './commands.js';
import { decideOrder, mayIssue } from './decide.js';
import type { OrderEvent } from './events.js';
import { evolveOrder, foldOrder } from './evolve.js';
import { reorderSourceOf } from './reorder.js';
import { initialOrderState, openOffer, type OrderState } from './state.js';
import {
  AFTER_OFFER_EXPIRY,
  BILLING_ADDRESS,
  contextOf,
  CUSTOMER,
  customerUser,
  DIRECT_ORDER_CONTENT,
  DIRECT_ORDER_HISTORY,
  EC_ADMIN,
  ev,
  given,
  HISTORY,
  NOW,
  OFFER_EXPIRES_AT,
  OEM_ACCEPTED_HISTORY,
  OEM_ADMIN,
  OTHER_COMPANY,
  PDF,
  refusal,
  SAMPLE_COMMANDS,
  SITE_PHOTO,
  STAFF,
  stateIn,
  SUBMITTABLE_CONTENT,
  timeFrame,
} from './test-support/order-fixtures.js';
import type { OrderContent } from './types.js';

// Fresh contexts per test, so generated ids start at id-1 in every test.
let ec: CommandContext;
let oem: CommandContext;
let staff: CommandContext;
beforeEach(() => {
  ec = contextOf(EC_ADMIN);
  oem = contextOf(OEM_ADMIN);
  staff = contextOf(STAFF);
});

function then(state: OrderState, events: readonly OrderEvent[]): OrderState {
  return events.reduce(evolveOrder, state);
}

function existing(state: OrderState) {
  if (state.status === 'none') throw new Error('no order');
  return state;
}

describe('first slice: an EC admin requests a quote', () => {
  it('creates an INCOMPLETE quote draft', () => {
    const events = given([]).when(SAMPLE_COMMANDS.CreateOrder, ec);
    expect(events).toEqual([
      {
        type: 'CREATE',
        data: { orderId: 'order-2', refId: 'ON-26-BBBBBB', customer: CUSTOMER, creationType: 'QUOTE_REQUEST', content: SUBMITTABLE_CONTENT },
      },
    ]);
    const state = existing(then(initialOrderState, events));
    expect(state.status).toBe('INCOMPLETE');
    expect(state.order).toMatchObject({ orderId: 'order-2', refId: 'ON-26-BBBBBB', type: 'quote', creationType: 'QUOTE_REQUEST', hasChanges: false });
  });

  it('submits the draft as a quote request (GET_QUOTE → REQUESTED_QUOTE)', () => {
    const { state, when } = given([ev.created()]);
    const events = when(SAMPLE_COMMANDS.SubmitOrder, ec);
    expect(events).toEqual([{ type: 'GET_QUOTE', data: { disclaimerAccepted: true, shortNotice: null } }]);
    expect(then(state, events).status).toBe('REQUESTED_QUOTE');
  });

  it('refuses to submit an empty draft, naming every missing field', () => {
    const empty: OrderContent = { timeframes: [], services: [], equipments: [], additionalInformation: {}, contacts: { additionalContacts: [] } };
    const error = refusal(() =>
      given([ev.created('QUOTE_REQUEST', empty)]).when({ type: 'SubmitOrder', data: { disclaimerAccepted: false, shortNoticeConfirmed: false } }, ec),
    );
    expect(error.code).toBe('validation_error');
    expect(error.details.map((detail) => [detail.path, detail.code])).toEqual([
      ['location', 'required'],
      ['timeframes', 'required'],
      ['services', 'required'],
      ['additionalInformation.serviceTechnicians.expectedNumberOfTechnicians', 'must_be_positive'],
      ['disclaimerAccepted', 'disclaimer_not_accepted'],
    ]);
  });

  it('names the missing location fields and an unknown time zone', () => {
    const content: OrderContent = {
      ...SUBMITTABLE_CONTENT,
      location: { name: 'Plant', addressLine1: ' ', city: 'München', postCode: '', country: 'de', timeZone: 'Europe/Berlin' },
    };
    const missing = refusal(() => given([ev.created('QUOTE_REQUEST', content)]).when(SAMPLE_COMMANDS.SubmitOrder, ec));
    expect(missing.details.map((detail) => detail.path)).toEqual(['location.addressLine1', 'location.postCode']);

    const badZone = { ...SUBMITTABLE_CONTENT, location: { ...SUBMITTABLE_CONTENT.location!, timeZone: 'Europe/Atlantis', country: 'br' } };
    const error = refusal(() => given([ev.created('QUOTE_REQUEST', badZone)]).when(SAMPLE_COMMANDS.SubmitOrder, ec));
    expect(error.details.map((detail) => detail.code)).toEqual(['unsupported_country', 'invalid_time_zone']);
  });

  it('refuses services priced in different currencies', () => {
    const [first] = SUBMITTABLE_CONTENT.services;
    const content = {
      ...SUBMITTABLE_CONTENT,
      services: [first!, { ...first!, serviceId: 'svc-repair', price: { amount: 100_000, currency: 'GBP' as const } }],
    };
    const error = refusal(() => given([ev.created('QUOTE_REQUEST', content)]).when(SAMPLE_COMMANDS.SubmitOrder, ec));
    expect(error.details).toEqual([expect.objectContaining({ path: 'services', code: 'mixed_currencies' })]);
  });

  it('needs a confirmation when the job starts within 72 hours, and records the hours to start', () => {
    const soon = { ...SUBMITTABLE_CONTENT, timeframes: [timeFrame('2026-06-03T09:00:00', '2026-06-03T17:00:00')] };
    const { when } = given([ev.created('QUOTE_REQUEST', soon)]);
    const error = refusal(() => when(SAMPLE_COMMANDS.SubmitOrder, ec));
    expect(error.details).toEqual([expect.objectContaining({ path: 'shortNoticeConfirmed', code: 'short_notice_not_confirmed' })]);

    const events = when({ type: 'SubmitOrder', data: { disclaimerAccepted: true, shortNoticeConfirmed: true } }, ec);
    // 2026-06-03T09:00 in Berlin is 07:00Z: 47 hours after NOW.
    expect(events).toEqual([{ type: 'GET_QUOTE', data: { disclaimerAccepted: true, shortNotice: { hoursToStart: 47 } } }]);
  });

  it('applies the maximum job window the api passes in', () => {
    const { when } = given([ev.created()]);
    const error = refusal(() => when({ ...SAMPLE_COMMANDS.SubmitOrder, facts: { maxJobWindowDays: 2 } }, ec));
    expect(error.details).toEqual([expect.objectContaining({ path: 'timeframes.0.date.to', code: 'job_window_too_long' })]);
  });
});

describe('direct orders', () => {
  it('an OEM admin submits a direct order (DIRECT_ORDER → ORDER_SUBMITTED)', () => {
    const create: OrderCommand = { ...SAMPLE_COMMANDS.CreateOrder, data: { creationType: 'DIRECT_ORDER', content: DIRECT_ORDER_CONTENT } };
    const created = given([]).when(create, oem);
    expect(created[0]).toMatchObject({ type: 'CREATE', data: { creationType: 'DIRECT_ORDER' } });
    const { state, when } = given(created);
    const events = when(SAMPLE_COMMANDS.SubmitOrder, oem);
    expect(events).toEqual([{ type: 'DIRECT_ORDER', data: { disclaimerAccepted: true, shortNotice: null } }]);
    expect(existing(then(state, events))).toMatchObject({ status: 'ORDER_SUBMITTED', order: { type: 'order' } });
  });

  it('needs a billing address', () => {
    const error = refusal(() => given([ev.created('DIRECT_ORDER', SUBMITTABLE_CONTENT)]).when(SAMPLE_COMMANDS.SubmitOrder, oem));
    expect(error.details).toEqual([expect.objectContaining({ path: 'billingAddress', code: 'required' })]);
  });
});

describe('drafts', () => {
  it('UpdateDraft replaces the content', () => {
    const { state, when } = given([ev.created()]);
    const events = when(SAMPLE_COMMANDS.UpdateDraft, ec);
    expect(events).toEqual([{ type: 'UPDATE', data: { content: { ...SUBMITTABLE_CONTENT, couponCode: 'SPRING26' } } }]);
    expect(existing(then(state, events)).order.content.couponCode).toBe('SPRING26');
  });

  it('switches a draft between quote request and direct order', () => {
    const { state, when } = given([ev.created()]);
    const events = when({ type: 'UpdateDraft', data: { content: DIRECT_ORDER_CONTENT, creationType: 'DIRECT_ORDER' } }, oem);
    expect(events).toEqual([{ type: 'UPDATE', data: { content: DIRECT_ORDER_CONTENT, creationType: 'DIRECT_ORDER' } }]);
    expect(existing(then(state, events)).order).toMatchObject({ creationType: 'DIRECT_ORDER', type: 'order' });
  });

  it('keeps the creation type once submitted', () => {
    const error = refusal(() =>
      given([...HISTORY.REQUESTED_QUOTE, ev.changeRequested()]).when(
        { type: 'UpdateDraft', data: { content: DIRECT_ORDER_CONTENT, creationType: 'DIRECT_ORDER' } },
        oem,
      ),
    );
    expect(error.details).toEqual([expect.objectContaining({ path: 'creationType', code: 'creation_type_locked' })]);
  });
});

describe('change requests', () => {
  it('flags the order as changed and not completed, keeping its status', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const events = when(SAMPLE_COMMANDS.RequestChange, ec);
    expect(events).toEqual([{ type: 'CHANGE_REQUEST', data: {} }]);
    expect(existing(then(state, events))).toMatchObject({ status: 'OFFERED', order: { hasChanges: true, orderNotCompleted: true } });
  });

  it('a second change request changes nothing', () => {
    expect(given([...HISTORY.OFFERED, ev.changeRequested()]).when(SAMPLE_COMMANDS.RequestChange, ec)).toEqual([]);
  });

  it('editing or resubmitting needs a change request first', () => {
    expect(refusal(() => given(HISTORY.OFFERED).when(SAMPLE_COMMANDS.UpdateDraft, ec)).code).toBe('change_not_requested');
    expect(refusal(() => given(HISTORY.REQUESTED_QUOTE).when(SAMPLE_COMMANDS.SubmitOrder, ec)).code).toBe('change_not_requested');
  });

  it('resubmitting an offered quote returns it to REQUESTED_QUOTE and voids the open offer', () => {
    const { state, when } = given([...HISTORY.OFFERED, ev.changeRequested(), { type: 'UPDATE', data: { content: SUBMITTABLE_CONTENT } }]);
    const events = when(SAMPLE_COMMANDS.SubmitOrder, ec);
    expect(events.map((event) => event.type)).toEqual(['GET_QUOTE']);
    const after = existing(then(state, events));
    expect(after).toMatchObject({ status: 'REQUESTED_QUOTE', order: { hasChanges: false, orderNotCompleted: false, previousStatus: 'OFFERED' } });
    expect(after.order.offers.map((offer) => offer.outcome)).toEqual(['superseded']);
  });

  it('a change begun before the offer expired can still be resubmitted', () => {
    const { state, when } = given([...HISTORY.OFFERED, ev.changeRequested(), ev.offerExpired()]);
    expect(refusal(() => when(SAMPLE_COMMANDS.MakeOffer, staff)).code).toBe('change_pending');
    const events = when(SAMPLE_COMMANDS.SubmitOrder, ec);
    expect(events.map((event) => event.type)).toEqual(['GET_QUOTE']);
    expect(then(state, events)).toMatchObject({ status: 'REQUESTED_QUOTE', order: { hasChanges: false } });
  });

  it('resubmitting a changed accepted quote asks for a new quote', () => {
    const events = given([...HISTORY.ORDER_SUBMITTED, ev.changeRequested()]).when(SAMPLE_COMMANDS.SubmitOrder, ec);
    expect(events.map((event) => event.type)).toEqual(['GET_QUOTE']);
  });

  it('resubmitting a changed direct order keeps it submitted', () => {
    const events = given([...DIRECT_ORDER_HISTORY, ev.changeRequested()]).when(SAMPLE_COMMANDS.SubmitOrder, oem);
    expect(events.map((event) => event.type)).toEqual(['DIRECT_ORDER']);
  });

  it('while a change is pending, no offer is made or accepted', () => {
    const changing = [...HISTORY.OFFERED, ev.changeRequested()];
    expect(refusal(() => given(changing).when(SAMPLE_COMMANDS.MakeOffer, staff)).code).toBe('change_pending');
    expect(refusal(() => given(changing).when(SAMPLE_COMMANDS.AcceptOffer, ec)).code).toBe('change_pending');
  });
});

describe('offers', () => {
  it('MakeOffer records the offer with a new id and the time it was made', () => {
    const { state, when } = given(HISTORY.REQUESTED_QUOTE);
    const command: OrderCommand = {
      type: 'MakeOffer',
      data: { pdf: PDF, attachments: [], externalComment: 'Valid for two weeks', internalComment: 'Margin 28 %', expiresAt: '2026-06-15T00:00:00.000Z' },
    };
    const events = when(command, staff);
    expect(events).toEqual([
      {
        type: 'OFFER',
        data: {
          offerId: 'id-1',
          pdf: PDF,
          attachments: [],
          externalComment: 'Valid for two weeks',
          internalComment: 'Margin 28 %',
          expiresAt: '2026-06-15T00:00:00.000Z',
          offeredAt: NOW,
        },
      },
    ]);
    const after = then(state, events);
    expect(after).toMatchObject({ status: 'OFFERED', openOfferId: 'id-1' });
    expect(openOffer(after)?.outcome).toBe('open');
  });

  it('a new offer replaces the open one', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const after = then(state, when(SAMPLE_COMMANDS.MakeOffer, staff));
    expect(existing(after).order.offers.map((offer) => [offer.offerId, offer.outcome])).toEqual([
      ['offer-1', 'superseded'],
      ['id-1', 'open'],
    ]);
    expect(after).toMatchObject({ status: 'OFFERED', openOfferId: 'id-1' });
  });

  it('an offer must expire in the future and come as a PDF', () => {
    const error = refusal(() =>
      given(HISTORY.REQUESTED_QUOTE).when({ type: 'MakeOffer', data: { pdf: { ...PDF, mimeType: 'image/png' }, attachments: [], expiresAt: NOW } }, staff),
    );
    expect(error.details.map((detail) => [detail.path, detail.code])).toEqual([
      ['pdf', 'pdf_required'],
      ['expiresAt', 'expiry_in_past'],
    ]);
  });

  it('RemoveOffer removes the open offer with a reason and awaits a new one', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const events = when(SAMPLE_COMMANDS.RemoveOffer, staff);
    expect(events).toEqual([{ type: 'OFFER_REMOVED', data: { offerId: 'offer-1', reason: 'Wrong price list', removedAt: NOW } }]);
    const after = existing(then(state, events));
    expect(after.status).toBe('REQUESTED_QUOTE');
    expect(after.order.offers[0]).toMatchObject({ outcome: 'removed', removalReason: 'Wrong price list', removedAt: NOW });
  });

  it('RemoveOffer needs the open offer and a reason', () => {
    expect(refusal(() => given(HISTORY.OFFERED).when({ type: 'RemoveOffer', data: { offerId: 'offer-0', reason: 'x' } }, staff)).code).toBe('offer_not_open');
    const blank = refusal(() => given(HISTORY.OFFERED).when({ type: 'RemoveOffer', data: { offerId: 'offer-1', reason: '  ' } }, staff));
    expect(blank.details).toEqual([expect.objectContaining({ path: 'reason', code: 'required' })]);
  });
});

describe('offer expiry', () => {
  const expire: OrderCommand = SAMPLE_COMMANDS.ExpireOffer;
  const later = contextOf(STAFF, AFTER_OFFER_EXPIRY);

  it('expires the open offer once its expiry has passed', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const events = when(expire, later);
    expect(events).toEqual([{ type: 'EXPIRE', data: { offerId: 'offer-1' } }]);
    const after = existing(then(state, events));
    expect(after.status).toBe('EXPIRED');
    expect(after.order.offers[0]?.outcome).toBe('expired');
  });

  it('does nothing when the offer was replaced by a newer one', () => {
    expect(given([...HISTORY.OFFERED, ev.offerMade('offer-2', '2026-06-30T00:00:00.000Z')]).when(expire, later)).toEqual([]);
  });

  it('does nothing when the offer was accepted or the order cancelled', () => {
    expect(given(HISTORY.ORDER_SUBMITTED).when(expire, later)).toEqual([]);
    expect(given(HISTORY.DECLINED).when(expire, later)).toEqual([]);
  });

  it('does nothing for an expiry that staff extended since (the job of the new expiry comes later)', () => {
    const extended = [
      ...HISTORY.OFFERED,
      { type: 'OFFER_EXTENDED', data: { offerId: 'offer-1', expiresAt: '2026-06-15T00:00:00.000Z', extendedFrom: OFFER_EXPIRES_AT } } as OrderEvent,
    ];
    expect(given(extended).when({ type: 'ExpireOffer', data: { offerId: 'offer-1', expiresAt: OFFER_EXPIRES_AT } }, later)).toEqual([]);
    expect(refusal(() => given(extended).when({ type: 'ExpireOffer', data: { offerId: 'offer-1', expiresAt: '2026-06-15T00:00:00.000Z' } }, later)).code).toBe(
      'offer_not_expired',
    );
  });

  it('customers ask for more time on the open offer; staff extend it to a later instant only', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const asked = when(SAMPLE_COMMANDS.RequestOfferExtension, contextOf(EC_ADMIN, NOW));
    expect(asked).toEqual([{ type: 'OFFER_EXTENSION_REQUESTED', data: { offerId: 'offer-1', comment: 'Budget approval on Friday.', requestedAt: NOW } }]);
    expect(existing(then(state, asked)).order.offers[0]?.extensionRequestedAt).toBe(NOW);
    expect(refusal(() => when({ type: 'RequestOfferExtension', data: { offerId: 'offer-9' } }, contextOf(EC_ADMIN, NOW))).code).toBe('offer_not_open');
    const extended = when(SAMPLE_COMMANDS.ExtendOffer, staff);
    expect(extended).toEqual([{ type: 'OFFER_EXTENDED', data: { offerId: 'offer-1', expiresAt: '2026-06-15T00:00:00.000Z', extendedFrom: OFFER_EXPIRES_AT } }]);
    const after = existing(then(state, extended));
    expect(after.status).toBe('OFFERED');
    expect(after.order.offers[0]).toMatchObject({ expiresAt: '2026-06-15T00:00:00.000Z', originalExpiresAt: OFFER_EXPIRES_AT });
    expect(refusal(() => when({ type: 'ExtendOffer', data: { offerId: 'offer-1', expiresAt: '2026-06-05T00:00:00.000Z' } }, staff)).code).toBe(
      'validation_error',
    );
    expect(refusal(() => when(SAMPLE_COMMANDS.ExtendOffer, contextOf(EC_ADMIN, NOW))).code).toBe('forbidden');
  });

  it('refuses to expire an offer early', () => {
    expect(refusal(() => given(HISTORY.OFFERED).when(expire, staff)).code).toBe('offer_not_expired');
  });

  it('a new offer can follow an expired one', () => {
    const { state, when } = given(HISTORY.EXPIRED);
    expect(then(state, when(SAMPLE_COMMANDS.MakeOffer, staff)).status).toBe('OFFERED');
  });
});

describe('accepting an offer', () => {
  it('records the PO (trimmed), the billing address and the accepted terms', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const events = when(SAMPLE_COMMANDS.AcceptOffer, ec);
    expect(events).toEqual([
      {
        type: 'ACCEPT_OFFER',
        data: { offerId: 'offer-1', po: { number: 'PO-901' }, billingAddress: BILLING_ADDRESS, termsAccepted: true, additionalInformationRequired: false },
      },
    ]);
    const after = existing(then(state, events));
    expect(after.status).toBe('ORDER_SUBMITTED');
    expect(after.order).toMatchObject({
      po: { number: 'PO-901' },
      termsAccepted: true,
      orderNotCompleted: false,
      content: { billingAddress: BILLING_ADDRESS },
    });
    expect(after.order.offers[0]?.outcome).toBe('accepted');
  });

  it("accepts '-' as PO number but not a blank one, and needs the terms", () => {
    const accept = (po: string, termsAccepted: boolean): OrderCommand => ({
      ...SAMPLE_COMMANDS.AcceptOffer,
      data: { ...SAMPLE_COMMANDS.AcceptOffer.data, po: { number: po }, termsAccepted },
    });
    expect(given(HISTORY.OFFERED).when(accept('-', true), ec)[0]).toMatchObject({ data: { po: { number: '-' } } });
    const error = refusal(() => given(HISTORY.OFFERED).when(accept('   ', false), ec));
    expect(error.details.map((detail) => [detail.path, detail.code])).toEqual([
      ['po.number', 'required'],
      ['termsAccepted', 'terms_not_accepted'],
    ]);
  });

  it('needs a completed company profile', () => {
    const command: OrderCommand = { ...SAMPLE_COMMANDS.AcceptOffer, facts: { companyProfileCompleted: false } };
    const error = refusal(() => given(HISTORY.OFFERED).when(command, ec));
    expect([error.code, error.kind]).toEqual(['company_profile_incomplete', 'forbidden']);
  });

  it('refuses an offer that is not the open one, or that expired before the worker caught it', () => {
    const other: OrderCommand = { ...SAMPLE_COMMANDS.AcceptOffer, data: { ...SAMPLE_COMMANDS.AcceptOffer.data, offerId: 'offer-0' } };
    expect(refusal(() => given(HISTORY.OFFERED).when(other, ec)).code).toBe('offer_not_open');
    expect(refusal(() => given(HISTORY.OFFERED).when(SAMPLE_COMMANDS.AcceptOffer, contextOf(EC_ADMIN, AFTER_OFFER_EXPIRY))).code).toBe('offer_expired');
  });

  it('an OEM customer must complete the order after accepting', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const events = when(SAMPLE_COMMANDS.AcceptOffer, oem);
    expect(events[0]).toMatchObject({ data: { additionalInformationRequired: true } });
    expect(existing(then(state, events)).order.orderNotCompleted).toBe(true);
  });
});

describe('completing an order after an OEM accepted', () => {
  it('COMPLETE replaces the content and clears "not completed"', () => {
    const { state, when } = given(OEM_ACCEPTED_HISTORY);
    const events = when(SAMPLE_COMMANDS.CompleteOrder, oem);
    expect(events).toEqual([{ type: 'COMPLETE', data: { content: DIRECT_ORDER_CONTENT, shortNotice: null } }]);
    expect(existing(then(state, events))).toMatchObject({ status: 'ORDER_SUBMITTED', order: { orderNotCompleted: false } });
  });

  it('validates the completed content with paths under content', () => {
    const command: OrderCommand = { ...SAMPLE_COMMANDS.CompleteOrder, data: { ...SAMPLE_COMMANDS.CompleteOrder.data, content: SUBMITTABLE_CONTENT } };
    const error = refusal(() => given(OEM_ACCEPTED_HISTORY).when(command, oem));
    expect(error.details).toEqual([expect.objectContaining({ path: 'content.billingAddress', code: 'required' })]);
  });

  it('is refused when there is nothing to complete, and the job waits until the order is complete', () => {
    expect(refusal(() => given(HISTORY.ORDER_SUBMITTED).when(SAMPLE_COMMANDS.CompleteOrder, oem)).code).toBe('order_already_completed');
    expect(refusal(() => given(OEM_ACCEPTED_HISTORY).when(SAMPLE_COMMANDS.PrepareJob, staff)).code).toBe('order_not_completed');
  });
});

describe('purchase order', () => {
  it('the customer or staff edit the PO while the order is submitted', () => {
    expect(given(HISTORY.ORDER_SUBMITTED).when(SAMPLE_COMMANDS.UpdatePurchaseOrder, ec)).toEqual([{ type: 'PO_UPDATED', data: { po: { number: 'PO-902' } } }]);
    const { state, when } = given(HISTORY.ORDER_SUBMITTED);
    expect(existing(then(state, when(SAMPLE_COMMANDS.UpdatePurchaseOrder, staff))).order.po).toEqual({ number: 'PO-902' });
  });

  it('the PO number is required', () => {
    const error = refusal(() => given(HISTORY.ORDER_SUBMITTED).when({ type: 'UpdatePurchaseOrder', data: { po: { number: '' } } }, ec));
    expect(error.details).toEqual([expect.objectContaining({ path: 'po.number', code: 'required' })]);
  });
});

describe('rejecting', () => {
  it('rejecting the open offer declines the order and remembers the offered status', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const events = when({ type: 'RejectOffer', data: { offerId: 'offer-1', reasons: ['PRICE_TOO_HIGH', 'OTHER'], comment: 'Budget cut' } }, ec);
    expect(events).toEqual([{ type: 'REJECT', data: { offerId: 'offer-1', reasons: ['PRICE_TOO_HIGH', 'OTHER'], comment: 'Budget cut' } }]);
    const after = existing(then(state, events));
    expect(after).toMatchObject({ status: 'DECLINED', declinedBy: 'customer', order: { previousStatus: 'OFFERED' } });
    expect(after.order.offers[0]?.outcome).toBe('rejected');
  });

  it('rejecting a quote request records no offer', () => {
    const events = given(HISTORY.REQUESTED_QUOTE).when({ type: 'RejectOffer', data: { reasons: ['SERVICE_NO_LONGER_NEEDED'] } }, ec);
    expect(events).toEqual([{ type: 'REJECT', data: { reasons: ['SERVICE_NO_LONGER_NEEDED'] } }]);
  });

  it('applies the reason rules', () => {
    const reject = (reasons: OrderCommand & { type: 'RejectOffer' }) => refusal(() => given(HISTORY.REQUESTED_QUOTE).when(reasons, ec));
    expect(reject({ type: 'RejectOffer', data: { reasons: [] } }).details).toEqual([expect.objectContaining({ path: 'reasons', code: 'required' })]);
    expect(reject({ type: 'RejectOffer', data: { reasons: ['SOMEONE_ELSE'] } }).details).toEqual([
      expect.objectContaining({ path: 'reasons', code: 'reason_not_allowed' }),
    ]);
    expect(reject({ type: 'RejectOffer', data: { reasons: ['OTHER'], comment: ' ' } }).details).toEqual([
      expect.objectContaining({ path: 'comment', code: 'required' }),
    ]);
  });

  it('someone else doing the job is a reason once an offer exists', () => {
    const events = given(HISTORY.OFFERED).when({ type: 'RejectOffer', data: { offerId: 'offer-1', reasons: ['SOMEONE_ELSE'] } }, ec);
    expect(events.map((event) => event.type)).toEqual(['REJECT']);
  });

  it('rejecting while an offer is open names that offer', () => {
    const error = refusal(() => given(HISTORY.OFFERED).when({ type: 'RejectOffer', data: { reasons: ['PRICE_TOO_HIGH'] } }, ec));
    expect(error.code).toBe('offer_not_open');
  });
});

describe('decline, cancel', () => {
  it('staff decline a quote request with both comments', () => {
    const { state, when } = given(HISTORY.REQUESTED_QUOTE);
    const events = when(SAMPLE_COMMANDS.DeclineRequest, staff);
    expect(events).toEqual([{ type: 'DECLINE', data: { externalComment: 'Not in our region.', internalComment: 'No capacity' } }]);
    expect(then(state, events)).toMatchObject({ status: 'DECLINED', declinedBy: 'provider', order: { previousStatus: 'REQUESTED_QUOTE' } });
  });

  it('both decline comments are required', () => {
    const error = refusal(() => given(HISTORY.REQUESTED_QUOTE).when({ type: 'DeclineRequest', data: { externalComment: '', internalComment: ' ' } }, staff));
    expect(error.details.map((detail) => detail.path)).toEqual(['externalComment', 'internalComment']);
  });

  it('the customer cancels a quote request or a submitted order', () => {
    expect(given(HISTORY.REQUESTED_QUOTE).when(SAMPLE_COMMANDS.CancelOrder, ec)).toEqual([{ type: 'CANCEL', data: { comment: 'Plant shutdown moved' } }]);
    const { state, when } = given(HISTORY.ORDER_SUBMITTED);
    expect(then(state, when(SAMPLE_COMMANDS.CancelOrder, ec))).toMatchObject({ status: 'CANCELED', order: { previousStatus: 'ORDER_SUBMITTED' } });
  });
});

describe('close and reopen', () => {
  it('reopening restores the status exactly as it was before closing', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const closed = then(state, when(SAMPLE_COMMANDS.CloseOrder, staff));
    expect(closed).toMatchObject({ status: 'CLOSED', order: { previousStatus: 'OFFERED' } });
    const reopened = then(closed, decideOrder(SAMPLE_COMMANDS.ReopenOrder, closed, staff));
    expect(reopened).toEqual(state);
  });

  it('a reopened declined order still shows what it was declined from', () => {
    const declined = stateIn('DECLINED');
    const closed = then(declined, decideOrder(SAMPLE_COMMANDS.CloseOrder, declined, staff));
    const reopened = then(closed, decideOrder(SAMPLE_COMMANDS.ReopenOrder, closed, staff));
    expect(reopened).toMatchObject({ status: 'DECLINED', declinedBy: 'provider', order: { previousStatus: 'REQUESTED_QUOTE' } });
  });
});

describe('delete', () => {
  it('needs a reason and an internal comment', () => {
    const error = refusal(() => given(HISTORY.REQUESTED_QUOTE).when({ type: 'DeleteOrder', data: { reason: '', internalComment: '', forever: false } }, staff));
    expect(error.details.map((detail) => detail.path)).toEqual(['reason', 'internalComment']);
  });

  it('deletes forever, also an order already deleted, but only once', () => {
    const forever: OrderCommand = { type: 'DeleteOrder', data: { reason: 'GDPR request', internalComment: 'Ticket 4711', forever: true } };
    const { state, when } = given(HISTORY.DELETED);
    const after = then(state, when(forever, staff));
    expect(after).toMatchObject({ status: 'DELETED', deletedForever: true });
    expect(refusal(() => decideOrder(forever, after, staff)).message).toBe('The order is in DELETED status.');
    expect(refusal(() => given(HISTORY.DELETED).when(SAMPLE_COMMANDS.DeleteOrder, staff)).code).toBe('orderError');
  });
});

describe('reorder', () => {
  it('creates a new draft with the source content, without dates or coupon', () => {
    const source = stateIn('JOB_CLOSED', [{ type: 'UPDATE', data: { content: { ...SUBMITTABLE_CONTENT, couponCode: 'SPRING26' } } }]);
    const command: OrderCommand = { ...SAMPLE_COMMANDS.ReorderOrder, facts: { ...SAMPLE_COMMANDS.ReorderOrder.facts, source: reorderSourceOf(source) } };
    const events = given([]).when(command, ec);
    const { couponCode: _dropped, ...kept } = { ...SUBMITTABLE_CONTENT, couponCode: 'SPRING26' };
    expect(events).toEqual([
      {
        type: 'CREATE',
        data: {
          orderId: 'order-2',
          refId: 'ON-26-BBBBBB',
          customer: CUSTOMER,
          creationType: 'QUOTE_REQUEST',
          content: { ...kept, timeframes: [] },
          reorderedFrom: { orderId: 'order-1', refId: 'ON-26-AAAAAA' },
        },
      },
    ]);
    expect(then(initialOrderState, events)).toMatchObject({ status: 'INCOMPLETE', order: { reorderedFrom: { orderId: 'order-1' } } });
  });

  it("refuses another company's order and a deleted one", () => {
    const facts = SAMPLE_COMMANDS.ReorderOrder.facts;
    const foreign: OrderCommand = { ...SAMPLE_COMMANDS.ReorderOrder, facts: { ...facts, source: { ...facts.source, companyId: OTHER_COMPANY } } };
    expect(refusal(() => given([]).when(foreign, ec)).code).toBe('forbidden');
    const deleted: OrderCommand = { ...SAMPLE_COMMANDS.ReorderOrder, facts: { ...facts, source: { ...facts.source, status: 'DELETED' } } };
    expect(refusal(() => given([]).when(deleted, ec)).message).toBe('The order is in DELETED status.');
  });
});

describe('orders in preparation', () => {
  it('staff prepare a quote request and convert it', () => {
    const created = given([]).when(SAMPLE_COMMANDS.CreateOrderInPreparation, staff);
    expect(created).toEqual([
      { type: 'CREATE_IN_PREPARATION', data: { orderId: 'order-2', refId: 'ON-26-BBBBBB', customer: CUSTOMER, content: SUBMITTABLE_CONTENT } },
    ]);
    const { state, when } = given(created);
    expect(existing(state).order).toMatchObject({ creationType: 'QUOTE_REQUEST', type: 'quote' });
    const events = when(SAMPLE_COMMANDS.ConvertPreparedOrder, staff);
    expect(events).toEqual([{ type: 'CONVERT', data: { shortNotice: null } }]);
    expect(then(state, events).status).toBe('REQUESTED_QUOTE');
  });

  it('a prepared order is converted only when it could be submitted', () => {
    const incomplete: OrderCommand = { type: 'UpdateOrderInPreparation', data: { content: { ...SUBMITTABLE_CONTENT, services: [] } } };
    const { state } = given(HISTORY.IN_PREPARATION);
    const updated = then(state, decideOrder(incomplete, state, staff));
    expect(refusal(() => decideOrder(SAMPLE_COMMANDS.ConvertPreparedOrder, updated, staff)).details).toEqual([
      expect.objectContaining({ path: 'services', code: 'required' }),
    ]);
  });

  it('the customer company must be the one resolved by the api', () => {
    const command: OrderCommand = {
      ...SAMPLE_COMMANDS.CreateOrderInPreparation,
      data: { ...SAMPLE_COMMANDS.CreateOrderInPreparation.data, companyId: OTHER_COMPANY },
    };
    expect(refusal(() => given([]).when(command, staff)).details).toEqual([expect.objectContaining({ path: 'companyId', code: 'customer_mismatch' })]);
  });

  it('customers do not see an order the provider is still preparing', () => {
    expect(refusal(() => given(HISTORY.IN_PREPARATION).when(SAMPLE_COMMANDS.AddComment, ec)).code).toBe('not_found');
  });
});

describe('jobs', () => {
  it('preparing a job creates a job specification under a new job id', () => {
    const { state, when } = given(HISTORY.ORDER_SUBMITTED);
    const events = when({ type: 'PrepareJob', data: { notes: 'Forklift on site' } }, staff);
    expect(events).toEqual([{ type: 'CREATE_JOB_SPECIFICATION', data: { jobId: 'id-1', notes: 'Forklift on site' } }]);
    expect(existing(then(state, events))).toMatchObject({ status: 'JOB_IN_PLANNING', order: { job: { jobId: 'id-1', status: 'CREATED', team: [] } } });
  });

  it('follows the planning tool through the job statuses', () => {
    const history = [...HISTORY.JOB_IN_PLANNING, ev.jobPlanned(), ev.jobStarted(), ev.jobCompleted(), ev.jobClosed()];
    expect(existing(foldOrder(history)).order.job).toEqual({ jobId: 'job-1', status: 'CLOSED', team: [{ id: 'tech-1', name: 'Max Huber' }] });
  });

  it('refuses reports about another job', () => {
    expect(refusal(() => given(HISTORY.JOB_PLANNED).when({ type: 'RecordJobStarted', data: { jobId: 'job-9' } }, staff)).code).toBe('unknown_job');
  });
});

describe('feedback', () => {
  it('is saved while the job is planned or completed', () => {
    const { state, when } = given(HISTORY.JOB_COMPLETED);
    const feedbacks = [
      { type: 'JOB_RATING' as const, rating: 2, comment: 'Late arrival' },
      { type: 'IMPROVEMENT_IDEAS' as const, comment: 'Call ahead' },
    ];
    const events = when({ type: 'SaveFeedback', data: { feedbacks } }, ec);
    expect(events).toEqual([{ type: 'FEEDBACK_SAVED', data: { feedbacks } }]);
    expect(existing(then(state, events)).order.feedback).toEqual(feedbacks);
  });

  it('a low rating needs a comment', () => {
    const error = refusal(() => given(HISTORY.JOB_PLANNED).when({ type: 'SaveFeedback', data: { feedbacks: [{ type: 'JOB_RATING', rating: 1 }] } }, ec));
    expect(error.details).toEqual([expect.objectContaining({ path: 'feedbacks.0.comment', code: 'required' })]);
  });
});

describe('staff housekeeping', () => {
  it('supervisors are added and removed once', () => {
    const { state, when } = given(HISTORY.ORDER_SUBMITTED);
    const added = then(state, when({ type: 'AddSupervisor', data: { userId: 'supervisor-1' } }, staff));
    expect(existing(added).order.supervisorUserIds).toEqual(['supervisor-1']);
    expect(decideOrder({ type: 'AddSupervisor', data: { userId: 'supervisor-1' } }, added, staff)).toEqual([]);
    const removed = then(added, decideOrder(SAMPLE_COMMANDS.RemoveSupervisor, added, staff));
    expect(existing(removed).order.supervisorUserIds).toEqual([]);
    expect(decideOrder(SAMPLE_COMMANDS.RemoveSupervisor, removed, staff)).toEqual([]);
  });

  it('changing to the same owner changes nothing', () => {
    const { state, when } = given(HISTORY.OFFERED);
    const owned = then(state, when(SAMPLE_COMMANDS.ChangeOwner, staff));
    expect(existing(owned).order.ownerUserId).toBe('staff-ben');
    expect(decideOrder(SAMPLE_COMMANDS.ChangeOwner, owned, staff)).toEqual([]);
  });

  it('financial information is checked and stored', () => {
    const { state, when } = given(HISTORY.OFFERED);
    expect(existing(then(state, when(SAMPLE_COMMANDS.UpdateFinancialInfo, staff))).order.financialInfo).toEqual(
      SAMPLE_COMMANDS.UpdateFinancialInfo.data.financialInfo,
    );
    const invalid: OrderCommand = {
      type: 'UpdateFinancialInfo',
      data: {
        financialInfo: { expectedRevenue: { amount: 12.5, currency: 'EUR' }, probability: 140, relevantForForecast: false, estimatedReleaseDate: '1.7.2026' },
      },
    };
    expect(refusal(() => when(invalid, staff)).details.map((detail) => detail.code)).toEqual(['invalid_amount', 'invalid_probability', 'invalid_date']);
  });
});

describe('comments, files and the local contact', () => {
  it('customers write external comments, staff also internal ones', () => {
    expect(given(HISTORY.OFFERED).when(SAMPLE_COMMANDS.AddComment, ec)).toEqual([{ type: 'COMMENT', data: { externalComment: 'Gate 3 is open from 7:00.' } }]);
    expect(given(HISTORY.OFFERED).when({ type: 'AddComment', data: { internalComment: 'Call back Monday' } }, staff)).toHaveLength(1);
    expect(refusal(() => given(HISTORY.OFFERED).when({ type: 'AddComment', data: { internalComment: 'x' } }, ec)).code).toBe('forbidden');
    expect(refusal(() => given(HISTORY.OFFERED).when({ type: 'AddComment', data: { externalComment: ' ' } }, ec)).code).toBe('validation_error');
  });

  it('removes attached files while the content is editable, and ignores unknown paths', () => {
    const { state, when } = given(HISTORY.INCOMPLETE);
    const events = when({ type: 'RemoveFiles', data: { paths: [SITE_PHOTO.path, 'orders/unknown.pdf'] } }, ec);
    expect(events).toEqual([{ type: 'FILE_REMOVED', data: { paths: [SITE_PHOTO.path] } }]);
    expect(existing(then(state, events)).order.content.additionalInformation.files).toEqual([]);
    expect(when({ type: 'RemoveFiles', data: { paths: ['orders/unknown.pdf'] } }, ec)).toEqual([]);
    expect(refusal(() => given(HISTORY.OFFERED).when(SAMPLE_COMMANDS.RemoveFiles, ec)).code).toBe('change_not_requested');
  });

  it('updates the local customer contact', () => {
    const { state, when } = given(HISTORY.JOB_PLANNED);
    const after = then(state, when(SAMPLE_COMMANDS.UpdateLocalContact, ec));
    expect(existing(after).order.content.contacts.localCustomerContact).toEqual({ name: 'Tom Weber', phone: '+4989123456' });
  });
});

describe('evolve', () => {
  it('ignores events of an order that was never created', () => {
    expect(foldOrder([ev.quoteRequested(), ev.offerMade()])).toEqual(initialOrderState);
  });

  it('a QUOTATION_ONLY user of the customer can still request a quote', () => {
    const quotationOnly = contextOf(customerUser('EC', 'QUOTATION_ONLY'));
    expect(
      given([ev.created()])
        .when(SAMPLE_COMMANDS.SubmitOrder, quotationOnly)
        .map((event) => event.type),
    ).toEqual(['GET_QUOTE']);
  });
});

describe('mayIssue: what the console offers is what decide accepts', () => {
  const actorOf = (type: 'EC' | 'OEM' | 'BL', role: string) => ({ userId: 'u', type, role, companyId: 'c', country: 'de' }) as never;
  it('lets ordering roles cancel a submitted order and everyone who may request quotes cancel a request', () => {
    expect(mayIssue('CancelOrder', actorOf('EC', 'ADMIN'), 'ORDER_SUBMITTED')).toBe(true);
    expect(mayIssue('CancelOrder', actorOf('EC', 'QUOTATION_ONLY'), 'ORDER_SUBMITTED')).toBe(false);
    expect(mayIssue('CancelOrder', actorOf('EC', 'QUOTATION_ONLY'), 'REQUESTED_QUOTE')).toBe(true);
    expect(mayIssue('CancelOrder', actorOf('EC', 'ADMIN'), 'JOB_PLANNED')).toBe(false);
    expect(mayIssue('CancelOrder', actorOf('BL', 'ADMIN'), 'REQUESTED_QUOTE')).toBe(false);
  });
  it('lets staff and ordering roles edit the PO only while the order is submitted', () => {
    expect(mayIssue('UpdatePurchaseOrder', actorOf('BL', 'PLANNER'), 'ORDER_SUBMITTED')).toBe(true);
    expect(mayIssue('UpdatePurchaseOrder', actorOf('EC', 'PLANNER'), 'ORDER_SUBMITTED')).toBe(true);
    expect(mayIssue('UpdatePurchaseOrder', actorOf('EC', 'QUOTATION_ONLY'), 'ORDER_SUBMITTED')).toBe(false);
    expect(mayIssue('UpdatePurchaseOrder', actorOf('EC', 'ADMIN'), 'JOB_IN_PLANNING')).toBe(false);
  });
});
