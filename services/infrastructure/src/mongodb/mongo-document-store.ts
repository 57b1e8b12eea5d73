import { MongoClient, MongoServerError, type ClientSession, type Db } from 'mongodb';
import {
  DuplicateKeyError,
  type Collection,
  type CollectionDefinition,
  documentsAsJson,
  type CountOptions,
  type DocumentJson,
  type DocumentSession,
  type DocumentStore,
  type FindOptions,
  type StoredDocument,
} from '../document-store/document-store.js';
import type { LeaseStore } from '../document-store/leases.js';
import { fenceMongoLeases, MongoLeaseStore } from './mongo-leases.js';
import { toMongoFilter, toMongoIndexKeys, toMongoPatch, toMongoSort } from './mongo-query.js';

interface StoredShape {
  _id: string;
  revision: number;
  data: unknown;
}

const CHECKPOINTS = 'projection_checkpoints';
const PREFIX = 'rm_';

export interface MongoDocumentStoreOptions {
  readonly url: string;
  /** Database name; defaults to the one in the URL, else `onsite`. */
  readonly database?: string;
}

/**
 * DocumentStore on MongoDB: one collection `rm_<name>` per read model with documents `{ _id, revision, data }`.
 * Transactions need a replica set (a one-node set is enough).
 */
export class MongoDocumentStore implements DocumentStore {
  readonly name = 'mongodb';
  private readonly db: Db;
  readonly leases: LeaseStore;

  private constructor(
    private readonly client: MongoClient,
    database: string | undefined,
  ) {
    this.db = client.db(database);
    this.leases = new MongoLeaseStore(this.db);
  }

  /** No announcement on MongoDB: processes waiting for other processes' checkpoints poll them (D166). */
  async getCheckpoints(projections: readonly string[]): Promise<Map<string, string>> {
    const docs = await this.db
      .collection<{ _id: string; checkpoint: string }>(CHECKPOINTS)
      .find({ _id: { $in: [...projections] } })
      .toArray();
    return new Map(docs.map((doc) => [doc._id, doc.checkpoint]));
  }

  static async open(options: MongoDocumentStoreOptions): Promise<MongoDocumentStore> {
    const client = new MongoClient(options.url);
    await client.connect();
    return new MongoDocumentStore(client, options.database ?? (new URL(options.url).pathname.slice(1) || 'onsite'));
  }

