import {
  documentsAsJson,
  type Collection,
  type DocumentJson,
  type DocumentLoad,
  type DocumentSession,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type StoredDocument,
} from '@onsite/infrastructure';
import { getEach } from './get-each.js';

/** What a rebuild collection knows of one document: null when it is not (or no longer) there. */
interface Known {
  document: StoredDocument<unknown> | null;
  /** Changed since the last flush. */
  dirty: boolean;
  /** When it was last used (a counter): the least recently used leave memory first. */
  used: number;
}

/**
 * The document session of a rebuild: the fresh collections it fills start empty and only it writes them, so it
 * knows which ids are stored without asking, and what it holds in memory is the newest revision of a document.
 * Documents are held in memory, the most recently used first, up to `cachedDocuments` per collection (the counters
 * and buckets every chunk touches, the orders whose stories are under way), changed or not. At a chunk's end the
 * changed ones that leave memory are written (`trim`), the rest at the end (`flush`), by the store's bulk load
 * (`loadDocuments`: a COPY on PGlite) or else by multi-row upserts. A document no longer in memory is read again
 * when asked for, or ahead of its chunk (`prefetch`). Collections that are not being rebuilt pass through to the
 * store.
 */
export class RebuildSession implements DocumentSession {
  private readonly collections = new Map<string, RebuildCollection>();

  constructor(
    private readonly store: DocumentStore,
    /** The physical names of the fresh collections. */
    fresh: ReadonlySet<string>,
    private readonly cachedDocuments: number,
  ) {
    for (const name of fresh)
      this.collections.set(
        name,
        new RebuildCollection(
          store,
          name,
          () => this.flush([name]),
          () => this.settled(),
        ),
      );
  }

  collection<T>(name: string): Collection<T> {
    return (this.collections.get(name) as Collection<T> | undefined) ?? this.store.collection<T>(name);
  }

  getCheckpoint(projection: string): Promise<string | null> {
    return this.store.getCheckpoint(projection);
  }

  setCheckpoint(projection: string, checkpoint: string): Promise<void> {
    return this.store.setCheckpoint(projection, checkpoint);
  }

  /**
   * Hands every changed document (of the named collections, default all) to the store and trims what stays in
   * memory. The write runs while the caller goes on (PostgreSQL works meanwhile); whatever needs the store's copy
   * waits for it (`settled`), and so does the next flush.
   */
  async flush(names?: readonly string[]): Promise<void> {
    await this.settled();
    const collections = names ? names.map((name) => this.collections.get(name)!) : [...this.collections.values()];
    this.write(collections.flatMap((collection) => collection.take(this.cachedDocuments, true)));
  }

  /**
   * At a chunk's end: hands to the store only the changed documents that leave memory (the least recently used beyond
   * `cachedDocuments`). The others stay, changed, for the chunks to come (D122): an order whose events are spread over
   * a few chunks is written once, not once a chunk. `flush` writes the rest at the end.
   */
  async trim(): Promise<void> {
    await this.settled();
    this.write([...this.collections.values()].flatMap((collection) => collection.take(this.cachedDocuments, false)));
  }

  private write(loads: readonly DocumentLoad[]): void {
    if (loads.length === 0) return;
    const writing = this.store.loadDocuments ? this.store.loadDocuments(loads) : this.upsertAll(loads);
    // Kept, not thrown here: the next wait reports it.
    this.writing = writing.catch((error: unknown) => {
      this.failure ??= { error };
    });
  }

  /**
   * Brings into memory, with one read per collection, the stored documents with these ids that memory no longer
   * holds: the documents of the streams a chunk's events belong to (D122). Without it, an order whose events are
   * further apart than the documents kept in memory was read one document at a time, in every collection.
   */
  async prefetch(ids: ReadonlySet<string>): Promise<void> {
    const wanted = [...this.collections.values()].map((collection) => ({ collection, ids: collection.evicted(ids) })).filter((entry) => entry.ids.length > 0);
    if (wanted.length === 0) return;
    await this.settled();
    for (const { collection, ids: missing } of wanted) await collection.load(missing);
  }

  /** Resolves when the documents flushed so far are in the store; throws if writing them failed. */
  async settled(): Promise<void> {
    await this.writing;
    if (this.failure) throw this.failure.error;
  }

  private writing: Promise<void> = Promise.resolve();
  private failure: { readonly error: unknown } | undefined;

  /** A store without bulk loads: the revision-guarded upserts, in one asynchronous-commit transaction. */
  private async upsertAll(loads: readonly DocumentLoad[]): Promise<void> {
    await this.store.transaction(
      async (session) => {
        for (const { collection, documents, deleted } of loads) {
          const target = session.collection(collection);
          for (const id of deleted) await target.delete(id);
          await target.upsertMany(documents);
        }
      },
      { rebuildable: true },
    );
  }
}

class RebuildCollection implements Collection<unknown> {
  /** Documents in memory. */
  private readonly known = new Map<string, Known>();
  private clock = 0;
  /** Ids stored by earlier flushes (and not deleted since). */
  private readonly stored = new Set<string>();
  private dirty = 0;

