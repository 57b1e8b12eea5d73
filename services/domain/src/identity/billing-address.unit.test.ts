import { billingAddressField, GSTIN_MESSAGE, isGstin, REQUIRED } from './rules.js';

const address = (overrides: Record<string, string> = {}) => ({
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'accounts@example.in',
  department: 'Accounts',
  addressLine1: '12 MG Road',
  addressCity: 'Pune',
  addressPostCode: '411001',
  addressState: 'Maharashtra',
  addressCountry: 'in',
  taxNumber: '27AAPFU0939F1ZV',
  ...overrides,
});

describe('billing address rules', () => {
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

describe('billing address problems are said all at once', () => {
  it('names the missing state and the GST number beside a bad invoice e-mail, not after it is fixed', () => {
    const result = billingAddressField.safeParse({ ...address({ taxNumber: '12345', invoiceEmail: 'invoices at example.in' }), addressState: '' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]).sort()).toEqual([
      ['addressState', REQUIRED],
      ['invoiceEmail', 'Please enter a valid e-mail address.'],
      ['taxNumber', GSTIN_MESSAGE],
    ]);
  });

  it('takes an empty invoice e-mail and accounting phone as not given, and says what is wrong with bad ones', () => {
    expect(billingAddressField.parse(address({ invoiceEmail: '', accountingPhoneNumber: '' }))).toMatchObject({
      invoiceEmail: undefined,
      accountingPhoneNumber: undefined,
    });
    expect(billingAddressField.parse(address({ invoiceEmail: ' AP@Example.in ', accountingPhoneNumber: '+91 22 2345 6789' }))).toMatchObject({
      invoiceEmail: 'ap@example.in',
      accountingPhoneNumber: '+912223456789',
    });
    const bad = billingAddressField.safeParse(address({ accountingPhoneNumber: '12' }));
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['accountingPhoneNumber'], message: expect.stringContaining('Enter a valid phone number') }),
    ]);
  });
});
