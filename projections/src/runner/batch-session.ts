import {
  documentsAsJson,
  type Checkpoint,
  type Collection,
  type DocumentJson,
  type DocumentSession,
  type Filter,
  type FindOptions,
  type StoredDocument,
} from '@onsite/infrastructure';
import { getEach } from './get-each.js';

/** What the batch knows of one document: read from the store, or written by the batch and not yet flushed. */
interface Entry {
  document: StoredDocument<unknown> | null;
  /** Written by the batch since the last flush. */
  dirty: boolean;
  /** A write to a document the batch never read: the store may hold a newer revision (checked on a later get). */
  blind: boolean;
}

/**
 * A document session that holds a projection batch's writes in memory and flushes them with one multi-row upsert
 * per collection (`flush`, before the batch's transaction commits). A document read or written twice in a batch (an
 * order's several events, a KPI bucket shared by many orders) costs one read and one write. Reads see the batch's own
 * writes; find and count flush the collection first, patch and delete pass through, so every answer is the one the
 * unbuffered session would give. A blind upsert (of a document not read) returns true and leaves the revision guard
 * to the flush.
 */
export class BatchSession implements DocumentSession {
  private readonly entries = new Map<string, Map<string, Entry>>();

  /** Ids known to be in no collection before this batch; an id leaves it when a patch writes it past the batch. */
  private readonly absent: Set<string>;

  /**
   * `absent`: document ids that no collection holds before this batch (the documents of streams that begin in it):
   * reading them needs no query.
   */
  constructor(
    private readonly session: DocumentSession,
    absent?: ReadonlySet<string>,
  ) {
    this.absent = new Set(absent);
  }

  collection<T>(name: string): Collection<T> {
    let entries = this.entries.get(name);
    if (!entries) this.entries.set(name, (entries = new Map()));
    return new BatchCollection<T>(this.session.collection<T>(name), entries, this.absent);
  }

  getCheckpoint(projection: string): Promise<string | null> {
    return this.session.getCheckpoint(projection);
  }

  setCheckpoint(projection: string, checkpoint: string): Promise<void> {
    return this.session.setCheckpoint(projection, checkpoint);
  }

  /** Writes every pending document, then these checkpoints: in one round trip where the session can. */
  async flush(checkpoints: readonly Checkpoint[] = []): Promise<void> {
    const upserts = [...this.entries].map(([collection, entries]) => ({ collection, documents: takePending(entries) }));
    if (this.session.writeBatch)
      return this.session.writeBatch(
        upserts.filter((upsert) => upsert.documents.length > 0),
        checkpoints,
      );
    for (const { collection, documents } of upserts) if (documents.length > 0) await this.session.collection(collection).upsertMany(documents);
    for (const { projection, checkpoint } of checkpoints) await this.session.setCheckpoint(projection, checkpoint);
  }
}

async function flushCollection(target: Collection<unknown>, entries: Map<string, Entry>): Promise<void> {
  const pending = takePending(entries);
  if (pending.length > 0) await target.upsertMany(pending);
}

/** The documents written since the last flush, marked clean (a blind one is forgotten: the store's guard decides it). */
function takePending(entries: Map<string, Entry>): StoredDocument<unknown>[] {
  const pending: StoredDocument<unknown>[] = [];
  for (const [id, entry] of entries) {
    if (!entry.dirty || !entry.document) continue;
    pending.push(entry.document);
    entry.dirty = false;
    // The store's guard decides a blind write; what it kept is read again when asked for.
    if (entry.blind) entries.delete(id);
  }
  return pending;
}

class BatchCollection<T> implements Collection<T> {
  constructor(
    private readonly target: Collection<T>,
    private readonly entries: Map<string, Entry>,
    /** Ids no collection held before the batch (shared by the batch's collections). */
    private readonly absent: Set<string> = new Set(),
  ) {}

  async get(id: string): Promise<StoredDocument<T> | null> {
    const entry = this.entries.get(id);
    if (entry && !entry.blind) return entry.document as StoredDocument<T> | null;
    const stored = this.absent.has(id) ? null : await this.target.get(id);
    if (entry?.document && (!stored || stored.revision < entry.document.revision)) {
      entry.blind = false;
      return entry.document as StoredDocument<T>;
    }
    this.entries.set(id, { document: stored, dirty: false, blind: false });
    return stored;
  }

  getMany(ids: readonly string[]): Promise<StoredDocument<T>[]> {
    return getEach((id) => this.get(id), ids);
  }

  async upsert(id: string, data: T, revision: number): Promise<boolean> {
    const entry = this.entries.get(id);
    if (entry?.document && entry.document.revision >= revision) return false;
    // A write to an absent id is not blind: the store holds nothing newer, so the entry stays after a flush.
    this.entries.set(id, { document: { id, revision, data }, dirty: true, blind: entry ? entry.blind : !this.absent.has(id) });
    return true;
  }

  async upsertMany(documents: readonly StoredDocument<T>[]): Promise<void> {
    for (const document of documents) await this.upsert(document.id, document.data, document.revision);
  }

  async patch(id: string, set: Readonly<Record<string, unknown>>, revision: number): Promise<boolean> {
    await this.flushPending();
    this.entries.delete(id);
    // What the patch wrote is in the store only: read it from there from now on.
    this.absent.delete(id);
    return this.target.patch(id, set, revision);
  }

  async delete(id: string): Promise<boolean> {
    const entry = this.entries.get(id);
    this.entries.set(id, { document: null, dirty: false, blind: false });
    const deleted = await this.target.delete(id);
    // A write the batch had not flushed yet counts as there, as it would have been unbuffered.
    return deleted || Boolean(entry?.dirty && entry.document);
  }

  async find(options?: FindOptions): Promise<T[]> {
    await this.flushPending();
    return this.target.find(options);
  }

  async findDocuments(options?: FindOptions): Promise<StoredDocument<T>[]> {
    await this.flushPending();
    return this.target.findDocuments(options);
  }

  async findJson(options?: FindOptions): Promise<string[]> {
    await this.flushPending();
    return this.target.findJson(options);
  }

  /** From the batch's own writes first, as `getMany`. */
  async getManyJson(ids: readonly string[]): Promise<DocumentJson[]> {
    return documentsAsJson(await this.getMany(ids));
  }

  async count(filter?: Filter): Promise<number> {
    await this.flushPending();
    return this.target.count(filter);
  }

  private flushPending(): Promise<void> {
    return flushCollection(this.target as Collection<unknown>, this.entries);
  }
}
