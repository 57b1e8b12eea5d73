import { REJECTION_REASONS } from '../types.js';
import { rejectionProblems, rejectionReasonsFor } from './rejection.js';

describe('rejection reasons', () => {
  it('offers six reasons, five for a quote request', () => {
    expect(rejectionReasonsFor('OFFERED')).toEqual(REJECTION_REASONS);
    expect(rejectionReasonsFor('ORDER_SUBMITTED')).toHaveLength(6);
    expect(rejectionReasonsFor('REQUESTED_QUOTE')).not.toContain('SOMEONE_ELSE');
    expect(rejectionReasonsFor('REQUESTED_QUOTE')).toHaveLength(5);
  });

  it('needs at least one reason', () => {
    expect(rejectionProblems('OFFERED', [], undefined).map((detail) => detail.code)).toEqual(['required']);
  });

  it('needs a non-blank comment for OTHER', () => {
    expect(rejectionProblems('OFFERED', ['OTHER'], '   ').map((detail) => [detail.path, detail.code])).toEqual([['comment', 'required']]);
    expect(rejectionProblems('OFFERED', ['OTHER'], 'Project postponed')).toEqual([]);
  });

  it('refuses a reason not offered in the status, and duplicates', () => {
    expect(rejectionProblems('REQUESTED_QUOTE', ['SOMEONE_ELSE'], undefined).map((detail) => detail.code)).toEqual(['reason_not_allowed']);
    expect(rejectionProblems('OFFERED', ['PRICE_TOO_HIGH', 'PRICE_TOO_HIGH'], undefined).map((detail) => detail.code)).toEqual(['duplicate_reason']);
  });
});
