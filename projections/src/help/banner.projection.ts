import { bannerDecider, type Banner, type BannerEvent, type BannerState, type RecordedEvent } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';
import { applyItemEvent, readItemHistory, type ItemChange, type ItemDocument } from '../shared/managed-items.js';
import { readHelpContent } from './help.projection.js';

export const BANNER = 'banner';
const CURRENT = 'current';

type BannerDocument = ItemDocument<BannerState, BannerEvent['type']>;
/** One change of the banner as its history shows it. */
export type BannerChange = ItemChange<BannerEvent['type']>;

/** The home page's banner as staff set it last (D205), with who changed it when. */
export const bannerProjection: Projection = {
  name: 'banner',
  // 2: every change kept for the history (was: the last one only).
  version: 2,
  collections: [{ name: BANNER }],
  handles: ['BANNER_SET', 'BANNER_CLEARED'] satisfies readonly BannerEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    await applyItemEvent(session, BANNER, CURRENT, recorded, bannerDecider);
  },
};

/** The banner visitors see: the one staff set (none once cleared), else that of older help content. */
export async function readBanner(store: DocumentSession): Promise<Banner | undefined> {
  const managed = (await store.collection<BannerDocument>(BANNER).get(CURRENT))?.data.state.banner;
  if (managed !== undefined) return managed ?? undefined;
  return (await readHelpContent(store)).banner;
}

/** Every change of the banner, newest first (none before staff first set or cleared it). */
export async function readBannerHistory(store: DocumentSession): Promise<BannerChange[]> {
  return (await readItemHistory<BannerEvent['type']>(store, BANNER, CURRENT)) ?? [];
}
