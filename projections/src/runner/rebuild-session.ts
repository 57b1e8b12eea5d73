import { documentsAsJson, type Collection, type DocumentJson, type DocumentLoad, type DocumentSession, type DocumentStore, type Filter, type FindOptions, type StoredDocument } from '@onsite/infrastructure';
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
 * A chunk's documents are held in memory and written once, when the chunk is flushed, by the store's bulk load
 * (`loadDocuments`: a COPY on PGlite) or else by multi-row upserts. Documents flushed stay in memory, the most
 * recently used first, up to `cachedDocuments` per collection (the counters and buckets every chunk touches, an
 * order whose events straddle two chunks); the others are read again when asked for. Collections that are not
 * being rebuilt pass through to the store.
 */
export class RebuildSession implements DocumentSession {
  private readonly collections = new Map<string, RebuildCollection>();

  constructor(
    private readonly store: DocumentStore,
    /** The physical names of the fresh collections. */
    fresh: ReadonlySet<string>,
    private readonly cachedDocuments: number,
  ) {
    for (const name of fresh) this.collections.set(name, new RebuildCollection(store, name, () => this.flush([name]), () => this.settled()));
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
   * memory. The write runs while the caller goes on with the next chunk (PostgreSQL works meanwhile); whatever needs
   * the store's copy waits for it (`settled`), and so does the next flush.
   */
  async flush(names?: readonly string[]): Promise<void> {
    await this.settled();
    const collections = names ? names.map((name) => this.collections.get(name)!) : [...this.collections.values()];
    const loads = collections.flatMap((collection) => collection.pending());
    for (const collection of collections) collection.flushed(this.cachedDocuments);
    if (loads.length === 0) return;
    const writing = this.store.loadDocuments ? this.store.loadDocuments(loads) : this.upsertAll(loads);
    // Kept, not thrown here: the next wait reports it.
    this.writing = writing.catch((error: unknown) => {
      this.failure ??= { error };
    });
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
    await this.store.transaction(async (session) => {
      for (const { collection, documents, deleted } of loads) {
        const target = session.collection(collection);
        for (const id of deleted) await target.delete(id);
        await target.upsertMany(documents);
      }
    }, { rebuildable: true });
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

  /** What a flush writes: the changed documents, and the stored ones deleted. */
  pending(): DocumentLoad[] {
    if (this.dirty === 0) return [];
    const documents: StoredDocument<unknown>[] = [];
    const stored = new Set<string>();
    const deleted: string[] = [];
    for (const [id, known] of this.known) {
      if (!known.dirty) continue;
      if (known.document) documents.push(known.document);
      if (!this.stored.has(id)) continue;
      if (known.document) stored.add(id);
      else deleted.push(id);
    }
    return [{ collection: this.name, documents, stored, deleted }];
  }

  /** After the flush: everything is stored; the least recently used documents beyond `keep` leave memory. */
  flushed(keep: number): void {
    if (this.dirty > 0) {
      for (const [id, known] of this.known) {
        if (!known.dirty) continue;
        known.dirty = false;
        if (known.document) this.stored.add(id);
        else this.stored.delete(id);
      }
      this.dirty = 0;
    }
    if (this.known.size <= keep) return;
    const newest = [...this.known.entries()].sort((a, b) => b[1].used - a[1].used);
    for (const [id] of newest.slice(keep)) this.known.delete(id);
  }

  private write(id: string, document: StoredDocument<unknown> | null): void {
    const known = this.known.get(id);
    if (!known?.dirty) this.dirty++;
    this.known.set(id, { document, dirty: true, used: ++this.clock });
  }
}
