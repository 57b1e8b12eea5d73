import type { Actor } from './actor.js';
import { decideCompany, evolveCompany, initialCompanyState, type CompanyState } from './company.js';

const staff: Actor = { userId: 'staff-1', type: 'BL', role: 'ADMIN', companyId: 'bl-1', country: 'de' };
const admin: Actor = { userId: 'admin-1', type: 'EC', role: 'ADMIN', companyId: 'ec-1', country: 'de' };
const context = (actor: Actor) => ({ actor, now: '2026-01-01T00:00:00.000Z', newId: () => 'id-1' });

const tagged = (tags: string[]): CompanyState =>
  [
    { type: 'COMPANY_REGISTERED' as const, data: { companyId: 'ec-1', uid: 'EC-1', name: 'Thames', type: 'EC' as const, country: 'de', completed: true } },
    { type: 'COMPANY_TAGS_SET' as const, data: { companyId: 'ec-1', tags } },
  ].reduce((state, event) => evolveCompany(state, event as Parameters<typeof evolveCompany>[1]), initialCompanyState);

describe('company tags: rename', () => {
  it('renames one tag and keeps the list sorted', () => {
    const events = decideCompany({ type: 'RenameCompanyTag', from: 'spring', to: ' autumn ' }, tagged(['fleet', 'spring']), context(staff));
    expect(events).toEqual([{ type: 'COMPANY_TAGS_SET', data: { companyId: 'ec-1', tags: ['autumn', 'fleet'] } }]);
  });

  it('merges into a tag of the same name', () => {
    const events = decideCompany({ type: 'RenameCompanyTag', from: 'spring', to: 'fleet' }, tagged(['fleet', 'spring']), context(staff));
    expect(events).toEqual([{ type: 'COMPANY_TAGS_SET', data: { companyId: 'ec-1', tags: ['fleet'] } }]);
  });

  it('records nothing when the name stays', () => {
    expect(decideCompany({ type: 'RenameCompanyTag', from: 'fleet', to: 'fleet' }, tagged(['fleet']), context(staff))).toEqual([]);
  });

  it('refuses a tag the company does not have, and customers', () => {
    expect(() => decideCompany({ type: 'RenameCompanyTag', from: 'winter', to: 'x' }, tagged(['fleet']), context(staff))).toThrow(
      expect.objectContaining({ code: 'tag_not_found' }),
    );
    expect(() => decideCompany({ type: 'RenameCompanyTag', from: 'fleet', to: 'x' }, tagged(['fleet']), context(admin))).toThrow(
      expect.objectContaining({ kind: 'forbidden' }),
    );
  });
});
