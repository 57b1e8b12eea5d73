import { bannerDecider, type Banner, type BannerEvent, type BannerState, type RecordedEvent } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';
import { readHelpContent } from './help.projection.js';

export const BANNER = 'banner';
const CURRENT = 'current';

interface BannerDocument {
  readonly id: string;
  readonly state: BannerState;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

/** The home page's banner as staff set it last (D205). */
export const bannerProjection: Projection = {
  name: 'banner',
  collections: [{ name: BANNER }],
  handles: ['BANNER_SET', 'BANNER_CLEARED'] satisfies readonly BannerEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const collection = session.collection<BannerDocument>(BANNER);
    const found = await collection.get(CURRENT);
    if (found && found.revision >= recorded.streamVersion) return;
    const state = bannerDecider.evolve(found?.data.state ?? bannerDecider.initialState, { type: recorded.type, data: recorded.data } as BannerEvent);
    await collection.upsert(
      CURRENT,
      { id: CURRENT, state, updatedAt: recorded.metadata.occurredAt, updatedBy: recorded.metadata.actorUserId },
      recorded.streamVersion,
    );
  },
};

/** The banner visitors see: the one staff set (none once cleared), else that of older help content. */
export async function readBanner(store: DocumentSession): Promise<Banner | undefined> {
  const managed = (await store.collection<BannerDocument>(BANNER).get(CURRENT))?.data.state.banner;
  if (managed !== undefined) return managed ?? undefined;
  return (await readHelpContent(store)).banner;
}

/** Who set the banner last, and when (none before staff first did). */
export async function readBannerChange(store: DocumentSession): Promise<{ at: string; userId: string } | null> {
  const doc = (await store.collection<BannerDocument>(BANNER).get(CURRENT))?.data;
  return doc ? { at: doc.updatedAt, userId: doc.updatedBy } : null;
}
