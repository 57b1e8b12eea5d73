import type { CatalogueEvent, CatalogueSegment, CatalogueService, RecordedEvent } from '@onsite/domain';
import type { CollectionDefinition, DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const CATALOGUE_SERVICES = 'catalogue_services';
export const CATALOGUE_SEGMENTS = 'catalogue_segments';

const collections: CollectionDefinition[] = [{ name: CATALOGUE_SEGMENTS }, { name: CATALOGUE_SERVICES }];

/** The published service catalogue, one document per segment and per service. */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  collections,
  handles: ['CATALOGUE_PUBLISHED'] satisfies readonly CatalogueEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const { catalogue } = (recorded.data as CatalogueEvent['data']);
    const replace = async <T extends { id: string }>(name: string, items: readonly T[]) => {
      const collection = session.collection<T>(name);
      const keep = new Set(items.map((i) => i.id));
      for (const stale of await collection.findDocuments({ filter: {} })) {
        if (!keep.has(stale.id) && stale.revision < recorded.streamVersion) await collection.delete(stale.id);
      }
      for (const item of items) await collection.upsert(item.id, item, recorded.streamVersion);
    };
    await replace<CatalogueSegment>(CATALOGUE_SEGMENTS, catalogue.segments);
    await replace<CatalogueService>(CATALOGUE_SERVICES, catalogue.services);
  },
};

export async function readCatalogue(store: DocumentSession): Promise<{ segments: CatalogueSegment[]; services: CatalogueService[] }> {
  const [segments, services] = await Promise.all([
    store.collection<CatalogueSegment>(CATALOGUE_SEGMENTS).find({ sort: [{ path: 'id', direction: 'asc' }] }),
    store.collection<CatalogueService>(CATALOGUE_SERVICES).find({ sort: [{ path: 'id', direction: 'asc' }] }),
  ]);
  return { segments, services };
}

export async function findCatalogueServices(store: DocumentSession, ids: readonly string[]): Promise<Map<string, CatalogueService>> {
  if (ids.length === 0) return new Map();
  const services = await store.collection<CatalogueService>(CATALOGUE_SERVICES).find({ filter: { id: { in: [...new Set(ids)] } } });
  return new Map(services.map((s) => [s.id, s]));
}
