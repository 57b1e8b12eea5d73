import type { OrderCommand, OrderCommandType } from './commands.js';
import { decideOrder } from './decide.js';
import {
  acceptOfferBlocker,
  canAcceptOffer,
  canSeeOrder,
  canCreateDirectOrder,
  canOrder,
  canRequestQuote,
  canSeeInternal,
  canSeeSupervisors,
  creationTypeFor,
} from './policy.js';
import { initialOrderState } from './state.js';
import {
  contextOf,
  CUSTOMER_COMPANY,
  customerUser,
  DIRECT_ORDER_CONTENT,
  EC_ADMIN,
  ev,
  given,
  HISTORY,
  OEM_ADMIN,
  OTHER_COMPANY,
  refusal,
  SAMPLE_COMMANDS,
  STAFF,
  staffOnBehalfOf,
  stateIn,
} from './test-support/order-fixtures.js';
import { ORDER_TRANSITIONS } from './transitions.js';

const COMMAND_TYPES = Object.keys(ORDER_TRANSITIONS) as OrderCommandType[];
const OEM_SALES = customerUser('OEM', 'SALES');
const OEM_PLANNER = customerUser('OEM', 'PLANNER');
const OEM_SUPERVISOR = customerUser('OEM', 'SUPERVISOR');
const OEM_MANAGEMENT = customerUser('OEM', 'MANAGEMENT');
const EC_QUOTATION_ONLY = customerUser('EC', 'QUOTATION_ONLY');
const EC_SUPERVISOR = customerUser('EC', 'SUPERVISOR');

describe('role rules', () => {
  it('only ADMIN and PLANNER order and accept', () => {
    for (const actor of [EC_ADMIN, OEM_ADMIN, OEM_PLANNER]) expect([canOrder(actor), canAcceptOffer(actor)]).toEqual([true, true]);
    for (const actor of [OEM_SALES, OEM_SUPERVISOR, EC_QUOTATION_ONLY, EC_SUPERVISOR, STAFF]) {
      expect([canOrder(actor), canAcceptOffer(actor)]).toEqual([false, false]);
    }
  });

  it('OEM management and staff do not work on orders as customers', () => {
    expect(canRequestQuote(OEM_MANAGEMENT)).toBe(false);
    expect(canRequestQuote(STAFF)).toBe(false);
    expect([OEM_SALES, EC_SUPERVISOR, EC_QUOTATION_ONLY].map(canRequestQuote)).toEqual([true, true, true]);
  });

  it('EC users only request quotes', () => {
    expect(canCreateDirectOrder(EC_ADMIN)).toBe(false);
    expect(canCreateDirectOrder(OEM_ADMIN)).toBe(true);
    expect(creationTypeFor(EC_ADMIN, 'DIRECT_ORDER')).toBe('QUOTE_REQUEST');
    expect(creationTypeFor(OEM_ADMIN, 'DIRECT_ORDER')).toBe('DIRECT_ORDER');
  });

  it('says why the accept button is disabled', () => {
    expect(acceptOfferBlocker(OEM_SALES, true)).toBe('role_restriction');
    expect(acceptOfferBlocker(OEM_ADMIN, false)).toBe('company_profile_incomplete');
    expect(acceptOfferBlocker(OEM_ADMIN, true)).toBeNull();
  });

  it('internal information is for staff, also while acting on behalf', () => {
    expect(canSeeInternal(STAFF)).toBe(true);
    expect(canSeeInternal(staffOnBehalfOf(EC_ADMIN))).toBe(true);
    expect(canSeeInternal(OEM_ADMIN)).toBe(false);
  });

  it('the supervisor section is for OEM and staff', () => {
    expect([OEM_SALES, STAFF, EC_ADMIN].map(canSeeSupervisors)).toEqual([true, true, false]);
  });

  it('order visibility: own company, staff in their countries, staff on behalf only what that customer sees', () => {
    const order = { status: 'OFFERED' as const, companyId: CUSTOMER_COMPANY, country: 'uk' };
    expect(canSeeOrder(EC_ADMIN, order)).toBe(true);
    expect(canSeeOrder(customerUser('EC', 'ADMIN', OTHER_COMPANY), order)).toBe(false);
    expect(canSeeOrder(STAFF, order)).toBe(true);
    expect(canSeeOrder({ ...STAFF, countriesFilter: ['de', 'ch'] }, order)).toBe(false);
    expect(canSeeOrder({ ...STAFF, countriesFilter: ['uk'] }, order)).toBe(true);
    expect(canSeeOrder(staffOnBehalfOf(customerUser('OEM', 'ADMIN', OTHER_COMPANY)), order)).toBe(false);
    expect(canSeeOrder(EC_ADMIN, { ...order, status: 'IN_PREPARATION' })).toBe(false);
    expect(canSeeOrder(EC_ADMIN, { ...order, status: 'DELETED' })).toBe(false);
    expect(canSeeOrder(STAFF, { ...order, status: 'DELETED' })).toBe(true);
  });
});

