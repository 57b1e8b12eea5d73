/** Read-model storage: JSON documents in named collections, queried with a small typed filter. */

import type { Lease, LeaseStore } from './leases.js';

export type Scalar = string | number | boolean | null;

/** Conditions on one dotted path. Dates are ISO strings compared as instants when `date: true` is given. */
export type Condition =
  | Scalar
  | { readonly eq: Scalar }
  | { readonly ne: Scalar }
  | { readonly in: readonly Scalar[] }
  | { readonly gt?: number | string; readonly gte?: number | string; readonly lt?: number | string; readonly lte?: number | string; readonly date?: boolean }
  | { readonly contains: string } // case-insensitive substring
  /** Case-sensitive substring: for a text stored normalised (lower-cased), searched with the same normalisation. */
  | { readonly includes: string }
  | { readonly exists: boolean }
  /** The array at the path contains this value. */
  | { readonly has: Scalar };

/** A filter: every entry must hold (AND); `$or` holds when any of its filters holds. Paths are dotted ("customer.name"). */
export type Filter = { readonly $or?: readonly Filter[]; readonly $and?: readonly Filter[] } & {
  readonly [path: string]: Condition | readonly Filter[] | undefined;
};

export interface SortSpec {
  readonly path: string;
  readonly direction: 'asc' | 'desc';
  /** Sort as numbers instead of text. */
  readonly numeric?: boolean;
}

export interface FindOptions {
  readonly filter?: Filter;
  readonly sort?: readonly SortSpec[];
  readonly skip?: number;
  readonly limit?: number;
}

/**
 * A declared index: lookups on `paths` (equality, ranges, in); or, with `sort`, the rows in that sort order (then the
 * id), so that a sorted page reads only its own rows; or, with `contains`, case-insensitive substring search on one
 * path, and `includes` on it (trigrams, where the store has them: PostgreSQL and PGlite with pg_trgm); or, with
 * `has`, the documents whose array at that path holds a value (the `has` condition), without reading every document.
 */
export type IndexSpec =
  | { readonly name: string; readonly paths: readonly string[]; readonly unique?: boolean }
  /**
   * With `within`, equality on those paths first (a company, a status), then the sort order: a sorted page of one
   * company's or one status's rows reads only its own rows.
   */
  | { readonly name: string; readonly sort: readonly SortSpec[]; readonly within?: readonly string[] }
  | { readonly name: string; readonly contains: string }
  | { readonly name: string; readonly has: string };

export interface CountOptions {
  /** Count no further than this: a list that only says "more than 1,000" need not read every match. */
  readonly upTo?: number;
}

export interface CollectionDefinition {
  readonly name: string;
  /**
   * A small collection read far more often than written (a few dozen counters): where the store keeps documents in
   * memory (the embedded profile, D48), it keeps the answers of its finds too, each until the collection's next write.
   */
  readonly cachedFinds?: boolean;
  /**
   * Keep each document's JSON text beside it, for `findJson` (D98): on PostgreSQL and PGlite a generated `json`
   * column, whose text output is a copy where jsonb's is a conversion (a page of 100 list rows ~0.4 ms less on
   * PGlite), at the price of storing every document twice. Added to an existing collection at start (a rewrite of
   * its table). MongoDB ignores it.
   */
  readonly jsonText?: boolean;
  readonly indexes?: readonly IndexSpec[];
}

export interface StoredDocument<T> {
  readonly id: string;
  /** The stream revision the document reflects (projections), or an application counter. */
  readonly revision: number;
  readonly data: T;
}

export interface Collection<T> {
  get(id: string): Promise<StoredDocument<T> | null>;
  /**
   * The documents stored under these ids, in no particular order; ids with no document are left out. One round trip
   * by the primary key (a page whose ids a narrower collection found).
   */
  getMany(ids: readonly string[]): Promise<StoredDocument<T>[]>;
  /**
   * Writes the document when it is new or `revision` is greater than the stored one; returns whether it wrote.
   * Replaying an older event therefore changes nothing.
   */
  upsert(id: string, data: T, revision: number): Promise<boolean>;
  /**
   * `upsert` of many documents at once (distinct ids), each under the same revision guard: one round trip where the
   * store allows it. Projection batches flush their writes with it.
   */
  upsertMany(documents: readonly StoredDocument<T>[]): Promise<void>;
  /** Sets dotted paths on an existing document under the same revision guard; returns whether it wrote. */
  patch(id: string, set: Readonly<Record<string, unknown>>, revision: number): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  find(options?: FindOptions): Promise<T[]>;
  findDocuments(options?: FindOptions): Promise<StoredDocument<T>[]>;
  /**
   * `find`, each document as JSON text, for an answer that passes the documents on unchanged: the store reads them
   * as text and nothing parses them (on PGlite a page of 100 list rows spent ~0.4 ms in JSON.parse, D98). The text's
   * layout (spaces, order of keys) is the store's own; it parses to the document `find` returns. No find cache.
   */
  findJson(options?: FindOptions): Promise<string[]>;
  /** `getMany`, each document as JSON text (as `findJson` gives it): a page whose ids a narrower collection found. */
  getManyJson(ids: readonly string[]): Promise<DocumentJson[]>;
  /** How many documents match; with `upTo`, at most that many (the store stops reading there). */
  count(filter?: Filter, options?: CountOptions): Promise<number>;
}

