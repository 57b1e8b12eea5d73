import type { Actor } from '../identity/actor.js';
import { supportContactsDecider } from './support-contacts.js';
import { supportGroupOf } from './support-groups.js';

const ctx = (actor: Partial<Actor> = {}) => ({
  actor: { userId: 'u', type: 'BL', role: 'ADMIN', companyId: 'c', country: 'de', ...actor } as Actor,
  now: '2026-12-02T10:00:00.000Z',
  newId: () => 'id',
});

describe('support contacts', () => {
  it('puts each country in its group, and countries of no group in EMEA', () => {
    expect(supportGroupOf('ie')).toBe('ukIe');
    expect(supportGroupOf('at')).toBe('dach');
    expect(supportGroupOf('zz')).toBe('emea');
  });

  it.each([
    ['a customer admin', { type: 'EC', role: 'ADMIN' }],
    ['a staff planner', { type: 'BL', role: 'PLANNER' }],
    ['an auditor', { type: 'BL', role: 'AUDITOR' }],
  ] as const)('refuses %s', (_who, actor) => {
    expect(() =>
      supportContactsDecider.decide({ type: 'SetItSupportEmail', email: 'it@provider.test' }, supportContactsDecider.initialState, ctx(actor)),
    ).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });
});
