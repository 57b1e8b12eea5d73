import { supportContactFor, supportContactsFor } from './support-contacts.js';

describe('support contacts', () => {
  it('finds the group of a country, EMEA for others', () => {
    expect(supportContactFor('ie').group).toBe('ukIe');
    expect(supportContactFor('at').group).toBe('dach');
    expect(supportContactFor('zz').group).toBe('emea');
  });
  it('lists each group of several countries once, in table order', () => {
    expect(supportContactsFor(['de', 'uk', 'at', 'ie']).map((c) => c.group)).toEqual(['ukIe', 'dach']);
  });
});
