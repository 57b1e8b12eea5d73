import type { StoredDocument } from '../document-store/document-store.js';

/**
 * Documents read by id, kept in memory for a process that is the only writer of its database (the embedded
 * profile: PGlite, whose data directory one process owns). Every write through the store forgets the document at
 * once (and again when its transaction ends), so a read after a write, a revoked session or a deactivated user is
 * never served from memory. Reads inside a transaction may use the cache but never fill it (they could see
 * uncommitted writes); a read that raced a write (the write counter moved while it ran) does not fill it either.
 * Copies go in and out, so no caller can change what another reads: a document is kept as its JSON text (documents
 * are JSON, read from jsonb columns) and parsed anew for each reader, which costs less than structuredClone of the
 * same object (D82). Least recently used entries go first.
 */
export class DocumentCache {
  private readonly entries = new Map<string, string | null>();
  /**
   * The answers of finds on the collections declared with `cachedFinds`, per collection and query (its SQL and
   * parameters), as JSON text like the documents; a collection's go at its next write.
   */
  private readonly finds = new Map<string, Map<string, string>>();
  private readonly findCollections = new Set<string>();
  /** Bumped by every invalidation: a read started before it must not fill the cache. */
  private writes = 0;

  constructor(private readonly capacity: number) {}

  get stamp(): number {
    return this.writes;
  }

  /** The cached document (a copy), null when known missing, undefined when not cached. */
  get<T>(collection: string, id: string): StoredDocument<T> | null | undefined {
    const key = keyOf(collection, id);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry === null ? null : (JSON.parse(entry) as StoredDocument<T>);
  }

  /** Remembers what a read returned, unless something was written since the read began (`stamp`). */
  fill(collection: string, id: string, document: StoredDocument<unknown> | null, stamp: number): void {
    if (stamp !== this.writes) return;
    this.entries.set(keyOf(collection, id), document === null ? null : JSON.stringify(document));
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(collection: string, id: string): void {
    this.writes++;
    this.entries.delete(keyOf(collection, id));
    this.finds.delete(collection);
  }

  /** Keep the answers of this collection's finds (CollectionDefinition.cachedFinds). */
  cacheFindsOf(collection: string): void {
    this.findCollections.add(collection);
  }

  cachesFinds(collection: string): boolean {
    return this.findCollections.has(collection);
  }

  /** The documents a find answered (copies), undefined when not cached. */
  getFind<T>(collection: string, query: string): StoredDocument<T>[] | undefined {
    const found = this.finds.get(collection)?.get(query);
    return found === undefined ? undefined : (JSON.parse(found) as StoredDocument<T>[]);
  }

  /** Remembers what a find answered, unless something was written since it began (`stamp`). */
  fillFind(collection: string, query: string, documents: readonly StoredDocument<unknown>[], stamp: number): void {
    if (stamp !== this.writes) return;
    let queries = this.finds.get(collection);
    if (!queries) this.finds.set(collection, (queries = new Map()));
    // A bound on the distinct queries kept: beyond it, the collection's start again.
    if (queries.size >= MAX_FINDS_PER_COLLECTION) queries.clear();
    queries.set(query, JSON.stringify(documents));
  }

  /** Every document of a collection (dropped, renamed, or written in bulk). */
  forgetCollection(collection: string): void {
    this.writes++;
    this.finds.delete(collection);
    const prefix = keyOf(collection, '');
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/** Distinct finds kept per collection. */
const MAX_FINDS_PER_COLLECTION = 200;

const keyOf = (collection: string, id: string): string => `${collection}\u0000${id}`;
