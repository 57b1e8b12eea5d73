import { customerActionsOf, type CustomerActionFacts } from './action-required.js';

const order = (facts: Partial<CustomerActionFacts>): CustomerActionFacts => ({
  status: 'REQUESTED_QUOTE',
  openOfferId: null,
  po: null,
  feedback: [],
  hasChanges: false,
  ...facts,
});

describe('what an order waits for from its customer', () => {
  it('an open offer to decide on, unless a change is under way', () => {
    expect(customerActionsOf(order({ status: 'OFFERED', openOfferId: 'f1' }))).toEqual(['DECIDE_ON_OFFER']);
    expect(customerActionsOf(order({ status: 'OFFERED', openOfferId: 'f1', hasChanges: true }))).toEqual(['FINISH_CHANGE']);
  });
  it("a PO number still '-' while it can be changed", () => {
    expect(customerActionsOf(order({ status: 'ORDER_SUBMITTED', po: { number: ' - ' } }))).toEqual(['ADD_PO_NUMBER']);
    expect(customerActionsOf(order({ status: 'ORDER_SUBMITTED', po: { number: 'PO-4711' } }))).toEqual([]);
    expect(customerActionsOf(order({ status: 'JOB_PLANNED', po: { number: '-' } }))).toEqual([]);
  });
  it('feedback on a completed job not yet rated', () => {
    expect(customerActionsOf(order({ status: 'JOB_COMPLETED' }))).toEqual(['GIVE_FEEDBACK']);
    expect(customerActionsOf(order({ status: 'JOB_COMPLETED', feedback: [{ type: 'JOB_RATING', rating: 5 }] }))).toEqual([]);
  });
  it('a draft to finish; nothing for orders in the provider’s hands', () => {
    expect(customerActionsOf(order({ status: 'INCOMPLETE' }))).toEqual(['FINISH_DRAFT']);
    for (const status of ['REQUESTED_QUOTE', 'JOB_IN_PLANNING', 'CLOSED', 'DECLINED', 'CANCELED'] as const)
      expect(customerActionsOf(order({ status }))).toEqual([]);
  });
});