  async init(): Promise<void> {
    // Checkpoints live in one collection keyed by name; nothing else to create.
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    const name = PREFIX + definition.name;
    const existing = await this.db.listCollections({ name }, { nameOnly: true }).toArray();
    if (existing.length === 0) {
      try {
        await this.db.createCollection(name);
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === 48)) throw error; // NamespaceExists: created concurrently
      }
    }
    for (const index of definition.indexes ?? []) {
      // An infix regular expression cannot use a MongoDB index: `contains` indexes have no counterpart here.
      if ('contains' in index) continue;
      // An index on an array path is multikey in MongoDB, so it serves `has` ($elemMatch on an element).
      const keys =
        'sort' in index
          ? { ...toMongoIndexKeys(index.within ?? []), ...toMongoSort(index.sort) }
          : toMongoIndexKeys('has' in index ? [index.has] : index.paths);
      await this.db.collection(name).createIndex(keys, { name: index.name, unique: 'unique' in index ? (index.unique ?? false) : false });
    }
  }

  /** MongoDB keeps no statistics to refresh: its planner tries candidate plans. */
  async refreshStatistics(): Promise<void> {}

  async dropCollection(name: string): Promise<void> {
    await this.db
      .collection(PREFIX + name)
      .drop()
      .catch((error: unknown) => {
        if (!(error instanceof MongoServerError && error.code === 26)) throw error; // NamespaceNotFound
      });
  }

  async renameCollection(source: string, target: string): Promise<void> {
    await this.db.collection(PREFIX + source).rename(PREFIX + target, { dropTarget: true });
  }

  collection<T>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db, name, undefined);
  }

  getCheckpoint(projection: string): Promise<string | null> {
    return getCheckpoint(this.db, projection, undefined);
  }

  setCheckpoint(projection: string, checkpoint: string): Promise<void> {
    return setCheckpoint(this.db, projection, checkpoint, undefined);
  }

  async transaction<R>(work: (session: DocumentSession) => Promise<R>): Promise<R> {
    const session = this.client.startSession();
    try {
      let result!: R;
      await session.withTransaction(async () => {
        result = await work({
          collection: <T>(name: string) => new MongoCollection<T>(this.db, name, session),
          getCheckpoint: (projection) => getCheckpoint(this.db, projection, session),
          setCheckpoint: (projection, checkpoint) => setCheckpoint(this.db, projection, checkpoint, session),
          fence: (holder, leases) => fenceMongoLeases(this.db, session, holder, leases),
        });
      });
      return result;
    } finally {
      await session.endSession();
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

async function getCheckpoint(db: Db, projection: string, session: ClientSession | undefined): Promise<string | null> {
  const doc = await db.collection<{ _id: string; checkpoint: string }>(CHECKPOINTS).findOne({ _id: projection }, session ? { session } : {});
  return doc?.checkpoint ?? null;
}

async function setCheckpoint(db: Db, projection: string, checkpoint: string, session: ClientSession | undefined): Promise<void> {
  await db
    .collection<{ _id: string; checkpoint: string }>(CHECKPOINTS)
    .updateOne({ _id: projection }, { $set: { checkpoint } }, { upsert: true, ...(session ? { session } : {}) });
}

class MongoCollection<T> implements Collection<T> {
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly session: ClientSession | undefined,
  ) {}

  private get raw() {
    return this.db.collection<StoredShape>(PREFIX + this.name);
  }

  private get opts() {
    return this.session ? { session: this.session } : {};
  }

  async get(id: string): Promise<StoredDocument<T> | null> {
    const doc = await this.raw.findOne({ _id: id }, this.opts);
    return doc ? { id: doc._id, revision: doc.revision, data: doc.data as T } : null;
  }

  async getMany(ids: readonly string[]): Promise<StoredDocument<T>[]> {
    if (ids.length === 0) return [];
    const docs = await this.raw.find({ _id: { $in: [...ids] } }, this.opts).toArray();
    return docs.map((doc) => ({ id: doc._id, revision: doc.revision, data: doc.data as T }));
  }

  /** Revision guard: the filter only matches an older revision; an existing newer one makes the upsert's insert hit the _id key: stale. */
  async upsert(id: string, data: T, revision: number): Promise<boolean> {
    try {
      await this.raw.updateOne({ _id: id, revision: { $lt: revision } }, { $set: { data, revision } }, { upsert: true, ...this.opts });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) {
        if (isIdKey(error)) return false;
        throw new DuplicateKeyError(this.name, indexName(error));
      }
      throw error;
    }
  }

  async upsertMany(documents: readonly StoredDocument<T>[]): Promise<void> {
    for (const document of documents) await this.upsert(document.id, document.data, document.revision);
  }

  async patch(id: string, set: Readonly<Record<string, unknown>>, revision: number): Promise<boolean> {
    try {
      const result = await this.raw.updateOne({ _id: id, revision: { $lt: revision } }, toMongoPatch(set, revision), this.opts);
      return result.matchedCount > 0;
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKeyError(this.name, indexName(error));
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    return (await this.raw.deleteOne({ _id: id }, this.opts)).deletedCount > 0;
  }

  async find(options: FindOptions = {}): Promise<T[]> {
    return (await this.findDocuments(options)).map((doc) => doc.data);
  }

  async findDocuments(options: FindOptions = {}): Promise<StoredDocument<T>[]> {
    let cursor = this.raw.find(toMongoFilter(options.filter), this.opts).sort(toMongoSort(options.sort));
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()).map((doc) => ({ id: doc._id, revision: doc.revision, data: doc.data as T }));
  }

  async findJson(options: FindOptions = {}): Promise<string[]> {
    return (await this.find(options)).map((data) => JSON.stringify(data));
  }

  async getManyJson(ids: readonly string[]): Promise<DocumentJson[]> {
    return documentsAsJson(await this.getMany(ids));
  }

  async count(filter?: FindOptions['filter'], options: CountOptions = {}): Promise<number> {
    return this.raw.countDocuments(toMongoFilter(filter), { ...this.opts, ...(options.upTo !== undefined ? { limit: options.upTo } : {}) });
  }
}

function isDuplicateKey(error: unknown): error is MongoServerError {
  return error instanceof MongoServerError && error.code === 11000;
}

function isIdKey(error: MongoServerError): boolean {
  const pattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern;
  return pattern ? Object.keys(pattern).length === 1 && '_id' in pattern : /index: _id_/.test(error.message);
}

function indexName(error: MongoServerError): string {
  return /index: (\S+)/.exec(error.message)?.[1] ?? 'unique';
}
