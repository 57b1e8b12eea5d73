import type { Actor } from '../identity/actor.js';
import { DomainError } from '../shared/errors.js';
import { couponDecider, CouponInputSchema, type CouponCommand, type CouponEvent, type CouponState } from './coupon-management.js';

const actor = (role: Actor['role'], type: Actor['type'] = 'BL'): Actor => ({ userId: 'u1', companyId: 'c1', type, role, country: 'de' }) as Actor;
const ctx = (role: Actor['role'], type: Actor['type'] = 'BL') => ({ actor: actor(role, type), now: '2026-12-02T10:00:00Z' }) as never;
const input = (raw: Record<string, unknown>) => CouponInputSchema.parse(raw);

function run(commands: CouponCommand[], role: Actor['role'] = 'SALES'): { state: CouponState; events: CouponEvent[] } {
  let state = couponDecider.initialState;
  const events: CouponEvent[] = [];
  for (const command of commands) {
    for (const event of couponDecider.decide(command, state, ctx(role))) {
      events.push(event);
      state = couponDecider.evolve(state, event);
    }
  }
  return { state, events };
}

describe('a coupon (D204)', () => {
  it('is created once with its code upper case and its countries sorted; a second creation is refused', () => {
    const { state } = run([{ type: 'CreateCoupon', data: input({ code: ' summer-26 ', countries: ['uk', 'de'], discountPercent: 10 }) }]);
    expect(state.coupon).toEqual({ code: 'SUMMER-26', countries: ['de', 'uk'], discountPercent: 10 });
    expect(() => couponDecider.decide({ type: 'CreateCoupon', data: input({ code: 'SUMMER-26' }) }, state, ctx('ADMIN'))).toThrow(
      expect.objectContaining({ code: 'coupon_exists', kind: 'conflict' }),
    );
  });

  it('records a change only when something changed, and nothing once retired', () => {
    const create = { type: 'CreateCoupon', data: input({ code: 'A-1', validFrom: '2026-01-01' }) } as const;
    expect(run([create, { type: 'ChangeCoupon', data: input({ code: 'A-1', validFrom: '2026-01-01' }) }]).events.map((e) => e.type)).toEqual([
      'COUPON_CREATED',
    ]);
    const { state, events } = run([
      create,
      { type: 'ChangeCoupon', data: input({ code: 'A-1', validTo: '2026-03-01' }) },
      { type: 'RetireCoupon', code: 'A-1' },
    ]);
    expect(events.map((e) => e.type)).toEqual(['COUPON_CREATED', 'COUPON_CHANGED', 'COUPON_RETIRED']);
    expect(state).toEqual({ coupon: { code: 'A-1', countries: [], validTo: '2026-03-01' }, retired: true });
    expect(() => couponDecider.decide({ type: 'ChangeCoupon', data: input({ code: 'A-1' }) }, state, ctx('ADMIN'))).toThrow(
      expect.objectContaining({ code: 'coupon_retired' }),
    );
    expect(couponDecider.decide({ type: 'RetireCoupon', code: 'A-1' }, state, ctx('ADMIN'))).toEqual([]);
  });

  it('is changed only by staff administrators and sales staff', () => {
    for (const [role, type] of [
      ['PLANNER', 'BL'],
      ['AUDITOR', 'BL'],
      ['ADMIN', 'OEM'],
      ['ADMIN', 'EC'],
    ] as const) {
      expect(() => couponDecider.decide({ type: 'CreateCoupon', data: input({ code: 'B-1' }) }, couponDecider.initialState, ctx(role, type))).toThrow(
        DomainError,
      );
    }
  });

  it('refuses an end of validity before its start, a bad code and a discount outside 1–100', () => {
    const paths = (raw: Record<string, unknown>) => CouponInputSchema.safeParse(raw).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ code: 'C-1', validFrom: '2026-02-01', validTo: '2026-01-31' })).toEqual(['validTo']);
    expect(paths({ code: 'c 1' })).toEqual(['code']);
    expect(paths({ code: 'C-1', discountPercent: 101 })).toEqual(['discountPercent']);
    expect(paths({ code: 'C-1', countries: ['xx'] })).toEqual(['countries.0']);
    expect(paths({ code: 'C-1', validFrom: '2026-02-01', validTo: '2026-02-01' })).toBeUndefined();
  });
});
