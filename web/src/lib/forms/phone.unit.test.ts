import { isValidPhone, phoneCountry, toE164 } from './phone';

describe('phone handling', () => {
  it('maps uk to gb and defaults to de', () => {
    expect(phoneCountry('uk')).toBe('GB');
    expect(phoneCountry(undefined)).toBe('DE');
    expect(phoneCountry('xx')).toBe('DE');
    expect(phoneCountry('ch')).toBe('CH');
  });
  it('is valid when empty or a valid number', () => {
    expect(isValidPhone('')).toBe(true);
    expect(isValidPhone('+49 151 12345678')).toBe(true);
    expect(isValidPhone('+49 12')).toBe(false);
    expect(isValidPhone('020 7946 0018', 'GB')).toBe(true);
  });
  it('gives E.164', () => {
    expect(toE164('020 7946 0018', 'GB')).toBe('+442079460018');
    expect(toE164('nonsense', 'GB')).toBeNull();
  });
});