  constructor(
    private readonly store: DocumentStore,
    private readonly name: string,
    /** Hands this collection's changes to the store. */
    private readonly flush: () => Promise<void>,
    /** Waits for everything handed to the store. */
    private readonly settled: () => Promise<void>,
  ) {}

  /** Writes this collection's changes and waits until the store has them. */
  private async flushSelf(): Promise<void> {
    await this.flush();
    await this.settled();
  }

  async get(id: string): Promise<StoredDocument<unknown> | null> {
    const known = this.known.get(id);
    if (known) {
      known.used = ++this.clock;
      return known.document;
    }
    let document: StoredDocument<unknown> | null = null;
    if (this.stored.has(id)) {
      await this.settled();
      document = await this.store.collection(this.name).get(id);
    }
    this.known.set(id, { document, dirty: false, used: ++this.clock });
    return document;
  }

  /** Of these ids, the stored documents that memory does not hold. */
  evicted(ids: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const id of ids) if (this.stored.has(id) && !this.known.has(id)) out.push(id);
    return out;
  }

  /** Reads these documents in one query (the flushes before must be settled) and keeps them, unchanged. */
  async load(ids: readonly string[]): Promise<void> {
    const found = new Map((await this.store.collection(this.name).getMany(ids)).map((document) => [document.id, document]));
    for (const id of ids) this.known.set(id, { document: found.get(id) ?? null, dirty: false, used: ++this.clock });
  }

  getMany(ids: readonly string[]): Promise<StoredDocument<unknown>[]> {
    return getEach((id) => this.get(id), ids);
  }

  async upsert(id: string, data: unknown, revision: number): Promise<boolean> {
    // The guard needs the stored revision: a document not in memory is read first (rare: a blind write to a
    // document flushed and dropped from memory).
    const current = await this.get(id);
    if (current && current.revision >= revision) return false;
    this.write(id, { id, revision, data });
    return true;
  }

  async upsertMany(documents: readonly StoredDocument<unknown>[]): Promise<void> {
    for (const document of documents) await this.upsert(document.id, document.data, document.revision);
  }

  /** Through the store, as the live path does (rare in a rebuild): this document is written first, then forgotten. */
  async patch(id: string, set: Readonly<Record<string, unknown>>, revision: number): Promise<boolean> {
    if (this.known.get(id)?.dirty) await this.flush();
    this.known.delete(id);
    if (!this.stored.has(id)) return false;
    await this.settled();
    return this.store.transaction((session) => session.collection(this.name).patch(id, set, revision), { rebuildable: true });
  }

  async delete(id: string): Promise<boolean> {
    const existed = (await this.get(id)) !== null;
    if (existed) this.write(id, null);
    return existed;
  }

  async find(options?: FindOptions): Promise<unknown[]> {
    await this.flushSelf();
    return this.store.collection(this.name).find(options);
  }

  async findDocuments(options?: FindOptions): Promise<StoredDocument<unknown>[]> {
    await this.flushSelf();
    return this.store.collection(this.name).findDocuments(options);
  }

  async findJson(options?: FindOptions): Promise<string[]> {
    await this.flushSelf();
    return this.store.collection(this.name).findJson(options);
  }

  /** From the rebuild's memory first, as `getMany`. */
  async getManyJson(ids: readonly string[]): Promise<DocumentJson[]> {
    return documentsAsJson(await this.getMany(ids));
  }

  async count(filter?: Filter): Promise<number> {
    await this.flushSelf();
    return this.store.collection(this.name).count(filter);
  }

  /**
   * What a flush writes, taken from memory's changes: every changed document (`all`), or only the changed ones that
   * leave memory (the least recently used beyond `keep`), and the stored ones deleted. What is taken counts as stored
   * from now on (readers of the store wait for the write); the documents beyond `keep` leave memory.
   */
  take(keep: number, all: boolean): DocumentLoad[] {
    const leaving =
      this.known.size > keep
        ? [...this.known.entries()]
            .sort((a, b) => b[1].used - a[1].used)
            .slice(keep)
            .map(([id]) => id)
        : [];
    const documents: StoredDocument<unknown>[] = [];
    const stored = new Set<string>();
    const deleted: string[] = [];
    const takeOne = (id: string, known: Known): void => {
      if (!known.dirty) return;
      if (known.document) documents.push(known.document);
      if (this.stored.has(id)) {
        if (known.document) stored.add(id);
        else deleted.push(id);
      }
      if (known.document) this.stored.add(id);
      else this.stored.delete(id);
      known.dirty = false;
      this.dirty--;
    };
    if (this.dirty > 0) {
      if (all) for (const [id, known] of this.known) takeOne(id, known);
      else for (const id of leaving) takeOne(id, this.known.get(id)!);
    }
    for (const id of leaving) this.known.delete(id);
    return documents.length > 0 || deleted.length > 0 ? [{ collection: this.name, documents, stored, deleted }] : [];
  }

  private write(id: string, document: StoredDocument<unknown> | null): void {
    const known = this.known.get(id);
    if (!known?.dirty) this.dirty++;
    this.known.set(id, { document, dirty: true, used: ++this.clock });
  }
}
