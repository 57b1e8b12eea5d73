import { randomUUID } from 'node:crypto';
import { withSchemaVersion, type EventMetadata, type RecordedEvent } from '@onsite/domain';
import {
  START,
  VersionConflictError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedVersion,
  type ReadAllResult,
  type SubscribeOptions,
  type Subscription,
} from '../event-store/event-store.js';
import { isUniqueViolation, runSchemaStatements, violatedConstraint, type SqlClient, type SqlExecutor } from './sql-client.js';

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS es_streams (
     stream_id text PRIMARY KEY,
     version integer NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS es_events (
     global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
     event_id text NOT NULL CONSTRAINT es_events_event_id_key UNIQUE,
     stream_id text NOT NULL,
     stream_version integer NOT NULL,
     type text NOT NULL,
     data jsonb NOT NULL,
     metadata jsonb NOT NULL,
     recorded_at timestamptz NOT NULL DEFAULT now(),
     CONSTRAINT es_events_stream_version_key UNIQUE (stream_id, stream_version)
   )`,
  // The global order is (transaction_id, global_position); readAll walks this index.
  'CREATE INDEX IF NOT EXISTS es_events_global_order ON es_events (transaction_id, global_position)',
];

// Aliases differ from the column names: ORDER BY would otherwise sort by the text values.
const EVENT_COLUMNS = `global_position::text AS position_text, transaction_id::text AS transaction_text,
  event_id, stream_id, stream_version, type, data, metadata, recorded_at`;

interface EventRow {
  readonly [column: string]: unknown;
  readonly position_text: string;
  readonly transaction_text: string;
  readonly event_id: string;
  readonly stream_id: string;
  readonly stream_version: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly recorded_at: Date | string;
}

export interface SqlEventStoreOptions {
  /** How often a live subscription looks for events committed by other processes (default 250 ms). */
  readonly pollIntervalMs?: number;
  /** Default readAll / subscription batch size (default 500). */
  readonly batchSize?: number;
  /**
   * Testing hook awaited inside every append transaction right before COMMIT: holding it keeps the
   * transaction open, which is how the contract tests provoke out-of-order commits.
   */
  readonly beforeCommit?: (streamId: string) => Promise<void>;
}

/** NOTIFY channel (qualified by the schema) on which PostgreSQL appends wake other processes' subscriptions. */
const APPENDED_CHANNEL = 'onsite_appended';

/** PostgreSQL: tries of an append at any version while other writers keep moving its stream. */
const MAX_ATTEMPTS_AT_ANY_VERSION = 100;

/** Appends written together at most (a PGlite group commit, a PostgreSQL share). */
const MAX_GROUP = 200;

interface PendingAppend {
  readonly streamId: string;
  readonly expectedVersion: ExpectedVersion;
  readonly count: number;
  /** The events as one JSON array (ids assigned). */
  readonly payload: string;
  /** The stream's version when it was locked (for the conflict error). */
  actual: number;
}

interface QueuedAppend {
  readonly append: PendingAppend;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

type Outcome = { rows: EventRow[] } | { error: unknown };

/** A statement of a group committed without savepoints failed: the transaction is aborted, the group runs again with them. */
class SavepointsNeeded extends Error {
  constructor(readonly failure: unknown) {
    super('An append of the group failed; the group is committed again with a savepoint per append.');
  }
}

function appendResultOf(rows: readonly EventRow[]): AppendResult {
  const last = rows.reduce((a, b) => (a.stream_version > b.stream_version ? a : b));
  return { nextVersion: last.stream_version, lastCheckpoint: checkpointOf(last) };
}

/**
 * Appends waiting, in arrival order, to be written together (PGlite's group commit, PostgreSQL's shares): the first
 * to arrive starts the work after the event loop's next turn, and `next` takes a batch of the waiting ones each time
 * until none wait. The turn matters: PGlite answers through microtasks only, so without it a request would run from
 * its first statement to its response before the server even reads the next request, and no batch would ever hold
 * more than one command.
 */
class AppendQueue {
  private readonly waiting: QueuedAppend[] = [];
  private busy = false;

  constructor(
    /** Takes some of the waiting appends from the front (at least one) and settles each. */
    private readonly next: (waiting: QueuedAppend[]) => Promise<void>,
  ) {}

  add(append: PendingAppend): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.waiting.push({ append, resolve, reject });
      if (this.waiting.length === 1 && !this.busy) {
        this.busy = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.waiting.length > 0) await this.next(this.waiting);
    } finally {
      this.busy = false;
    }
  }
}

/** Each waiting append gets its outcome: its result, or its error. */
function settle(waiting: readonly QueuedAppend[], outcomes: readonly Outcome[]): void {
  waiting.forEach(({ resolve, reject }, i) => {
    const outcome = outcomes[i]!;
    if ('rows' in outcome) resolve(appendResultOf(outcome.rows));
    else reject(outcome.error);
  });
}

/** A version conflict caused by an event id that is already stored; nothing of the append was written. */
export class DuplicateEventIdError extends VersionConflictError {
  constructor(streamId: string, expected: ExpectedVersion, actual: number) {
    super(streamId, expected, actual);
    this.message = `An event id of this append to ${streamId} is already stored; nothing was written.`;
    this.name = 'DuplicateEventIdError';
  }
}

/**
 * Event store on PostgreSQL or PGlite.
 *
 * Ordering: a transaction's events become visible to readAll only once every transaction with a smaller
 * transaction id has finished (`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`), and readers go in
 * (transaction_id, global_position) order with that pair as checkpoint. Positions are allocated before commit,
 * so ordering by position alone would let a reader pass an event whose transaction commits later.
 */
export class SqlEventStore implements EventStore {
  readonly name: string;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly appended = new AppendSignal();
  private readonly subscriptions = new Set<SqlSubscription>();
  /** PGlite: appends waiting for the next group commit. */
  private readonly groups = new AppendQueue((waiting) => this.commitNextGroup(waiting));
  /**
   * PGlite: the events of this process's latest group commit and the checkpoint right before them, when that was
   * the end of the log (D82). PGlite's data directory belongs to this process and every append goes through the
   * group commit, so a subscription reading on from `after` gets exactly these events without a query.
   */
  private latestGroup: { readonly after: string; readonly events: readonly RecordedEvent[] } | undefined;
  /** PGlite: the checkpoint of the last event this process committed, once it has committed a group. */
  private logEnd: string | undefined;
  /** PostgreSQL: appends at an expected version waiting for this process's next shared statement (D124). */
  private readonly shares = new AppendQueue((waiting) => this.runNextShare(waiting));
  /** Ends the LISTEN for other processes' appends (PostgreSQL). */
  private stopListening: (() => Promise<void>) | undefined;
  /** readAll queries in flight, by checkpoint, batch size and append generation. */
  private readonly reading = new Map<string, Promise<ReadAllResult>>();

  constructor(
    private readonly client: SqlClient,
    private readonly options: SqlEventStoreOptions = {},
  ) {
    this.name = client.dialect;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.batchSize = positiveInteger(options.batchSize ?? 500, 'batchSize');
  }

  async init(): Promise<void> {
    await runSchemaStatements(this.client, SCHEMA);
    // Another process's appends wake our subscriptions at their commit instead of at the next poll.
    this.stopListening ??= await this.client.listen?.(APPENDED_CHANNEL, () => this.appended.notify());
  }

  async appendToStream(streamId: string, events: readonly EventToAppend[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (expectedVersion !== 'any' && !(Number.isInteger(expectedVersion) && expectedVersion >= 0)) {
      throw new Error(`Invalid expected version ${String(expectedVersion)} for ${streamId}.`);
    }
    if (events.length === 0) return this.appendNothing(streamId, expectedVersion);
    const append: PendingAppend = {
      streamId,
      expectedVersion,
      count: events.length,
      payload: JSON.stringify(
        events.map((event) => ({
          eventId: event.eventId ?? randomUUID(),
          type: event.type,
          data: event.data ?? null,
          metadata: withSchemaVersion(event.type, event.metadata),
        })),
      ),
      actual: 0,
    };
    if (this.client.dialect === 'pglite') return this.groups.add(append);
    if (expectedVersion !== 'any') return this.shares.add(append);
    const rows = await this.appendAtCurrentVersion(append);
    this.appended.notify();
    this.client.notify?.(APPENDED_CHANNEL);
    return appendResultOf(rows);
  }

  /**
   * Group commit on PGlite's single connection: appends that arrive while it is busy wait in arrival order and are
   * committed together in the next transaction, each behind a savepoint, so that a conflict refuses only its own
   * append. A commit (the write-ahead log's flush) is the dearest part of an append; under load it is shared.
   */
  private async commitNextGroup(waiting: QueuedAppend[]): Promise<void> {
    let group: QueuedAppend[] = [];
    let outcomes: Outcome[];
    try {
      // Taken once the connection is ours: everything that queued while waiting for it joins this group.
      outcomes = await this.commitGroup(() => (group = waiting.splice(0, MAX_GROUP)), false).catch((error: unknown) => {
        if (!(error instanceof SavepointsNeeded)) throw error;
        return this.commitGroup(() => group, true);
      });
    } catch (error) {
      // The transaction failed as a whole (or its only append was refused): nothing of the group was written.
      // (Positions it took are gaps now; the log's end is read from the log again.)
      this.logEnd = this.latestGroup = undefined;
      // A transaction that could not even begin (the client is closed) took no group: every append waiting is
      // refused with its error. Tried again at once instead, it failed again at once, for ever, and the process
      // spun on without ever reaching the event loop again (a server stopped while an append waited).
      if (group.length === 0) group = waiting.splice(0);
      for (const { reject } of group) reject(error);
      return;
    }
    this.rememberGroup(outcomes);
    this.appended.notify();
    settle(group, outcomes);
  }

  /** The group's events, in log order (its appends ran one after another in one transaction), for readAll. */
  private rememberGroup(outcomes: readonly Outcome[]): void {
    const events = outcomes.flatMap((outcome) => ('rows' in outcome ? outcome.rows : [])).map(toRecordedEvent);
    const last = events.at(-1);
    if (!last) return;
    this.latestGroup = this.logEnd === undefined ? undefined : { after: this.logEnd, events };
    this.logEnd = last.checkpoint;
  }

  /**
   * One transaction for a group of appends. A refused expected version writes nothing and leaves the transaction
   * usable (insert checks it in SQL, without an error), so the group first runs without savepoints; only a
   * statement that fails (a duplicate event id) aborts it, and then the group runs again with a savepoint per
   * append, so that the failure refuses only its own append.
   */
  private async commitGroup(take: () => readonly QueuedAppend[], savepoints: boolean): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    await this.client.transaction(async (tx) => {
      const group = take();
      if (group.length === 1) {
        outcomes.push({ rows: await this.mapConflicts(group[0]!.append, () => this.insert(tx, group[0]!.append)) });
      } else if (!savepoints) {
        try {
          for (const segment of distinctStreamRuns(group.map(({ append }) => append))) outcomes.push(...(await this.insertMany(tx, segment)));
        } catch (error) {
          throw new SavepointsNeeded(error);
        }
      }
      for (const { append } of savepoints && group.length > 1 ? group : []) {
        await tx.query('SAVEPOINT append');
        try {
          outcomes.push({ rows: await this.mapConflicts(append, () => this.insert(tx, append)) });
          await tx.query('RELEASE SAVEPOINT append');
        } catch (error) {
          await tx.query('ROLLBACK TO SAVEPOINT append');
          outcomes.push({ error });
        }
      }
      for (const { append } of group) await this.options.beforeCommit?.(append.streamId);
    });
    return outcomes;
  }

  /**
   * PostgreSQL, an append at an expected version (D124): the appends that arrive while this process's previous shared
   * statement runs wait in arrival order and go together in the next one, `insertMany`'s single statement committed
   * on its own (a run of distinct streams; a stream's second append waits for the statement after). One round trip
   * and one commit (one flush of the write-ahead log) for the whole share instead of one each. A refused expected
   * version moves nothing and inserts nothing for its own append only, and it never succeeds after waiting for
   * another writer of its stream (D82), so each stream stays in version order. A statement that fails as a whole (a
   * stored event id, a deadlock with another process's share) wrote nothing: its appends run again one by one, each
   * with its own outcome.
   */
  private async runNextShare(waiting: QueuedAppend[]): Promise<void> {
    const share = waiting.splice(0, distinctStreamRuns(waiting.slice(0, MAX_GROUP).map(({ append }) => append))[0]!.length);
    const appends = share.map(({ append }) => append);
    const outcomes = await this.shareStatement(appends).catch(() =>
      Promise.all(
        appends.map((append) =>
          this.appendAt(append).then(
            (rows): Outcome => ({ rows }),
            (error: unknown): Outcome => ({ error }),
          ),
        ),
      ),
    );
    if (outcomes.some((outcome) => 'rows' in outcome)) {
      this.appended.notify();
      this.client.notify?.(APPENDED_CHANNEL);
    }
    settle(share, outcomes);
  }

  /** One share's statement; the testing hook needs a transaction to hold open, so with it the statement runs in one. */
  private shareStatement(appends: readonly PendingAppend[]): Promise<Outcome[]> {
    const { beforeCommit } = this.options;
    if (!beforeCommit) return this.insertMany(this.client, appends);
    return this.client.transaction(async (tx) => {
      const outcomes = await this.insertMany(tx, appends);
      for (const append of appends) await beforeCommit(append.streamId);
      return outcomes;
    });
  }

  /**
   * PostgreSQL, an append at an expected version on its own: one statement, committed on its own (D82): the version check and the
   * insert in one round trip; other processes are woken after the commit (`SqlClient.notify`, D108). The testing hook
   * needs a transaction to hold open: the same statement then runs inside one.
   *
   * Order: readers go by (transaction_id, position), and a row lock assigns the transaction id before it waits. A
   * writer that waits for another's row of the same stream finds the version moved when that one commits and
   * inserts nothing, so no successful append ever waited for another of its stream: each stream stays in version
   * order without a lock (the stream's advisory lock and its FOR UPDATE read were two round trips more).
   */
  private appendAt(append: PendingAppend): Promise<EventRow[]> {
    const { beforeCommit } = this.options;
    return this.mapConflicts(append, () =>
      beforeCommit
        ? this.client.transaction(async (tx) => {
            const inserted = await this.insert(tx, append);
            await beforeCommit(append.streamId);
            return inserted;
          })
        : this.insert(this.client, append),
    );
  }

  /**
   * PostgreSQL, an append at any version: at the stream's version read just before, again (in a new transaction)
   * when another writer moved it meanwhile, so that it too is an append that never waited (see appendAt).
   */
  private async appendAtCurrentVersion(append: PendingAppend): Promise<EventRow[]> {
    for (let attempt = 1; ; attempt++) {
      const [row] = await this.client.query<{ version: number }>('SELECT version FROM es_streams WHERE stream_id = $1', [append.streamId]);
      try {
        return await this.appendAt({ ...append, expectedVersion: row?.version ?? 0 });
      } catch (error) {
        if (!(error instanceof VersionConflictError) || error instanceof DuplicateEventIdError || attempt >= MAX_ATTEMPTS_AT_ANY_VERSION) throw error;
      }
    }
  }

  /**
   * Checks the expected version and inserts the events in one statement; returns the inserted rows (none: refused).
   * The stream row moves only from the expected version (a new stream: from none), and the events are numbered from
   * the version it moved from; when it does not move, nothing is inserted and the stream's version is read for the
   * conflict. On PostgreSQL concurrent appends to one stream queue on its row: the insert's ON CONFLICT waits for
   * the other transaction's row, and the UPDATE re-checks `version = expected` against the row the other committed
   * (READ COMMITTED), so exactly one of two appends from the same version moves the stream; the other inserts
   * nothing.
   */
  private async insert(tx: SqlExecutor, append: PendingAppend): Promise<EventRow[]> {
    const { streamId, expectedVersion } = append;
    const expected = expectedVersion === 'any' ? null : expectedVersion;
    const rows = await tx.query<EventRow>(
      `WITH stream AS (
         INSERT INTO es_streams AS s (stream_id, version)
         SELECT $1, $4::integer WHERE $2::integer IS NULL OR $2::integer = 0
         ON CONFLICT (stream_id) DO UPDATE SET version = s.version + $4::integer
          WHERE $2::integer IS NULL
         RETURNING version - $4::integer AS since
       ), moved AS (
         UPDATE es_streams SET version = version + $4::integer
          WHERE stream_id = $1 AND $2::integer > 0 AND version = $2::integer
         RETURNING version - $4::integer AS since
       ), since AS (SELECT since FROM stream UNION ALL SELECT since FROM moved)
       INSERT INTO es_events (event_id, stream_id, stream_version, type, data, metadata)
       SELECT e->>'eventId', $1, since.since + o::integer, e->>'type', e->'data', e->'metadata'
         FROM since, jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x(e, o)
        ORDER BY o
       RETURNING ${EVENT_COLUMNS}`,
      [streamId, expected, append.payload, append.count],
    );
    if (rows.length > 0) {
      append.actual = Math.min(...rows.map((row) => row.stream_version)) - 1;
      return rows;
    }
    const [row] = await tx.query<{ version: number }>('SELECT version FROM es_streams WHERE stream_id = $1', [streamId]);
    append.actual = row?.version ?? 0;
    throw new VersionConflictError(streamId, expectedVersion, append.actual);
  }

  /**
   * A PGlite group without savepoints (D99), or a PostgreSQL share (D124): the appends of a run of distinct streams in one statement, each with
   * its own expected version, as `insert` does for one (one statement may not move a stream's row twice, so a
   * stream's second append in a group goes in the next statement and sees the first). An append whose expected
   * version does not hold moves nothing and inserts nothing; its stream's version is read for the conflict error.
   * The events are inserted in the appends' order, so the log holds them in arrival order. A failing statement (a
   * stored event id) raises the error, and the caller runs the group again with a savepoint per append.
   */
  private async insertMany(tx: SqlExecutor, appends: readonly PendingAppend[]): Promise<Outcome[]> {
    if (appends.length === 1) {
      try {
        return [{ rows: await this.insert(tx, appends[0]!) }];
      } catch (error) {
        if (error instanceof VersionConflictError) return [{ error }];
        throw error;
      }
    }
    const input = `[${appends.map((a) => `{"s":${JSON.stringify(a.streamId)},"x":${a.expectedVersion === 'any' ? 'null' : a.expectedVersion},"n":${a.count},"e":${a.payload}}`).join(',')}]`;
    const rows = await tx.query<EventRow>(
      `WITH a AS (
         SELECT i, x->>'s' AS stream_id, (x->>'x')::integer AS expected, (x->>'n')::integer AS n, x->'e' AS events
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(x, i)
       ), created AS (
         INSERT INTO es_streams (stream_id, version)
         SELECT stream_id, n FROM a WHERE expected = 0 ORDER BY i
         ON CONFLICT (stream_id) DO NOTHING
         RETURNING stream_id, version
       ), anywhere AS (
         INSERT INTO es_streams AS s (stream_id, version)
         SELECT stream_id, n FROM a WHERE expected IS NULL ORDER BY i
         ON CONFLICT (stream_id) DO UPDATE SET version = s.version + excluded.version
         RETURNING stream_id, version
       ), moved AS (
         UPDATE es_streams AS s SET version = s.version + a.n
           FROM a
          WHERE s.stream_id = a.stream_id AND a.expected > 0 AND s.version = a.expected
         RETURNING s.stream_id, s.version
       ), since AS (
         SELECT a.i, a.stream_id, m.version - a.n AS since, a.events
           FROM a JOIN (SELECT * FROM created UNION ALL SELECT * FROM anywhere UNION ALL SELECT * FROM moved) m USING (stream_id)
       )
       INSERT INTO es_events (event_id, stream_id, stream_version, type, data, metadata)
       SELECT e->>'eventId', since.stream_id, since.since + o::integer, e->>'type', e->'data', e->'metadata'
         FROM since, jsonb_array_elements(since.events) WITH ORDINALITY AS x(e, o)
        ORDER BY since.i, o
       RETURNING ${EVENT_COLUMNS}`,
      [input],
    );
    const byStream = new Map<string, EventRow[]>();
    for (const row of rows) {
      const list = byStream.get(row.stream_id);
      if (list) list.push(row);
      else byStream.set(row.stream_id, [row]);
    }
    const refused = appends.filter((append) => !byStream.has(append.streamId));
    const versions = new Map<string, number>();
    if (refused.length > 0) {
      const found = await tx.query<{ stream_id: string; version: number }>('SELECT stream_id, version FROM es_streams WHERE stream_id = ANY($1::text[])', [
        refused.map((append) => append.streamId),
      ]);
      for (const row of found) versions.set(row.stream_id, row.version);
    }
    return appends.map((append) => {
      const inserted = byStream.get(append.streamId);
      if (!inserted) {
        append.actual = versions.get(append.streamId) ?? 0;
        return { error: new VersionConflictError(append.streamId, append.expectedVersion, append.actual) };
      }
      inserted.sort((x, y) => x.stream_version - y.stream_version);
      append.actual = inserted[0]!.stream_version - 1;
      return { rows: inserted };
    });
  }

  /** A unique violation is a concurrent append (or a stored event id): a version conflict, nothing written. */
  private async mapConflicts<T>(append: PendingAppend, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (violatedConstraint(error) === 'es_events_event_id_key') throw new DuplicateEventIdError(append.streamId, append.expectedVersion, append.actual);
      throw new VersionConflictError(append.streamId, append.expectedVersion, append.actual);
    }
  }

  async readStream(streamId: string, options: { fromVersion?: number; toVersion?: number } = {}): Promise<RecordedEvent[]> {
    const rows = await this.client.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events
        WHERE stream_id = $1 AND stream_version >= $2 AND ($3::integer IS NULL OR stream_version <= $3::integer)
        ORDER BY stream_version`,
      [streamId, options.fromVersion ?? 1, options.toVersion ?? null],
    );
    return rows.map(toRecordedEvent);
  }

  /**
   * Subscribers woken by the same append read the same page: a read of the same checkpoint and size that is still
   * running, and was started after this process's latest append, is shared instead of sent again (its events are
   * read-only to every caller). On PGlite a read from just before this process's latest group is that group.
   */
  readAll(checkpoint: string, batchSize: number = this.batchSize): Promise<ReadAllResult> {
    const group = this.latestGroup;
    if (group && checkpoint === group.after && group.events.length <= batchSize) {
      return Promise.resolve({ events: group.events, checkpoint: group.events.at(-1)!.checkpoint });
    }
    const key = `${checkpoint}|${batchSize}|${this.appended.current}`;
    let read = this.reading.get(key);
    if (!read) {
      read = this.readAllNow(checkpoint, batchSize).finally(() => this.reading.delete(key));
      this.reading.set(key, read);
    }
    return read;
  }

  private async readAllNow(checkpoint: string, batchSize: number): Promise<ReadAllResult> {
    const { transactionId, position } = parseCheckpoint(checkpoint);
    const rows = await this.client.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, global_position
        LIMIT $3`,
      [transactionId, position, positiveInteger(batchSize, 'batchSize')],
    );
    const events = rows.map(toRecordedEvent);
    return { events, checkpoint: events.at(-1)?.checkpoint ?? checkpoint };
  }

  subscribe(options: SubscribeOptions): Subscription {
    parseCheckpoint(options.from);
    const subscription = new SqlSubscription(this, this.appended, options, {
      batchSize: positiveInteger(options.batchSize ?? this.batchSize, 'batchSize'),
      pollIntervalMs: this.pollIntervalMs,
    });
    this.subscriptions.add(subscription);
    void subscription.finished.then(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  compareCheckpoints(a: string, b: string): number {
    const x = parseCheckpoint(a);
    const y = parseCheckpoint(b);
    return compareBigInt(BigInt(x.transactionId), BigInt(y.transactionId)) || compareBigInt(BigInt(x.position), BigInt(y.position));
  }

  async countEvents(): Promise<number> {
    const [row] = await this.client.query<{ count: string }>(
      'SELECT count(*)::text AS count FROM es_events WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())',
    );
    return Number(row?.count ?? 0);
  }

  /** Stops the subscriptions; the SqlClient belongs to whoever opened it. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  private async appendNothing(streamId: string, expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const [row] = await this.client.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1`, [
      streamId,
    ]);
    const actual = row?.stream_version ?? 0;
    if (expectedVersion !== 'any' && expectedVersion !== actual) throw new VersionConflictError(streamId, expectedVersion, actual);
    return { nextVersion: actual, lastCheckpoint: row ? checkpointOf(row) : START };
  }
}

