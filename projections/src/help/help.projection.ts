import type { HelpContent, HelpEvent, RecordedEvent } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const HELP_CONTENT = 'help_content';
const CURRENT = 'current';

type HelpDocument = HelpContent & { readonly id: string };

/** The help area as last published: one document (a few hundred questions and manuals at most). */
export const helpProjection: Projection = {
  name: 'help',
  collections: [{ name: HELP_CONTENT }],
  handles: ['HELP_CONTENT_PUBLISHED'] satisfies readonly HelpEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const { content } = recorded.data as HelpEvent['data'];
    // The stream version guards the document: an older or repeated publication changes nothing.
    await session.collection<HelpDocument>(HELP_CONTENT).upsert(CURRENT, { ...content, id: CURRENT }, recorded.streamVersion);
  },
};

/** What was published last; nothing yet: no questions and no manuals. */
export async function readHelpContent(store: DocumentSession): Promise<HelpContent> {
  const found = await store.collection<HelpDocument>(HELP_CONTENT).get(CURRENT);
  if (!found) return { faqs: [], manuals: [] };
  const { id: _id, ...content } = found.data;
  return content;
}
