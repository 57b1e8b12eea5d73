import type { MissingServiceEvent, RecordedEvent } from '@onsite/domain';
import type { MissingServiceRequest } from '@onsite/contracts';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const MISSING_SERVICES = 'missing_services';

type MissingServiceDocument = MissingServiceRequest;

/** Missing-service requests for staff, newest first, filterable by the country they were asked for. */
export const missingServicesProjection: Projection = {
  name: 'missing-services',
  collections: [{ name: MISSING_SERVICES, indexes: [{ name: 'by_country', paths: ['country'] }] }],
  handles: ['MISSING_SERVICE_DESCRIBED'] satisfies readonly MissingServiceEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const data = recorded.data as MissingServiceEvent['data'];
    const document: MissingServiceDocument = {
      _id: data.requestId,
      description: data.description,
      ...(data.segmentId ? { segmentId: data.segmentId } : {}),
      country: data.country,
      ...(data.contactTime ? { contactTime: data.contactTime } : {}),
      requestedAt: recorded.metadata.occurredAt,
      requestedBy: {
        userId: data.requestedBy.userId,
        name: data.requestedBy.name,
        ...(data.requestedBy.email ? { email: data.requestedBy.email } : {}),
        ...(data.requestedBy.companyName ? { companyName: data.requestedBy.companyName } : {}),
      },
      ...(data.onBehalfOf ? { onBehalfOf: { userId: data.onBehalfOf.userId, name: data.onBehalfOf.name } } : {}),
    };
    // Keyed by the request id and its stream version: applying it again changes nothing.
    await session.collection<MissingServiceDocument>(MISSING_SERVICES).upsert(data.requestId, document, recorded.streamVersion);
  },
};

/** The newest requests staff may see: all, or those of their countries. */
export async function listMissingServices(store: DocumentSession, countries: readonly string[], limit = 50): Promise<MissingServiceRequest[]> {
  const found = await store
    .collection<MissingServiceDocument>(MISSING_SERVICES)
    .find({ filter: countries.length ? { country: { in: [...countries] } } : {}, sort: [{ path: 'requestedAt', direction: 'desc' }], limit });
  return found;
}
