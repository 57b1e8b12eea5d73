import type { Actor } from './actor.js';
import { canSeeDashboard, canUse } from './policy.js';
import { assertAntiRobotPassed, isStrongPassword, passwordRuleProblem } from './rules.js';
import { decideUser, evolveUser, initialUserState, type UserCommand, type UserEvent, type UserState } from './user.js';

const staff: Actor = { userId: 'bl1', type: 'BL', role: 'SALES', companyId: 'bl', country: 'de' };
const ecAdmin: Actor = { userId: 'a1', type: 'EC', role: 'ADMIN', companyId: 'c1', country: 'uk' };
const ecPlanner: Actor = { userId: 'p1', type: 'EC', role: 'PLANNER', companyId: 'c1', country: 'uk' };
const stranger: Actor = { userId: 'x1', type: 'EC', role: 'ADMIN', companyId: 'c2', country: 'uk' };
const ctx = (actor: Actor) => ({ actor, now: '2026-01-01T00:00:00.000Z', newId: () => 'id' });

const created: UserEvent = {
  type: 'USER_CREATED',
  data: {
    userId: 'u1',
    companyId: 'c1',
    email: 'u@x.test',
    firstName: 'U',
    lastName: 'One',
    type: 'EC',
    role: 'PLANNER',
    country: 'uk',
    language: 'en',
    status: 'INVITED',
  },
};
const given = (...events: UserEvent[]): UserState => events.reduce(evolveUser, initialUserState);
const when = (state: UserState, command: UserCommand, actor: Actor) => () => decideUser(command, state, ctx(actor));
const facts = { otherActiveAdmins: 1, otherUsers: 3, isResponsiblePerson: false };

describe('user decider', () => {
  it('activates an invited user on the first password and re-activates a deleted one', () => {
    const invited = given(created);
    const [set] = decideUser({ type: 'SetPassword', data: { userId: 'u1', via: 'invitation' } }, invited, ctx(ecPlanner));
    expect(given(created, set!).status).toBe('ACTIVE');
    expect(when(given(created, set!), { type: 'SetPassword', data: { userId: 'u1', via: 'invitation' } }, ecPlanner)).toThrow(
      expect.objectContaining({ code: 'invalid_token' }),
    );
    const deleted = given(created, set!, { type: 'USER_DELETED', data: { userId: 'u1', archived: false } });
    expect(deleted.status).toBe('DELETED');
    expect(decideUser({ type: 'ActivateUser' }, deleted, ctx(ecAdmin))).toEqual([{ type: 'USER_ACTIVATED', data: { userId: 'u1' } }]);
  });

  it('needs a verified e-mail for self-registered users: CREATED until EMAIL_VERIFIED', () => {
    const self = given({ ...created, data: { ...created.data, status: 'CREATED', selfRegistered: true } } as UserEvent);
    expect(self.status === 'none' ? null : self.emailVerified).toBe(false);
    expect(
      given({ ...created, data: { ...created.data, status: 'CREATED', selfRegistered: true } } as UserEvent, { type: 'EMAIL_VERIFIED', data: { userId: 'u1' } })
        .status,
    ).toBe('ACTIVE');
  });

  it('keeps user management to staff and the own company admin; other tenants do not learn the user exists', () => {
    const state = given(created);
    expect(when(state, { type: 'SetTags', tags: ['a'] }, ecPlanner)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(when(state, { type: 'SetTags', tags: ['a'] }, stranger)).toThrow(expect.objectContaining({ code: 'user_not_found' }));
    expect(decideUser({ type: 'SetTags', tags: [' b', 'a', 'a'] }, state, ctx(ecAdmin))).toEqual([
      { type: 'USER_TAGS_SET', data: { userId: 'u1', tags: ['a', 'b'] } },
    ]);
    expect(decideUser({ type: 'SetTags', tags: ['x'] }, state, ctx(staff))).toHaveLength(1);
  });

  it('applies the delete rules: last active admin, responsible person, archive needs another user', () => {
    const admin = given({ ...created, data: { ...created.data, role: 'ADMIN', status: 'ACTIVE' } } as UserEvent);
    expect(when(admin, { type: 'DeleteUser', archive: false, facts: { ...facts, otherActiveAdmins: 0 } }, staff)).toThrow(
      expect.objectContaining({ code: 'last_company_admin' }),
    );
    const planner = given(created);
    expect(when(planner, { type: 'DeleteUser', archive: false, facts: { ...facts, isResponsiblePerson: true } }, staff)).toThrow(
      expect.objectContaining({ code: 'last_responsible_user' }),
    );
    expect(when(planner, { type: 'DeleteUser', archive: true, newResponsibleUserId: 'u2', facts: { ...facts, otherUsers: 0 } }, staff)).toThrow(
      expect.objectContaining({ code: 'removeError' }),
    );
    expect(
      decideUser({ type: 'DeleteUser', archive: true, newResponsibleUserId: 'u2', facts: { ...facts, isResponsiblePerson: true } }, planner, ctx(ecAdmin)),
    ).toEqual([{ type: 'USER_DELETED', data: { userId: 'u1', archived: true, newResponsibleUserId: 'u2' } }]);
  });

  it('enforces the role rules', () => {
    const oem = given({ ...created, data: { ...created.data, type: 'OEM', companyId: 'c1' } } as UserEvent);
    expect(decideUser({ type: 'UpdateUser', changes: { role: 'MANAGEMENT' } }, oem, ctx(ecAdmin))[0]).toMatchObject({
      data: { changes: { role: 'MANAGEMENT', hasKibanaAccess: true } },
    });
    expect(when(given(created), { type: 'UpdateUser', changes: { role: 'MANAGEMENT' } }, ecAdmin)).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
    expect(when(given(created), { type: 'UpdateUser', changes: { role: 'SUPERVISOR' } }, ecAdmin)).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ path: 'phone' })] }),
    );
    expect(when(given(created), { type: 'UpdateUser', changes: { supervisorOnly: true } }, ecAdmin)).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ code: 'invalid_role' })] }),
    );
    expect(when(oem, { type: 'UpdateUser', changes: { countriesToOrder: ['de'] } }, ecAdmin)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(decideUser({ type: 'UpdateUser', changes: { countriesToOrder: ['de'] } }, oem, ctx(staff))).toHaveLength(1);
    expect(when(given(created), { type: 'UpdateUser', changes: { firstName: 'Me' } }, { ...ecPlanner, userId: 'u1' })).not.toThrow();
    expect(when(given(created), { type: 'UpdateUser', changes: { role: 'ADMIN' } }, { ...ecPlanner, userId: 'u1' })).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
  });

  it('records each agreement once and lets only staff reset consents', () => {
    const state = given(created, { type: 'AGREEMENT_ACCEPTED', data: { userId: 'u1', agreement: 'EULA' } });
    expect(decideUser({ type: 'AcceptAgreements', agreements: ['EULA', 'PRIVACY_POLICY'] }, state, ctx({ ...ecPlanner, userId: 'u1' }))).toEqual([
      { type: 'AGREEMENT_ACCEPTED', data: { userId: 'u1', agreement: 'PRIVACY_POLICY' } },
    ]);
    expect(when(state, { type: 'ResetConsents' }, ecAdmin)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(decideUser({ type: 'ResetConsents' }, state, ctx(staff))).toEqual([{ type: 'CONSENTS_RESET', data: { userId: 'u1' } }]);
  });

  it("accepts a newer version of an agreement's document again, and the same version once (D206)", () => {
    const me = ctx({ ...ecPlanner, userId: 'u1' });
    const state = given(created, { type: 'AGREEMENT_ACCEPTED', data: { userId: 'u1', agreement: 'PRIVACY_POLICY', version: 1 } });
    const accept = (versions: { EULA?: number; PRIVACY_POLICY?: number }) =>
      decideUser({ type: 'AcceptAgreements', agreements: ['PRIVACY_POLICY'], versions }, state, me);
    expect(accept({ PRIVACY_POLICY: 1 })).toEqual([]);
    expect(accept({ PRIVACY_POLICY: 2 })).toEqual([{ type: 'AGREEMENT_ACCEPTED', data: { userId: 'u1', agreement: 'PRIVACY_POLICY', version: 2 } }]);
    // An acceptance from before versioned documents counts as version 0.
    const legacy = given(created, { type: 'AGREEMENT_ACCEPTED', data: { userId: 'u1', agreement: 'EULA' } });
    expect(decideUser({ type: 'AcceptAgreements', agreements: ['EULA'], versions: { EULA: 1 } }, legacy, me)).toEqual([
      { type: 'AGREEMENT_ACCEPTED', data: { userId: 'u1', agreement: 'EULA', version: 1 } },
    ]);
  });
});

