import { START } from '../event-store/event-store.js';
import { compareEsdbCheckpoints, decodeCheckpoint, encodeCheckpoint, toExpectedRevision, toUuid } from './esdb-event-store.js';

describe('EventStoreDB mapping', () => {
  it('maps expected versions: 0 = no stream, n = revision n-1, any', () => {
    expect(toExpectedRevision(0)).toBe('no_stream');
    expect(toExpectedRevision(3)).toBe(2n);
    expect(toExpectedRevision('any')).toBe('any');
  });

  it('encodes $all positions in opaque checkpoints and orders them', () => {
    const cp = encodeCheckpoint({ commit: 1200n, prepare: 1100n });
    expect(decodeCheckpoint(cp)).toEqual({ commit: 1200n, prepare: 1100n });
    expect(decodeCheckpoint(START)).toBeNull();
    expect(compareEsdbCheckpoints(START, cp)).toBeLessThan(0);
    expect(compareEsdbCheckpoints(cp, START)).toBeGreaterThan(0);
    expect(compareEsdbCheckpoints('900/900', '1200/1100')).toBeLessThan(0);
    expect(compareEsdbCheckpoints('1200/1100', '1200/1100')).toBe(0);
    expect(() => decodeCheckpoint('12:3')).toThrow(/Not an EventStoreDB checkpoint/);
  });

  it('keeps UUID event ids and maps others to stable UUIDs', () => {
    const uuid = '3f0f5b2e-8a4c-4d2b-9a51-0c6c2e1f7a10';
    expect(toUuid(uuid)).toBe(uuid);
    expect(toUuid('job-1-expire')).toBe(toUuid('job-1-expire'));
    expect(toUuid('job-1-expire')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