/** Wakes live subscriptions when this process appends; the generation counter means no wake-up is lost. */
class AppendSignal {
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  get current(): number {
    return this.generation;
  }

  notify(): void {
    this.generation++;
    for (const listener of [...this.listeners]) listener();
  }

  on(listener: () => void): void {
    this.listeners.add(listener);
  }

  off(listener: () => void): void {
    this.listeners.delete(listener);
  }
}

class SqlSubscription implements Subscription {
  readonly finished: Promise<void>;
  private closed = false;
  /** Ends the current idle wait early (set while waiting). */
  private wake: (() => void) | undefined;

  constructor(
    private readonly store: SqlEventStore,
    private readonly appended: AppendSignal,
    private readonly options: SubscribeOptions,
    private readonly settings: { readonly batchSize: number; readonly pollIntervalMs: number },
  ) {
    this.finished = this.run();
  }

  /** Waits for a running onEvents to finish; do not await it from inside onEvents. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.finished;
  }

  private async run(): Promise<void> {
    let checkpoint = this.options.from;
    let failures = 0;
    while (!this.closed) {
      const seen = this.appended.current;
      try {
        const batch = await this.store.readAll(checkpoint, this.settings.batchSize);
        if (this.closed) break;
        if (batch.events.length > 0) {
          await this.options.onEvents(batch.events, batch.checkpoint);
          checkpoint = batch.checkpoint;
        }
        // A short batch is everything visible when it was read: read again at once only if this process appended
        // since (or the batch was full); otherwise wait for the next append or poll, instead of an empty read.
        if (batch.events.length < this.settings.batchSize) await this.idle(this.settings.pollIntervalMs, seen);
        failures = 0;
      } catch (error) {
        if (this.closed) break;
        failures++;
        (this.options.onError ?? logSubscriptionError)(error);
        // The same batch is read and delivered again: an event is never skipped.
        await this.idle(Math.min(100 * 2 ** failures, 10_000));
      }
    }
  }

  /** Sleeps `ms`; with `seen`, also wakes on a local append (at once if one happened since `seen`). */
  private idle(ms: number, seen?: number): Promise<void> {
    if (this.closed || (seen !== undefined && seen !== this.appended.current)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.appended.off(done);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (seen !== undefined) this.appended.on(done);
      this.wake = done;
    });
  }
}

