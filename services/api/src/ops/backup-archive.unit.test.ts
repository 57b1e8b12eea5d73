import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BackupArchiveError,
  bytesEntry,
  checkArchive,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  readEntryBytes,
  writeArchive,
  type ArchiveEntry,
} from './backup-archive.js';

const FILE = '0f8fad5b-d9cb-469f-a165-70867728950e.pdf';
const manifest = (files: number) =>
  bytesEntry(
    MANIFEST_ENTRY,
    Buffer.from(JSON.stringify({ format: 'onsite-backup', version: 1, profile: 'embedded', takenAt: 'now', serverVersion: 'x', files })),
  );

async function archive(entries: ArchiveEntry[]): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of writeArchive(entries, new Date('2026-01-01T00:00:00Z'))) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('backup archive', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'onsite-archive-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const write = async (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return path;
  };

  const database = Buffer.alloc(1500, 7);
  const whole = () => archive([manifest(1), bytesEntry(DATABASE_ENTRY, database), bytesEntry(`files/${FILE}`, Buffer.from('%PDF-1.4'))]);

  it('reads back what it wrote: the manifest, the database copy and the files, each checked', async () => {
    const path = await write('whole.tar', await whole());
    const checked = await checkArchive(path);
    expect(checked.manifest.files).toBe(1);
    expect(await readEntryBytes(path, checked.database)).toEqual(database);
    expect(checked.files.map((f) => f.storagePath)).toEqual([FILE]);
    expect((await readFile(path)).length % 512).toBe(0);
  });

  it('refuses a cut-off archive, a changed byte, and entries that are not uploads', async () => {
    const bytes = await whole();
    await expect(checkArchive(await write('cut.tar', bytes.subarray(0, bytes.length - 2048)))).rejects.toThrow(BackupArchiveError);
    const changed = Buffer.from(bytes);
    changed[512 * 3 + 10] = changed[512 * 3 + 10]! ^ 1;
    await expect(checkArchive(await write('changed.tar', changed))).rejects.toThrow(/does not match its checksum/);
    const stray = await archive([manifest(1), bytesEntry(DATABASE_ENTRY, database), bytesEntry('files/../../etc/passwd', Buffer.from('x'))]);
    await expect(checkArchive(await write('stray.tar', stray))).rejects.toThrow(/unexpected entry/);
    await expect(checkArchive(await write('other.tar', Buffer.alloc(1024)))).rejects.toThrow(/not an Onsite backup/);
  });

  it('fails the stream when an entry is not the size announced', async () => {
    const liar: ArchiveEntry = {
      name: `files/${FILE}`,
      size: 10,
      async *body() {
        yield Buffer.from('short');
      },
    };
    await expect(archive([manifest(1), liar])).rejects.toThrow(/changed while it was archived/);
  });
});
