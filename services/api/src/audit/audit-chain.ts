import { createHash } from 'node:crypto';

/**
 * The tamper-evident audit export (docs/audit.md): NDJSON, one record a line, each carrying the SHA-256 of the
 * previous record (`prev`) and its own (`hash`). A record's hash is the SHA-256 of its own line up to, not
 * including, the closing `,"hash":"…"}` — with the `}` put back — so it covers the exact bytes written, and
 * anyone can check it without this code (docs/audit.md). Line 1 is a header (seq 0: format, scope, time of
 * export), then one record per event (seq 1…n), then an end record (seq n+1, the count), so that a cut-off
 * tail is detected too. The first `prev` is 64 zeros.
 */
export const AUDIT_FORMAT = 'onsite-audit-export/1';
const GENESIS = '0'.repeat(64);
const HASH_TAIL = /,"hash":"([0-9a-f]{64})"\}$/;

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface ExportedEvent {
  readonly eventId: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly globalPosition: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly recordedAt: string;
}

export interface ExportHeader {
  readonly format: typeof AUDIT_FORMAT;
  readonly exportedAt: string;
  readonly scope: { readonly order?: string; readonly from?: string; readonly to?: string };
}

type Body = { readonly header: ExportHeader } | { readonly event: ExportedEvent } | { readonly end: { readonly count: number } };

/** Writes the chain one line at a time; keeps only the last hash (fixed memory). */
export class ChainWriter {
  private prev = GENESIS;
  private seq = 0;
  private events = 0;

  /** The hash of the last line written: the export's head, worth keeping apart from the file. */
  get head(): string {
    return this.prev;
  }

  get count(): number {
    return this.events;
  }

  header(header: ExportHeader): string {
    return this.line({ header });
  }

  event(event: ExportedEvent): string {
    this.events++;
    return this.line({ event });
  }

  end(): string {
    return this.line({ end: { count: this.events } });
  }

  private line(body: Body): string {
    const json = JSON.stringify({ seq: this.seq, prev: this.prev, ...body });
    const hash = sha256(json);
    this.prev = hash;
    this.seq++;
    return `${json.slice(0, -1)},"hash":"${hash}"}\n`;
  }
}

type TamperKind = 'changed' | 'removed' | 'inserted' | 'reordered' | 'malformed';

type VerifyResult =
  | { readonly ok: true; readonly records: number; readonly events: number; readonly head: string; readonly header: ExportHeader }
  | { readonly ok: false; readonly kind: TamperKind; readonly line: number; readonly seq: number | null; readonly message: string };

interface Parsed {
  readonly line: number;
  readonly seq: number;
  readonly prev: string;
  readonly hash: string;
  readonly selfValid: boolean;
  readonly header?: ExportHeader;
  readonly end?: { count: number };
}

function parse(text: string, line: number): Parsed | null {
  const tail = HASH_TAIL.exec(text);
  if (!tail) return null;
  let value: { seq?: unknown; prev?: unknown; hash?: unknown; header?: ExportHeader; end?: { count: number } };
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    return null;
  }
  if (typeof value.seq !== 'number' || typeof value.prev !== 'string' || typeof value.hash !== 'string') return null;
  const body = `${text.slice(0, tail.index)}}`;
  return { line, seq: value.seq, prev: value.prev, hash: value.hash, selfValid: sha256(body) === value.hash, header: value.header, end: value.end };
}

/**
 * Checks a chain read line by line (streaming, fixed memory: one record of look-ahead) and names the first
 * record that was changed, removed, inserted or reordered. `expectedHead`, when given, is the head recorded at
 * export time: a chain rewritten as a whole is only caught by comparing it.
 */
