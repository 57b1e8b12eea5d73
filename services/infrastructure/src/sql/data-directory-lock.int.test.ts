import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataDirectoryLockedError, openPglite } from './pglite-client.js';

/** The built package, run by a real second process (the type-check step of `npm test` builds it first). */
const BUILT = resolve(__dirname, '../../dist/index.js');

/** A process that opens the data directory and holds it until it is killed. */
function owner(dataDir: string): Promise<ChildProcess> {
  const script = `import { openPglite } from ${JSON.stringify(BUILT)}; await openPglite({ dataDir: ${JSON.stringify(dataDir)} }); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && done(child));
    child.on('exit', (code) => fail(new Error(`the owner process exited with ${code}`)));
  });
}

describe('the data-directory lock across processes', () => {
  let root: string;
  beforeAll(() => {
    if (!existsSync(BUILT)) throw new Error(`Build the server first (npm run build:server): ${BUILT} is missing.`);
    root = mkdtempSync(join(tmpdir(), 'onsite-lock-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names a live owner by its pid, and takes over at once from one that was killed', async () => {
    const dataDir = join(root, 'pglite');
    const child = await owner(dataDir);
    const refused = await openPglite({ dataDir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirectoryLockedError);
    expect(refused).toMatchObject({ ownerPid: child.pid, message: expect.stringContaining(`running process ${child.pid}`) });

    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    const started = Date.now();
    const client = await openPglite({ dataDir });
    // Well under proper-lockfile's 30 s staleness: the dead owner's pid is what tells.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await client.query('select 1 as one')).toEqual([{ one: 1 }]);
    await client.close();
  }, 60_000);

  it('lets exactly one of two openers win a lock left by a killed owner', async () => {
    const dataDir = join(root, 'race');
    const child = await owner(dataDir);
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    const results = await Promise.allSettled([openPglite({ dataDir }), openPglite({ dataDir })]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.any(DataDirectoryLockedError) });
    await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof openPglite>>>).value.close();
  }, 60_000);
});