function logSubscriptionError(error: unknown): void {
  console.error('Event store subscription failed; retrying.', error);
}

/** The appends in order, cut into runs in which no stream appears twice (each run is one statement). */
function distinctStreamRuns(appends: readonly PendingAppend[]): PendingAppend[][] {
  const runs: PendingAppend[][] = [];
  let run: PendingAppend[] = [];
  let streams = new Set<string>();
  for (const append of appends) {
    if (streams.has(append.streamId)) {
      runs.push(run);
      run = [];
      streams = new Set();
    }
    run.push(append);
    streams.add(append.streamId);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

const MAX_BIGINT = 2n ** 63n - 1n;

/** Checkpoint text: `<transaction id>:<global position>`, or START ('0') before the first event. */
function parseCheckpoint(checkpoint: string): { transactionId: string; position: string } {
  if (checkpoint === START) return { transactionId: '0', position: '0' };
  const match = /^(\d{1,19}):(\d{1,19})$/.exec(checkpoint);
  // Both parts must fit the columns' 64-bit types (xid8, bigint): a larger number is no checkpoint of this store.
  if (!match?.[1] || !match[2] || BigInt(match[1]) > MAX_BIGINT || BigInt(match[2]) > MAX_BIGINT)
    throw new Error(`Invalid event store checkpoint: ${checkpoint}`);
  return { transactionId: match[1], position: match[2] };
}

function checkpointOf(row: EventRow): string {
  return `${row.transaction_text}:${row.position_text}`;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    checkpoint: checkpointOf(row),
    globalPosition: row.position_text,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}

function compareBigInt(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${what} must be a positive integer, got ${value}.`);
  return value;
}