export async function verifyChain(
  lines: AsyncIterable<string>,
  options: { readonly expectedHead?: string; readonly onProgress?: (records: number) => void } = {},
): Promise<VerifyResult> {
  const iterator = lines[Symbol.asyncIterator]();
  let lineNo = 0;
  const next = async (): Promise<Parsed | 'eof' | { malformed: number }> => {
    for (;;) {
      const r = await iterator.next();
      if (r.done) return 'eof';
      lineNo++;
      if (r.value.trim() === '') continue;
      return parse(r.value, lineNo) ?? { malformed: lineNo };
    }
  };
  const fail = (kind: TamperKind, line: number, seq: number | null, message: string): VerifyResult => ({ ok: false, kind, line, seq, message });

  let expectedSeq = 0;
  let expectedPrev = GENESIS;
  let header: ExportHeader | undefined;
  let ahead = await next();
  for (;;) {
    const current = ahead;
    if (current === 'eof') {
      return fail(
        'removed',
        lineNo + 1,
        expectedSeq,
        `The file ends before record ${expectedSeq}: the records from there on, and the end record, were removed.`,
      );
    }
    if ('malformed' in current)
      return fail('malformed', current.malformed, null, `Line ${current.malformed} is not a record of this format: it was changed or inserted.`);
    ahead = await next();
    if (!current.selfValid)
      return fail('changed', current.line, current.seq, `Record ${current.seq} (line ${current.line}) was changed: its content no longer matches its hash.`);
    if (current.seq !== expectedSeq || current.prev !== expectedPrev) {
      const following = ahead !== 'eof' && !('malformed' in ahead) ? ahead : null;
      const inserted = () => fail('inserted', current.line, current.seq, `Line ${current.line} was inserted: the chain goes on without it.`);
      if (current.seq === expectedSeq) {
        if (following && following.seq === expectedSeq && following.prev === expectedPrev) return inserted();
        return fail(
          'changed',
          current.line - 1,
          expectedSeq - 1,
          `Record ${expectedSeq - 1} (line ${current.line - 1}) was changed and re-hashed: record ${current.seq} no longer links to it.`,
        );
      }
      if (current.seq < expectedSeq) return inserted();
      // A later record came early. Follow the chain from the record expected here, past this line.
      let e = expectedSeq;
      let p = expectedPrev;
      let later = ahead;
      while (later !== 'eof' && !('malformed' in later) && later.seq === e && later.prev === p) {
        e++;
        p = later.hash;
        if (later.end) break;
        later = await next();
      }
      if (e === expectedSeq) {
        // The record expected here is not next: further on (reordered) or gone (removed).
        for (; later !== 'eof'; later = await next()) {
          if (!('malformed' in later) && later.seq === expectedSeq) {
            return fail(
              'reordered',
              current.line,
              expectedSeq,
              `Records were reordered: record ${expectedSeq} belongs at line ${current.line} but is at line ${later.line}.`,
            );
          }
        }
        return fail('removed', current.line, expectedSeq, `Record ${expectedSeq} was removed: line ${current.line} holds record ${current.seq} instead.`);
      }
      // The chain went on without this line up to record e: this line belongs there (moved up), or nowhere (inserted).
      if (e === current.seq && current.prev === p) {
        return fail(
          'reordered',
          current.line,
          current.seq,
          `Records were reordered: record ${current.seq} (line ${current.line}) belongs after record ${e - 1}.`,
        );
      }
      return inserted();
    }
    if (current.seq === 0) {
      if (!current.header || current.header.format !== AUDIT_FORMAT)
        return fail('malformed', current.line, 0, 'The first record is not the header of an onsite audit export.');
      header = current.header;
    }
    expectedSeq++;
    expectedPrev = current.hash;
    if (expectedSeq % 10_000 === 0) options.onProgress?.(expectedSeq);
    if (current.end) {
      if (current.end.count !== current.seq - 1) return fail('changed', current.line, current.seq, 'The end record does not count the records before it.');
      if (ahead !== 'eof')
        return fail('inserted', 'malformed' in ahead ? ahead.malformed : ahead.line, null, 'Lines follow the end record: they were inserted.');
      if (options.expectedHead && options.expectedHead !== current.hash) {
        return fail(
          'changed',
          current.line,
          current.seq,
          `The chain is consistent but its head ${current.hash} is not the head recorded at export (${options.expectedHead}): the file was rewritten as a whole.`,
        );
      }
      return { ok: true, records: current.seq + 1, events: current.end.count, head: current.hash, header: header! };
    }
  }
}