describe('the decider enforces the roles', () => {
  it('SALES, QUOTATION_ONLY and SUPERVISOR cannot accept an offer', () => {
    for (const actor of [OEM_SALES, EC_QUOTATION_ONLY, OEM_SUPERVISOR]) {
      const error = refusal(() => given(HISTORY.OFFERED).when(SAMPLE_COMMANDS.AcceptOffer, contextOf(actor)));
      expect(error.code).toBe('forbidden');
    }
    expect(given(HISTORY.OFFERED).when(SAMPLE_COMMANDS.AcceptOffer, contextOf(OEM_PLANNER))).toHaveLength(1);
  });

  it('EC users cannot make a direct order: their draft becomes a quote request', () => {
    const create: OrderCommand = { ...SAMPLE_COMMANDS.CreateOrder, data: { creationType: 'DIRECT_ORDER', content: DIRECT_ORDER_CONTENT } };
    const created = given([]).when(create, contextOf(EC_ADMIN));
    expect(created[0]).toMatchObject({ type: 'CREATE', data: { creationType: 'QUOTE_REQUEST' } });
    expect(
      given(created)
        .when(SAMPLE_COMMANDS.SubmitOrder, contextOf(EC_ADMIN))
        .map((event) => event.type),
    ).toEqual(['GET_QUOTE']);
    const switched = given(created).when({ type: 'UpdateDraft', data: { content: DIRECT_ORDER_CONTENT, creationType: 'DIRECT_ORDER' } }, contextOf(EC_ADMIN));
    expect(switched).toEqual([{ type: 'UPDATE', data: { content: DIRECT_ORDER_CONTENT } }]);
  });

  it('OEM sales users request quotes but cannot order directly', () => {
    const direct: OrderCommand = { ...SAMPLE_COMMANDS.CreateOrder, data: { creationType: 'DIRECT_ORDER', content: DIRECT_ORDER_CONTENT } };
    expect(refusal(() => given([]).when(direct, contextOf(OEM_SALES))).code).toBe('forbidden');
    expect(refusal(() => given([ev.created('DIRECT_ORDER', DIRECT_ORDER_CONTENT)]).when(SAMPLE_COMMANDS.SubmitOrder, contextOf(OEM_SALES))).code).toBe(
      'forbidden',
    );
    expect(given([]).when(SAMPLE_COMMANDS.CreateOrder, contextOf(OEM_SALES))).toHaveLength(1);
  });

  it('changing, cancelling or rejecting a submitted order is for ADMIN and PLANNER', () => {
    const quotationOnly = contextOf(EC_QUOTATION_ONLY);
    for (const command of [SAMPLE_COMMANDS.CancelOrder, SAMPLE_COMMANDS.RequestChange, SAMPLE_COMMANDS.RejectOffer]) {
      expect(refusal(() => given(HISTORY.ORDER_SUBMITTED).when(command, quotationOnly)).code).toBe('forbidden');
    }
    expect(given(HISTORY.REQUESTED_QUOTE).when(SAMPLE_COMMANDS.CancelOrder, quotationOnly)).toHaveLength(1);
  });

  it('OEM management users are refused every customer command', () => {
    expect(refusal(() => given([]).when(SAMPLE_COMMANDS.CreateOrder, contextOf(OEM_MANAGEMENT))).code).toBe('forbidden');
  });

  const staffOnly = COMMAND_TYPES.filter((type) => ['staff', 'system'].includes(ORDER_TRANSITIONS[type].by));
  it.each(staffOnly)('%s is refused for customers, even ADMINs', (type) => {
    const status = [...ORDER_TRANSITIONS[type].transitions[0]!.from][0]!;
    const state = status === 'none' ? initialOrderState : stateIn(status);
    expect(refusal(() => decideOrder(SAMPLE_COMMANDS[type], state, contextOf(OEM_ADMIN))).code).toBe('forbidden');
  });

  const customerOnly = COMMAND_TYPES.filter((type) => ORDER_TRANSITIONS[type].by === 'customer');
  it.each(customerOnly)('%s needs staff to act on behalf of a customer user', (type) => {
    const status = [...ORDER_TRANSITIONS[type].transitions[0]!.from][0]!;
    const state = status === 'none' ? initialOrderState : stateIn(status);
    const error = refusal(() => decideOrder(SAMPLE_COMMANDS[type], state, contextOf(STAFF)));
    expect([error.code, error.message]).toEqual(['forbidden', 'Act on behalf of a customer user to do this.']);
  });

  it("acting on behalf, the customer user's role counts", () => {
    expect(refusal(() => given(HISTORY.OFFERED).when(SAMPLE_COMMANDS.AcceptOffer, contextOf(staffOnBehalfOf(OEM_SALES)))).code).toBe('forbidden');
    const events = given(HISTORY.OFFERED).when(SAMPLE_COMMANDS.AcceptOffer, contextOf(staffOnBehalfOf(OEM_ADMIN)));
    expect(events[0]).toMatchObject({ type: 'ACCEPT_OFFER', data: { additionalInformationRequired: true } });
    const create: OrderCommand = { ...SAMPLE_COMMANDS.CreateOrder, data: { creationType: 'DIRECT_ORDER', content: DIRECT_ORDER_CONTENT } };
    expect(given([]).when(create, contextOf(staffOnBehalfOf(EC_ADMIN)))[0]).toMatchObject({ data: { creationType: 'QUOTE_REQUEST' } });
  });

  it("another company's order is not found, before its status is revealed", () => {
    const rival = contextOf(customerUser('OEM', 'ADMIN', OTHER_COMPANY));
    for (const command of [SAMPLE_COMMANDS.AcceptOffer, SAMPLE_COMMANDS.AddComment, SAMPLE_COMMANDS.CancelOrder]) {
      const error = refusal(() => given(HISTORY.OFFERED).when(command, rival));
      expect([error.code, error.message]).toEqual(['not_found', 'Order not found.']);
    }
    expect(
      refusal(() => given(HISTORY.OFFERED).when(SAMPLE_COMMANDS.AcceptOffer, contextOf(staffOnBehalfOf(customerUser('OEM', 'ADMIN', OTHER_COMPANY))))).code,
    ).toBe('not_found');
  });

  it('customers create orders only for their own company', () => {
    expect(refusal(() => given([]).when(SAMPLE_COMMANDS.CreateOrder, contextOf(customerUser('EC', 'ADMIN', OTHER_COMPANY)))).code).toBe('forbidden');
  });

  it('staff act on any order', () => {
    expect(given(HISTORY.REQUESTED_QUOTE).when(SAMPLE_COMMANDS.MakeOffer, contextOf(STAFF))).toHaveLength(1);
  });
});
