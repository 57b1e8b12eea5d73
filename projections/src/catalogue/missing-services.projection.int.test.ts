import type { MissingServiceEvent } from '@onsite/domain';
import { recordedStream, storeFor } from '../test-support/recorded.js';
import { listMissingServices, missingServicesProjection } from './missing-services.projection.js';

const described = (requestId: string, country: string, extra: Partial<MissingServiceEvent['data']> = {}): MissingServiceEvent => ({
  type: 'MISSING_SERVICE_DESCRIBED',
  data: {
    requestId,
    description: `Laser alignment (${requestId})`,
    country,
    requestedBy: { userId: 'u1', name: 'Ann Lee', email: 'ann@acme.test', companyName: 'Acme' },
    ...extra,
  },
});

describe('missing services read model', () => {
  let stores: Awaited<ReturnType<typeof storeFor>>;
  beforeAll(async () => {
    stores = await storeFor(missingServicesProjection);
  });
  afterAll(async () => stores.close());

  it('MISSING_SERVICE_DESCRIBED: a request per stream, newest first, by country; applied twice, changes nothing', async () => {
    const first = recordedStream(
      'missing-service-r1',
      [described('r1', 'de', { segmentId: 'seg-1', onBehalfOf: { userId: 'u1', name: 'Ann Lee' } })],
      '2026-03-01T09:00:00.000Z',
    );
    const second = recordedStream('missing-service-r2', [described('r2', 'uk')], '2026-03-02T09:00:00.000Z');
    await stores.apply([...first, ...second, ...first]);
    expect(await listMissingServices(stores.documentStore, [])).toEqual([
      expect.objectContaining({ _id: 'r2', country: 'uk', requestedAt: '2026-03-02T09:00:00.000Z' }),
      {
        _id: 'r1',
        description: 'Laser alignment (r1)',
        segmentId: 'seg-1',
        country: 'de',
        requestedAt: '2026-03-01T09:00:00.000Z',
        requestedBy: { userId: 'u1', name: 'Ann Lee', email: 'ann@acme.test', companyName: 'Acme' },
        onBehalfOf: { userId: 'u1', name: 'Ann Lee' },
      },
    ]);
    expect((await listMissingServices(stores.documentStore, ['de'])).map((request) => request._id)).toEqual(['r1']);
  });
});
