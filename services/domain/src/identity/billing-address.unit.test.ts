import { billingAddressField, GSTIN_MESSAGE, isGstin, REQUIRED } from './rules.js';

const address = (overrides: Record<string, string> = {}) => ({
  firstName: 'Asha', lastName: 'Rao', email: 'accounts@example.in', department: 'Accounts', addressLine1: '12 MG Road',
  addressCity: 'Pune', addressPostCode: '411001', addressState: 'Maharashtra', addressCountry: 'in', taxNumber: '27AAPFU0939F1ZV', ...overrides,
});

describe('billing address rules (spec section 5)', () => {
  it('accepts a valid GSTIN for India, in any case', () => {
    expect(isGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isGstin('27aapfu0939f1zv')).toBe(true);
    expect(billingAddressField.safeParse(address()).success).toBe(true);
  });

  it.each(['12345', '99AAPFU0939F1ZV', '27AAPFU0939F1XV', '27AAPFU0939F0ZV'])('refuses %s as an Indian tax number with the GST message', (taxNumber) => {
    const result = billingAddressField.safeParse(address({ taxNumber }));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['taxNumber'], message: GSTIN_MESSAGE })]);
  });

  it('leaves other countries their own tax numbers', () => {
    expect(billingAddressField.safeParse(address({ addressCountry: 'de', taxNumber: 'DE123456789' })).success).toBe(true);
  });

  it('needs a state except in the UK', () => {
    const withoutState = { ...address({ addressCountry: 'de', taxNumber: 'DE1' }), addressState: undefined };
    expect(billingAddressField.safeParse(withoutState).error?.issues).toEqual([expect.objectContaining({ path: ['addressState'], message: REQUIRED })]);
    expect(billingAddressField.safeParse({ ...withoutState, addressCountry: 'uk' }).success).toBe(true);
  });
});
