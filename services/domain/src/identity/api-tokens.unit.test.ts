import type { Actor } from './actor.js';
import type { ApiTokenUserFact } from './api-tokens.js';
import { apiTokenDecider, canManageApiTokens, scopeAllows, type ApiTokenCommand, type ApiTokenState } from './api-tokens.js';

const NOW = '2026-12-03T10:00:00.000Z';
const actor = (type: Actor['type'], role: Actor['role'], companyId = 'c1', extra: Partial<Actor> = {}): Actor =>
  ({ userId: 'u1', companyId, type, role, country: 'de', ...extra }) as Actor;
const ctx = (a: Actor) => ({ actor: a, now: NOW, newId: () => 'x' });
const create = (
  expiresAt = '2027-03-01T00:00:00Z',
  user: ApiTokenUserFact = { userId: 'u2', type: 'EC', role: 'PLANNER', companyId: 'c1', active: true },
): ApiTokenCommand => ({
  type: 'CreateApiToken',
  data: { id: 't1', name: 'ERP', scope: 'orders:read', expiresAt, secretHash: 'ab' },
  facts: { user },
});
const created = (): ApiTokenState =>
  apiTokenDecider.decide(create(), apiTokenDecider.initialState, ctx(actor('EC', 'ADMIN'))).reduce(apiTokenDecider.evolve, apiTokenDecider.initialState);

describe('an API token (D211)', () => {
  it('is made by a company administrator with the role of the user it acts as, and expires within a year', () => {
    const [event] = apiTokenDecider.decide(create(), apiTokenDecider.initialState, ctx(actor('EC', 'ADMIN')));
    expect(event).toEqual({
      type: 'API_TOKEN_CREATED',
      data: { token: expect.objectContaining({ companyId: 'c1', userId: 'u2', userType: 'EC', role: 'PLANNER', expiresAt: '2027-03-01T00:00:00.000Z' }) },
    });
    for (const expiresAt of ['2026-12-03T09:00:00Z', '2028-01-01T00:00:00Z']) {
      expect(() => apiTokenDecider.decide(create(expiresAt), apiTokenDecider.initialState, ctx(actor('EC', 'ADMIN')))).toThrow(
        expect.objectContaining({ code: 'validation_error' }),
      );
    }
    expect(() =>
      apiTokenDecider.decide(
        create(undefined, { userId: 'u3', type: 'EC', role: 'ADMIN', companyId: 'c1', active: false }),
        apiTokenDecider.initialState,
        ctx(actor('EC', 'ADMIN')),
      ),
    ).toThrow(expect.objectContaining({ code: 'user_not_found' }));
  });

  it('is managed by customer administrators of its company and staff administrators only, never through a token', () => {
    expect(canManageApiTokens(actor('EC', 'ADMIN'), 'c1')).toBe(true);
    expect(canManageApiTokens(actor('EC', 'ADMIN'), 'c2')).toBe(false);
    expect(canManageApiTokens(actor('OEM', 'PLANNER'), 'c1')).toBe(false);
    expect(canManageApiTokens(actor('BL', 'ADMIN', 'bl'), 'c2')).toBe(true);
    expect(canManageApiTokens(actor('BL', 'SALES', 'bl'), 'c2')).toBe(false);
    expect(canManageApiTokens(actor('EC', 'ADMIN', 'c1', { viaApiToken: { id: 't', name: 'n' } }), 'c1')).toBe(false);
    expect(() => apiTokenDecider.decide(create(), apiTokenDecider.initialState, ctx(actor('EC', 'PLANNER')))).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
  });

  it('is hidden from other companies, and revoked once', () => {
    const state = created();
    expect(apiTokenDecider.canSee!(state, actor('EC', 'ADMIN', 'c2'))).toBe(false);
    expect(apiTokenDecider.canSee!(state, actor('BL', 'ADMIN', 'bl'))).toBe(true);
    const revoked = apiTokenDecider.decide({ type: 'RevokeApiToken' }, state, ctx(actor('EC', 'ADMIN')));
    expect(revoked).toEqual([{ type: 'API_TOKEN_REVOKED', data: { id: 't1' } }]);
    const after = revoked.reduce(apiTokenDecider.evolve, state);
    expect(apiTokenDecider.decide({ type: 'RevokeApiToken' }, after, ctx(actor('EC', 'ADMIN')))).toEqual([]);
  });

  it('grants reading with the write scope, never writing with the read scope', () => {
    expect(scopeAllows('orders:write', 'orders:read')).toBe(true);
    expect(scopeAllows('orders:read', 'orders:write')).toBe(false);
  });
});
