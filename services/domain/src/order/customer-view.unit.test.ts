import { customerMaySee, isOrderEvent, ORDER_EVENT_TYPES, orderForCustomer, visibleToCustomer, withoutInternalComment } from './customer-view.js';
import { ev, SAMPLE_COMMANDS, stateIn } from './test-support/order-fixtures.js';

describe('what customers see', () => {
  it('an offer without its internal comment', () => {
    const offer = ev.offerMade();
    const visible = visibleToCustomer(offer);
    expect(visible?.data).not.toHaveProperty('internalComment');
    expect(visible).toMatchObject({ type: 'OFFER', data: { offerId: 'offer-1', expiresAt: offer.type === 'OFFER' ? offer.data.expiresAt : '' } });
  });

  it('a decline with only its external comment', () => {
    expect(visibleToCustomer(ev.declined())).toEqual({ type: 'DECLINE', data: { externalComment: 'We cannot serve this region.' } });
  });

  it('nothing of deletions, owner changes, financial information or purely internal comments', () => {
    expect(visibleToCustomer(ev.deleted())).toBeNull();
    expect(visibleToCustomer({ type: 'CHANGE_OWNER', data: { ownerUserId: 'staff-ben' } })).toBeNull();
    expect(visibleToCustomer({ type: 'FINANCIAL_INFO_UPDATED', data: SAMPLE_COMMANDS.UpdateFinancialInfo.data })).toBeNull();
    expect(visibleToCustomer({ type: 'COMMENT', data: { internalComment: 'Difficult customer' } })).toBeNull();
    expect(visibleToCustomer({ type: 'COMMENT', data: { externalComment: 'See you Monday', internalComment: 'x' } })).toEqual({
      type: 'COMMENT',
      data: { externalComment: 'See you Monday' },
    });
  });

  it('the order without financial information, owner and internal offer comments', () => {
    const { order } = stateIn('OFFERED', [
      { type: 'FINANCIAL_INFO_UPDATED', data: SAMPLE_COMMANDS.UpdateFinancialInfo.data },
      { type: 'CHANGE_OWNER', data: { ownerUserId: 'staff-ben' } },
    ]);
    const view = orderForCustomer(order);
    expect(order.financialInfo).toBeDefined();
    expect(order.ownerUserId).toBe('staff-ben');
    expect(view.financialInfo).toBeNull();
    expect(view.ownerUserId).toBeNull();
    expect(view.offers[0]).not.toHaveProperty('internalComment');
    expect(view.offers[0]).toMatchObject({ offerId: 'offer-1', outcome: 'open' });
  });

  it('the same rule for rows of an events table: staff-only types and purely internal comments hidden, the rest without internal comments', () => {
    expect(customerMaySee('DELETE', {})).toBe(false);
    expect(customerMaySee('FINANCIAL_INFO_UPDATED', {})).toBe(false);
    expect(customerMaySee('COMMENT', { internalComment: 'x' })).toBe(false);
    expect(customerMaySee('COMMENT', { externalComment: 'See you Monday' })).toBe(true);
    expect(customerMaySee('OFFER', {})).toBe(true);
    expect(withoutInternalComment({ event: 'DECLINE', externalComment: 'Not our region', internalComment: 'No capacity' })).toEqual({
      event: 'DECLINE',
      externalComment: 'Not our region',
    });
  });

  it('recognises order events in the global log', () => {
    expect(ORDER_EVENT_TYPES).toContain('GET_QUOTE');
    expect(isOrderEvent({ type: 'ACCEPT_OFFER', data: {} })).toBe(true);
    expect(isOrderEvent({ type: 'USER_CREATED', data: {} })).toBe(false);
    expect(isOrderEvent({ type: 'toString', data: {} })).toBe(false);
  });
});