describe('identity rules and policy', () => {
  it('checks the password rule and the strength rule', () => {
    expect(passwordRuleProblem('abc1')).toMatch(/Minimum length/);
    expect(passwordRuleProblem('abcdefgh')).toMatch(/letter and one number/);
    expect(passwordRuleProblem('abcdefg1')).toBeNull();
    expect(isStrongPassword('abcdefg1')).toBe(false);
    expect(isStrongPassword('Abcdefg1!')).toBe(true);
  });

  it("fails the anti-robot check when ticked, too fast by the server's clock, without start or without a verified challenge", () => {
    expect(() => assertAntiRobotPassed({ checked: false, startedAt: 1 }, 1_000, 6_000)).not.toThrow();
    const refused = [
      [{ checked: true, startedAt: 1 }, 1_000, 10_000],
      [{ checked: false, startedAt: 1 }, 1_000, 5_999],
      [{ checked: false, startedAt: 0 }, 1_000, 10_000],
      [{ checked: false, startedAt: 1 }, null, 10_000],
    ] as const;
    for (const [check, issuedAt, now] of refused) {
      expect(() => assertAntiRobotPassed(check, issuedAt, now)).toThrow(
        expect.objectContaining({ code: 'anti_spam_failed', message: 'Anti-spam check failed' }),
      );
    }
  });

  it('follows the shell rules', () => {
    expect(canUse('userManagement', { type: 'EC', role: 'PLANNER' })).toBe(false);
    expect(canUse('userManagement', { type: 'BL', role: 'SUPERVISOR' })).toBe(true);
    expect(canUse('help', { type: 'OEM', role: 'MANAGEMENT' })).toBe(false);
    expect(canUse('companies', { type: 'OEM', role: 'ADMIN' })).toBe(false);
    expect(canSeeDashboard({ type: 'EC', role: 'ADMIN', hasKibanaAccess: true })).toBe(true);
    expect(canSeeDashboard({ type: 'OEM', role: 'MANAGEMENT', hasKibanaAccess: false })).toBe(true);
  });
});
