import { passwordStrength } from './password';

describe('password strength', () => {
  it('requires a value, 8 characters, a letter and a digit', () => {
    expect(passwordStrength('').error).toBe('validation.required');
    expect(passwordStrength('abc1').error).toBe('password.tooShort');
    expect(passwordStrength('abcdefgh').error).toBe('password.tooWeak');
    expect(passwordStrength('12345678').error).toBe('password.tooWeak');
    expect(passwordStrength('abcdefg1')).toMatchObject({ acceptable: true, strong: false, error: null });
  });
  it('is strong only with upper, lower, digit and symbol', () => {
    expect(passwordStrength('Abcdefg1').strong).toBe(false);
    expect(passwordStrength('Abcdef1!')).toMatchObject({ strong: true, score: 4 });
  });
});
