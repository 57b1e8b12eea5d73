import type { Actor } from '../identity/actor.js';
import {
  isOfferedIn,
  SegmentInputSchema,
  segmentsDecider,
  serviceDecider,
  serviceForReaders,
  ServiceInputSchema,
  type SegmentsState,
  type ServiceCommand,
  type ServiceState,
} from './catalogue-management.js';

const actor = (role: Actor['role'], type: Actor['type'] = 'BL', extra: Partial<Actor> = {}): Actor =>
  ({ userId: 'u1', companyId: 'c1', type, role, country: 'de', ...extra }) as Actor;
const ctx = (role: Actor['role'], type: Actor['type'] = 'BL', extra: Partial<Actor> = {}) =>
  ({ actor: actor(role, type, extra), now: '2026-12-03T10:00:00Z' }) as never;

const segments: SegmentsState = segmentsDecider.evolve(segmentsDecider.initialState, {
  type: 'CATALOGUE_SEGMENT_CREATED',
  data: {
    segment: SegmentInputSchema.parse({ id: 'packaging', name: { en: 'Packaging' }, subSegments: [{ id: 'packaging-labelling', name: { en: 'Labelling' } }] }),
  },
});
const serviceInput = (raw: Record<string, unknown> = {}) =>
  ServiceInputSchema.parse({
    id: 'svc-vision',
    name: { en: 'Vision', de: '' },
    description: { en: 'Cameras' },
    segmentIds: ['packaging'],
    subSegmentIds: ['packaging-labelling'],
    countries: ['uk', 'de', 'uk'],
    prices: { GBP: 100, EUR: 120, USD: 130 },
    ...raw,
  });

function run(commands: ServiceCommand[], role: Actor['role'] = 'SALES'): ServiceState {
  let state = serviceDecider.initialState;
  for (const command of commands) for (const event of serviceDecider.decide(command, state, ctx(role))) state = serviceDecider.evolve(state, event);
  return state;
}

describe('the managed catalogue (D208)', () => {
  it('creates a service as a draft: countries sorted once, empty translations and prices of other currencies dropped', () => {
    const state = run([{ type: 'CreateService', data: serviceInput(), segments }]);
    expect(state.status).toBe('draft');
    expect(state.service).toMatchObject({ countries: ['de', 'uk'], name: { en: 'Vision' }, prices: { EUR: 120, GBP: 100 } });
    expect(state.service!.name).not.toHaveProperty('de');
    expect(() => serviceDecider.decide({ type: 'CreateService', data: serviceInput(), segments }, state, ctx('ADMIN'))).toThrow(
      expect.objectContaining({ code: 'service_exists', kind: 'conflict' }),
    );
  });

  it('publishes, retires and publishes again; a change that changes nothing records nothing', () => {
    const created = run([{ type: 'CreateService', data: serviceInput(), segments }]);
    expect(serviceDecider.decide({ type: 'RetireService', serviceId: 'svc-vision' }, created, ctx('ADMIN'))).toEqual([]);
    const published = run([
      { type: 'CreateService', data: serviceInput(), segments },
      { type: 'PublishService', serviceId: 'svc-vision' },
    ]);
    expect(published.status).toBe('published');
    expect(serviceDecider.decide({ type: 'PublishService', serviceId: 'svc-vision' }, published, ctx('ADMIN'))).toEqual([]);
    expect(serviceDecider.decide({ type: 'ChangeService', data: serviceInput(), segments }, published, ctx('ADMIN'))).toEqual([]);
    const [changed] = serviceDecider.decide(
      { type: 'ChangeService', data: serviceInput({ prices: { GBP: 200, EUR: 120 } }), segments },
      published,
      ctx('ADMIN'),
    );
    expect(changed).toMatchObject({ type: 'CATALOGUE_SERVICE_CHANGED', data: { service: { prices: { GBP: 200, EUR: 120 } } } });
    const retired = serviceDecider.evolve(published, { type: 'CATALOGUE_SERVICE_RETIRED', data: { serviceId: 'svc-vision' } });
    expect(serviceDecider.decide({ type: 'PublishService', serviceId: 'svc-vision' }, retired, ctx('ADMIN'))).toHaveLength(1);
  });

  it('refuses unknown or retired segments and sub-segments outside the chosen segments', () => {
    expect(() => run([{ type: 'CreateService', data: serviceInput({ segmentIds: ['nowhere'], subSegmentIds: [] }), segments }])).toThrow(
      expect.objectContaining({ code: 'validation_error', details: [expect.objectContaining({ path: 'segmentIds.0', code: 'unknown_segment' })] }),
    );
    const retired = segmentsDecider.evolve(segments, { type: 'CATALOGUE_SEGMENT_RETIRED', data: { segmentId: 'packaging' } });
    expect(() => run([{ type: 'CreateService', data: serviceInput(), segments: retired }])).toThrow(expect.objectContaining({ code: 'validation_error' }));
    expect(() => run([{ type: 'CreateService', data: serviceInput({ subSegmentIds: ['dairy'] }), segments }])).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ path: 'subSegmentIds.0', code: 'unknown_sub_segment' })] }),
    );
  });

  it('needs a price in the currency of every country chosen', () => {
    const parsed = ServiceInputSchema.safeParse({ ...serviceInput(), prices: { GBP: 100 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual(['prices.EUR']);
  });

  it('lets only staff administrators and sales staff, as themselves, change the catalogue', () => {
    const create = (c: never) => serviceDecider.decide({ type: 'CreateService', data: serviceInput(), segments }, serviceDecider.initialState, c);
    expect(create(ctx('ADMIN'))).toHaveLength(1);
    for (const c of [ctx('AUDITOR'), ctx('PLANNER'), ctx('ADMIN', 'EC'), ctx('ADMIN', 'OEM'), ctx('ADMIN', 'BL', { onBehalfOf: { userId: 'x' } as never })])
      expect(() => create(c)).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    expect(() => segmentsDecider.decide({ type: 'RetireSegment', segmentId: 'packaging' }, segments, ctx('AUDITOR'))).toThrow(
      expect.objectContaining({ kind: 'forbidden' }),
    );
  });

  it('keeps a sub-segment id unique across segments, and shows readers English where a translation is missing', () => {
    expect(() =>
      segmentsDecider.decide(
        {
          type: 'CreateSegment',
          data: SegmentInputSchema.parse({ id: 'labels', name: { en: 'Labels' }, subSegments: [{ id: 'packaging-labelling', name: { en: 'X' } }] }),
        },
        segments,
        ctx('ADMIN'),
      ),
    ).toThrow(expect.objectContaining({ details: [expect.objectContaining({ code: 'sub_segment_exists' })] }));
    const service = run([{ type: 'CreateService', data: serviceInput(), segments }]).service!;
    expect(serviceForReaders(service).name).toEqual({ en: 'Vision', de: 'Vision', pt: 'Vision' });
    expect([isOfferedIn(service, 'uk'), isOfferedIn(service, 'de'), isOfferedIn(service, 'us'), isOfferedIn(service, 'ch')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