/** A document's id and its data as JSON text. */
export interface DocumentJson {
  readonly id: string;
  readonly json: string;
}

/** Documents as `getManyJson` answers them, for a store that holds them parsed. */
export function documentsAsJson(documents: readonly StoredDocument<unknown>[]): DocumentJson[] {
  return documents.map((document) => ({ id: document.id, json: JSON.stringify(document.data) }));
}

/** What `DocumentStore.loadDocuments` writes into one collection. */
export interface DocumentLoad {
  readonly collection: string;
  readonly documents: readonly StoredDocument<unknown>[];
  readonly stored: ReadonlySet<string>;
  readonly deleted: readonly string[];
}

/** Documents to upsert into one collection (distinct ids). */
export interface DocumentWrites {
  readonly collection: string;
  readonly documents: readonly StoredDocument<unknown>[];
}

export interface Checkpoint {
  readonly projection: string;
  readonly checkpoint: string;
}

export interface DocumentSession {
  collection<T>(name: string): Collection<T>;
  getCheckpoint(projection: string): Promise<string | null>;
  setCheckpoint(projection: string, checkpoint: string): Promise<void>;
  /**
   * Optional: `upsertMany` into each collection, then `setCheckpoint` of each projection, in as few round trips as the
   * store allows (one statement on PostgreSQL and PGlite). Projection batches end with it.
   */
  writeBatch?(upserts: readonly DocumentWrites[], checkpoints: readonly Checkpoint[]): Promise<void>;
  /**
   * Optional, inside a transaction (stores with `leases`): throws LeaseLostError unless `holder` still holds every one
   * of these leases with its token and unexpired; the leases then cannot be taken over before this transaction ends.
   * `stallMs`: a transaction left idle longer than this (its process stopped mid-way) is ended by the store, so that a
   * stalled holder cannot keep a take-over waiting.
   */
  fence?(holder: string, leases: readonly Lease[], stallMs: number): Promise<void>;
}

export interface DocumentStore extends DocumentSession {
  readonly name: string;
  /** Leases kept in this store (PostgreSQL, MongoDB): projections run by one process at a time (D165). */
  readonly leases?: LeaseStore | undefined;
  /**
   * Optional: the checkpoints of these projections in one read (missing ones left out). Processes that wait for
   * projections run elsewhere read them often.
   */
  getCheckpoints?(projections: readonly string[]): Promise<Map<string, string>>;
  /** Optional (PostgreSQL): tells every `watchCheckpoints` listener, soon and coalesced, that checkpoints moved. */
  announceCheckpoints?(): void;
  /** Optional (PostgreSQL): calls `onChange` when any process announces checkpoints, until the returned stop. */
  watchCheckpoints?(onChange: () => void): Promise<() => Promise<void>>;
  /** Creates the collection and its declared indexes if missing. Idempotent. */
  ensureCollection(definition: CollectionDefinition): Promise<void>;
  /**
   * Brings the query planner's statistics of a collection up to date (after a bulk load such as a rebuild). With
   * `ifGrownBy`, only when the collection has grown by that factor since this store last refreshed it (always the first
   * time): the live refresh of a large collection, whose distribution a few per cent more documents hardly move (D118).
   */
  refreshStatistics(name: string, options?: { readonly ifGrownBy?: number }): Promise<void>;
  /** Drops a collection (used by rebuilds). */
  dropCollection(name: string): Promise<void>;
  /** Atomically replaces `target` by `source` (rebuild swap); `source` no longer exists afterwards. */
  renameCollection(source: string, target: string): Promise<void>;
  /**
   * Optional, the swap at the end of a rebuild: every `renameCollection` and the checkpoints in one transaction, so
   * that a reader sees either all the old read models or all the new ones. Without it the rebuild renames one
   * collection after the other.
   */
  swapCollections?(
    renames: readonly { readonly source: string; readonly target: string }[],
    checkpoints: readonly { readonly projection: string; readonly checkpoint: string }[],
  ): Promise<void>;
  /**
   * Rebuilds only, optional (a store without it is written through `upsertMany`): writes documents into collections
   * that nobody else writes and that have no declared index yet (a rebuild's fresh collections), in one transaction
   * that need not wait for the disk. There is no revision guard: each document replaces the one stored under its id,
   * and the ids in `deleted` are removed. `stored` lists the ids among `documents` that may already be stored (written
   * by an earlier load); every other id must be new to the collection.
   */
  loadDocuments?(loads: readonly DocumentLoad[]): Promise<void>;
  /** Runs `work` in one transaction: document writes and checkpoints commit together or not at all. */
  /**
   * `rebuildable`: everything the transaction writes can be derived again from the event log (a projection batch
   * with its checkpoint). Its commit then need not wait for the disk: a crash can only lose it whole, and the
   * projection re-applies it from the older checkpoint.
   */
  transaction<R>(work: (session: DocumentSession) => Promise<R>, options?: { readonly rebuildable?: boolean }): Promise<R>;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  readonly code = 'duplicate_key';
  constructor(
    readonly collection: string,
    readonly index: string,
  ) {
    super(`Duplicate key in ${collection} (${index}).`);
    this.name = 'DuplicateKeyError';
  }
}
