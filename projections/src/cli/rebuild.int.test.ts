import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStores } from '@onsite/infrastructure';
import type { Projection } from '../runner/projection.js';
import { runRebuildCli } from './rebuild.js';

const metadata = { actorUserId: 'u1', correlationId: 'c1', causationId: 'c1', occurredAt: '2025-01-01T00:00:00.000Z' };

const names: Projection = {
  name: 'names',
  collections: [{ name: 'names' }],
  handles: ['Named'],
  async apply(event, session) {
    await session.collection('names').upsert(event.streamId, event.data, event.streamVersion);
  },
};

describe('runRebuildCli', () => {
  let parent: string;
  let dataDir: string;
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'onsite-rebuild-'));
    dataDir = join(parent, 'pglite');
    const stores = await createStores({ profile: 'embedded', dataDir });
    for (let i = 0; i < 5; i++) await stores.eventStore.appendToStream(`n-${i}`, [{ type: 'Named', data: { i }, metadata }], 0);
    await stores.close();
  }, 60_000);
  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('rebuilds the embedded data directory and prints progress', async () => {
    const lines: string[] = [];
    const code = await runRebuildCli([names], { env: { PROFILE: 'embedded', DATA_DIR: parent }, args: [], print: (line) => lines.push(line) });
    expect(code).toBe(0);
    expect(lines[0]).toBe('names: 0/5 events');
    expect(lines.at(-1)).toMatch(/^names: 5\/5 events, [\d,]+ events\/s, swapped in$/);

    const stores = await createStores({ profile: 'embedded', dataDir });
    try {
      expect(await stores.documentStore.collection('names').count()).toBe(5);
      expect(await stores.documentStore.getCheckpoint('names')).not.toBeNull();
    } finally {
      await stores.close();
    }
  }, 60_000);

  it('refuses unknown projections, bad configuration and a data directory in use', async () => {
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    expect(await runRebuildCli([names], { env: { DATA_DIR: parent }, args: ['nope'], print })).toBe(2);
    expect(await runRebuildCli([names], { env: { PROFILE: 'postgres' }, args: [], print })).toBe(2);
    expect(await runRebuildCli([names], { env: { PROFILE: 'cloud' }, args: [], print })).toBe(2);

    const running = await createStores({ profile: 'embedded', dataDir });
    try {
      expect(await runRebuildCli([names], { env: { DATA_DIR: parent }, args: ['names'], print })).toBe(1);
    } finally {
      await running.close();
    }
    expect(lines).toEqual([
      'Unknown projection(s): nope. Known: names.',
      'PROFILE=postgres needs DATABASE_URL.',
      'Unknown PROFILE "cloud" (expected embedded, postgres or production).',
      expect.stringContaining(`is in use by the running process ${process.pid}`),
    ]);
  }, 60_000);
});
