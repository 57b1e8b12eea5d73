import { detailsToErrors, translateFieldError, unplacedDetails } from './forms';

const toField = (path: string) => ({ 'location.city': 'city', 'location.postCode': 'postCode' })[path] ?? null;

describe('server validation details', () => {
  const details = [
    { path: 'location.city', code: 'too_small', message: 'Too short' },
    { path: 'location.postCode', code: 'no_such_code', message: 'Postcode unknown in this country' },
    { path: 'content', code: 'invalid_type', message: 'Invalid input: expected object, received undefined' },
  ];

  it('go under the field their path names, translated by code when we know it, else as the server said', () => {
    const errors = detailsToErrors(details, toField);
    expect(translateFieldError(errors.city)).toBe('This value is too small or too short.');
    expect(translateFieldError(errors.postCode)).toBe('Postcode unknown in this country');
    expect(Object.keys(errors)).toEqual(['city', 'postCode']);
  });

  it('that no field shows are listed for the form, with their path', () => {
    expect(unplacedDetails(details, toField)).toEqual(['Please check this value. (content)']);
  });
});
