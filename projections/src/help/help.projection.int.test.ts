import type { HelpContent, RecordedEvent } from '@onsite/domain';
import { createStores, type Stores } from '@onsite/infrastructure';
import { helpProjection, readHelpContent } from './help.projection.js';

const published = (content: HelpContent, version: number): RecordedEvent =>
  ({
    eventId: `help-${version}`,
    streamId: 'help-main',
    streamVersion: version,
    checkpoint: String(version),
    globalPosition: String(version),
    type: 'HELP_CONTENT_PUBLISHED',
    data: { content },
    metadata: { actorUserId: 'staff', correlationId: 'c', causationId: 'c', occurredAt: '2026-11-25T10:00:00.000Z' },
    recordedAt: '2026-11-25T10:00:00.000Z',
  }) as RecordedEvent;

const faq = (id: string): HelpContent['faqs'][number] => ({ id, topic: 'ordering', question: { en: `Question ${id}?` }, answer: { en: 'An answer.' } });
const DEMO_HELP: HelpContent = {
  faqs: [faq('one'), faq('two'), faq('three')],
  manuals: [{ id: 'guide', title: { en: 'Guide' }, summary: { en: 'How to order' }, body: { en: ['Text'] }, issued: '2026-09-01' }],
};

/** Help content as stores seeded before the questions and manuals were managed published it (D205, D212). */
describe('help projection', () => {
  let stores: Stores;
  const apply = (event: RecordedEvent) => stores.documentStore.transaction((session) => helpProjection.apply(event, session));
  beforeAll(async () => {
    stores = await createStores({ profile: 'embedded', dataDir: 'memory://' });
    for (const c of helpProjection.collections) await stores.documentStore.ensureCollection(c);
  });
  afterAll(async () => stores.close());

  it('has nothing before the first publication', async () => {
    expect(await readHelpContent(stores.documentStore)).toEqual({ faqs: [], manuals: [] });
  });

  it('holds what was published last; a repeated or older publication changes nothing', async () => {
    const smaller: HelpContent = { faqs: DEMO_HELP.faqs.slice(0, 2), manuals: [] };
    await apply(published(DEMO_HELP, 1));
    expect(await readHelpContent(stores.documentStore)).toEqual(DEMO_HELP);
    await apply(published(smaller, 2));
    await apply(published(smaller, 2));
    await apply(published(DEMO_HELP, 1));
    expect(await readHelpContent(stores.documentStore)).toEqual(smaller);
  });
});
