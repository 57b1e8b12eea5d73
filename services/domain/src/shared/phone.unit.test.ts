import { isValidInternationalPhone, toE164 } from './phone.js';

describe('phone numbers (international format, valid number)', () => {
  it.each(['+491701234567', '+49 30 123456', '+44 20 7946 0000', '+12025550123', '+41 44 668 18 00'])('accepts %s', (n) => {
    expect(isValidInternationalPhone(n)).toBe(true);
  });

  it.each(['01701234567', '+49 12', '+1 555 0000', '+447700900123', 'call me', ''])('refuses %s', (n) => {
    expect(isValidInternationalPhone(n)).toBe(false);
  });

  it('normalises to E.164', () => {
    expect(toE164(' +49 (170) 123-4567 ')).toBe('+491701234567');
    expect(toE164('0170 1234567')).toBeNull();
  });
});
