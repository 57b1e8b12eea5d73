import type { Actor, Decider, DomainEvent } from '@onsite/domain';
import { openPglite } from '../sql/pglite-client.js';
import { SqlEventStore } from '../sql/sql-event-store.js';
import { VersionConflictError } from './event-store.js';
import { handleCommand } from './handle-command.js';

type Added = DomainEvent<'ADDED', { readonly amount: number }>;
type Add = { readonly amount: number };
type Tally = { readonly total: number; readonly owner: string | null };

/** A tally only its owner may see: enough to watch the order of visibility, command and version checks. */
const tallyDecider: Decider<Add, Tally, Added> = {
  initialState: { total: 0, owner: null },
  evolve: (state, event) => ({ total: state.total + event.data.amount, owner: state.owner ?? 'owner' }),
  decide: (command) => [{ type: 'ADDED', data: { amount: command.amount } }],
  canSee: (state, actor) => state.owner === null || state.owner === actor.userId,
};

const actor = (userId: string): Actor => ({ userId, type: 'EC', role: 'ADMIN', companyId: 'c', country: 'DE' });
const request = { streamId: 'tally-1', correlationId: 'c', clock: () => new Date('2026-01-01T00:00:00Z'), newId: () => 'id' };

describe('handleCommand with a command made from the loaded state', () => {
  let store: SqlEventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const client = await openPglite({ dataDir: 'memory://' });
    store = new SqlEventStore(client);
    await store.init();
    close = () => client.close();
    await handleCommand(store, tallyDecider, { ...request, actor: actor('owner'), command: { amount: 2 } });
  }, 60_000);
  afterAll(async () => close());

  it('makes the command from the state the decider sees, and decides it', async () => {
    const result = await handleCommand(store, tallyDecider, {
      ...request,
      actor: actor('owner'),
      expectedVersion: 1,
      command: (state) => ({ amount: state.total * 10 }),
    });
    expect(result.events).toEqual([{ type: 'ADDED', data: { amount: 20 } }]);
    expect(result.state.total).toBe(22);
  });

  it('decides a new stream on the initial state without reading it, and refuses it when the stream exists after all', async () => {
    const reads: string[] = [];
    const counting = Object.assign(Object.create(store) as SqlEventStore, { readStream: (id: string) => (reads.push(id), store.readStream(id)) });
    const fresh = await handleCommand(counting, tallyDecider, {
      ...request,
      streamId: 'tally-fresh',
      actor: actor('owner'),
      newStream: true,
      command: { amount: 5 },
    });
    expect(fresh).toMatchObject({ version: 1, state: { total: 5 } });
    expect(reads).toEqual([]);
    await expect(
      handleCommand(counting, tallyDecider, { ...request, streamId: 'tally-fresh', actor: actor('owner'), newStream: true, command: { amount: 5 } }),
    ).rejects.toBeInstanceOf(VersionConflictError);
    expect((await store.readStream('tally-fresh')).length).toBe(1);
  });

  it('never shows the state to a caller who may not see the aggregate (404 before the command is made)', async () => {
    const command = jest.fn(() => ({ amount: 1 }));
    await expect(handleCommand(store, tallyDecider, { ...request, actor: actor('stranger'), command })).rejects.toMatchObject({ kind: 'not_found' });
    expect(command).not.toHaveBeenCalled();
  });

  it('answers a command naming a version of a stream that has no events as one on a stream the caller may not see', async () => {
    const made = jest.fn(() => ({ amount: 1 }));
    const unknown = handleCommand(store, tallyDecider, { ...request, streamId: 'tally-none', actor: actor('owner'), expectedVersion: 3, command: made });
    const invisible = handleCommand(store, tallyDecider, { ...request, actor: actor('stranger'), expectedVersion: 3, command: made });
    const [a, b] = await Promise.allSettled([unknown, invisible]);
    expect(
      a.status === 'rejected' &&
        b.status === 'rejected' &&
        [a.reason, b.reason].map((e: { code: string; kind: string; message: string }) => [e.code, e.kind, e.message]),
    ).toEqual([
      ['not_found', 'not_found', 'Not found.'],
      ['not_found', 'not_found', 'Not found.'],
    ]);
    expect(made).not.toHaveBeenCalled();
    expect(await store.readStream('tally-none')).toEqual([]);
  });

  it('makes the command before refusing a stale version, so its facts are checked first', async () => {
    await expect(
      handleCommand(store, tallyDecider, {
        ...request,
        actor: actor('owner'),
        expectedVersion: 1,
        command: () => {
          throw new Error('bad facts');
        },
      }),
    ).rejects.toThrow('bad facts');
    await expect(
      handleCommand(store, tallyDecider, { ...request, actor: actor('owner'), expectedVersion: 1, command: () => ({ amount: 1 }) }),
    ).rejects.toBeInstanceOf(VersionConflictError);
  });
});
