import { AUDIT_FORMAT, ChainWriter, sha256, verifyChain, type ExportedEvent } from './audit-chain.js';

const event = (n: number): ExportedEvent => ({
  eventId: `e-${n}`,
  streamId: `order-${n % 3}`,
  streamVersion: n,
  globalPosition: String(n),
  type: 'COMMENT',
  data: { externalComment: `comment ${n}`, amount: n * 1.5 },
  metadata: { actorUserId: 'u-1', occurredAt: `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z` },
  recordedAt: `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`,
});

/** A chain of 10 events: line 1 the header (seq 0), lines 2–11 the events (seq 1–10), line 12 the end (seq 11). */
function chain(count = 10): { lines: string[]; head: string } {
  const writer = new ChainWriter();
  const lines = [writer.header({ format: AUDIT_FORMAT, exportedAt: '2026-01-02T00:00:00.000Z', scope: {} })];
  for (let n = 1; n <= count; n++) lines.push(writer.event(event(n)));
  lines.push(writer.end());
  return { lines: lines.map((l) => l.trimEnd()), head: writer.head };
}

async function* each(lines: readonly string[]) {
  for (const line of lines) yield line;
}
const verify = (lines: readonly string[], expectedHead?: string) => verifyChain(each(lines), { expectedHead });

/** Re-hashes a line after editing it, as a forger who knows the format would. */
function rehash(line: string): string {
  const body = `${line.replace(/,"hash":"[0-9a-f]{64}"\}$/, '')}}`;
  return `${body.slice(0, -1)},"hash":"${sha256(body)}"}`;
}

describe('the tamper-evident audit chain', () => {
  it('accepts an untouched export and reports its head', async () => {
    const { lines, head } = chain();
    expect(await verify(lines, head)).toMatchObject({ ok: true, records: 12, events: 10, head });
    expect(lines[1]).toMatch(/^\{"seq":1,"prev":"[0-9a-f]{64}","event":\{.*\},"hash":"[0-9a-f]{64}"\}$/);
  });

  it('names a changed record', async () => {
    const { lines } = chain();
    lines[4] = lines[4]!.replace('comment 4', 'comment X');
    expect(await verify(lines)).toMatchObject({ ok: false, kind: 'changed', line: 5, seq: 4 });
  });

  it('names a changed record whose own hash was recomputed (the next record no longer links to it)', async () => {
    const { lines } = chain();
    lines[4] = rehash(lines[4]!.replace('comment 4', 'comment X'));
    expect(await verify(lines)).toMatchObject({ ok: false, kind: 'changed', line: 5, seq: 4 });
  });

  it('names a removed record', async () => {
    const { lines } = chain();
    lines.splice(6, 1);
    expect(await verify(lines)).toMatchObject({ ok: false, kind: 'removed', line: 7, seq: 6 });
  });

  it('names removed records at the end (a cut-off file)', async () => {
    const { lines } = chain();
    expect(await verify(lines.slice(0, 8))).toMatchObject({ ok: false, kind: 'removed', seq: 8 });
  });

  it('names an inserted record: a copied line, and a forged one', async () => {
    const copied = chain().lines;
    copied.splice(4, 0, copied[3]!);
    expect(await verify(copied)).toMatchObject({ ok: false, kind: 'inserted', line: 5 });
    const forged = chain().lines;
    forged.splice(4, 0, rehash(forged[3]!.replace('"seq":3', '"seq":99')));
    expect(await verify(forged)).toMatchObject({ ok: false, kind: 'inserted', line: 5 });
  });

  it('names reordered records: two swapped, one moved later, one moved earlier', async () => {
    const swapped = chain().lines;
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    expect(await verify(swapped)).toMatchObject({ ok: false, kind: 'reordered', line: 4 });
    const later = chain().lines;
    later.splice(8, 0, later.splice(3, 1)[0]!);
    expect(await verify(later)).toMatchObject({ ok: false, kind: 'reordered', line: 4, seq: 3 });
    const earlier = chain().lines;
    earlier.splice(3, 0, earlier.splice(8, 1)[0]!);
    expect(await verify(earlier)).toMatchObject({ ok: false, kind: 'reordered', line: 4, seq: 8 });
  });

  it('catches lines after the end record, a line that is not a record, and a chain rewritten as a whole (with the head kept apart)', async () => {
    const { lines, head } = chain();
    expect(await verify([...lines, lines[2]!])).toMatchObject({ ok: false, kind: 'inserted', line: 13 });
    const garbled = chain().lines;
    garbled[2] = 'not json';
    expect(await verify(garbled)).toMatchObject({ ok: false, kind: 'malformed', line: 3 });
    const forged = chain(10).lines.map((l) => l.replace('comment 1"', 'comment one"'));
    // Recompute the whole chain: consistent in itself, but its head differs from the one recorded at export.
    const writer = new ChainWriter();
    const rewritten = forged
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .map((r) => ('header' in r ? writer.header(r.header as never) : 'event' in r ? writer.event(r.event as ExportedEvent) : writer.end()).trimEnd());
    expect(await verify(rewritten)).toMatchObject({ ok: true });
    expect(await verify(rewritten, head)).toMatchObject({ ok: false, kind: 'changed' });
  });
});
