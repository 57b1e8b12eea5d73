import {
  DuplicateKeyError,
  type Collection,
  type CollectionDefinition,
  type CountOptions,
  type DocumentJson,
  type DocumentLoad,
  type DocumentSession,
  type DocumentStore,
  type DocumentWrites,
  type Checkpoint,
  type Filter,
  type FindOptions,
  type StoredDocument,
} from '../document-store/document-store.js';
import { DocumentCache } from './document-cache.js';
import type { Lease, LeaseStore } from '../document-store/leases.js';
import { fenceLeases, LEASES_TABLE, SqlLeaseStore } from './sql-leases.js';
import { TurnBatch } from '../turn-batch.js';
import { compileFilter, compilePatch, compileSort, jsonAt, SqlParams, textAt } from './json-query.js';
import {
  isUniqueViolation,
  lockSchemaChanges,
  quoteIdent,
  runSchemaStatements,
  violatedConstraint,
  type SqlClient,
  type SqlExecutor,
  type SqlRow,
} from './sql-client.js';

const COLLECTION_NAME = /^[a-z][a-z0-9_]*$/;
/** The generated column of a `jsonText` collection: each document's JSON text. */
const JSON_TEXT = 'data_json';
/** Documents per upsert statement (and per statement of a batch write). */
const UPSERT_ROWS = 500;
/** PostgreSQL truncates longer identifiers, which would silently merge names. */
const MAX_IDENTIFIER = 63;

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS read_model_checkpoints (
     projection text PRIMARY KEY,
     checkpoint text NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  LEASES_TABLE,
];

/** The NOTIFY channel on which projection processes announce their checkpoints (D166). */
const CHECKPOINTS_CHANNEL = 'onsite_checkpoints';

/** Physical table of a collection: `rm_<name>`; its indexes are `rm_<name>__<index>`. */
function tableName(collection: string): string {
  if (!COLLECTION_NAME.test(collection)) throw new Error(`Invalid collection name "${collection}" (expected ${COLLECTION_NAME.source}).`);
  return identifier(`rm_${collection}`);
}

function indexName(collection: string, index: string): string {
  if (!COLLECTION_NAME.test(index)) throw new Error(`Invalid index name "${index}" (expected ${COLLECTION_NAME.source}).`);
  return identifier(`${tableName(collection)}__${index}`);
}

function identifier(name: string): string {
  if (name.length > MAX_IDENTIFIER) throw new Error(`Name too long for PostgreSQL (${name.length} > ${MAX_IDENTIFIER}): ${name}`);
  return name;
}

interface DocumentRow {
  readonly [column: string]: unknown;
  readonly id: string;
  readonly revision: number;
  readonly data: unknown;
}

/**
 * PostgreSQL, outside a transaction: the reads by id asked for in one turn of the event loop are sent together after
 * it, one statement per collection (`id = ANY`), instead of one round trip each (D96). Under load the concurrent
 * requests' sessions, users, companies and catalogue services are read in a few statements (and pool checkouts)
 * instead of one each; alone, a read waits one turn more. A read starts after it was asked for, so it sees every
 * write committed before (read-your-writes holds). Each caller gets its own copy of a document.
 */
class ReadsById {
  private readonly tables = new Map<string, TurnBatch<string, StoredDocument<unknown> | null>>();

  constructor(private readonly sql: SqlExecutor) {}

  get<T>(table: string, id: string): Promise<StoredDocument<T> | null> {
    let batch = this.tables.get(table);
    if (!batch) this.tables.set(table, (batch = new TurnBatch((ids) => this.read(table, ids))));
    return batch.ask(id) as Promise<StoredDocument<T> | null>;
  }

  private async read(table: string, ids: readonly string[]): Promise<(StoredDocument<unknown> | null)[]> {
    const distinct = [...new Set(ids)];
    const rows =
      distinct.length === 1
        ? await this.sql.query<DocumentRow>(`SELECT id, revision::float8 AS revision, data FROM ${table} WHERE id = $1`, distinct)
        : await this.sql.query<DocumentRow>(`SELECT id, revision::float8 AS revision, data FROM ${table} WHERE id = ANY($1::text[])`, [distinct]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const handedOut = new Set<string>();
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) return null;
      // The first caller of an id gets the row as read, every further one its own copy.
      const first = !handedOut.has(id);
      handedOut.add(id);
      return toDocument<unknown>(first ? row : { ...row, data: structuredClone(row.data) });
    });
  }
}

/** A session's view of the document cache: outside a transaction, or inside one (then `written` is its writes). */
interface CacheUse {
  readonly cache: DocumentCache;
  readonly written?: Set<string>;
}

class SqlCollection<T> implements Collection<T> {
  private readonly table: string;

  constructor(
    private readonly sql: SqlExecutor,
    private readonly name: string,
    private readonly caching?: CacheUse,
    private readonly reads?: ReadsById,
    /** The collections this store knows to keep their documents' JSON text (`jsonText`), for findJson. */
    private readonly withJsonText?: ReadonlySet<string>,
  ) {
    this.table = quoteIdent(tableName(name));
  }

  async get(id: string): Promise<StoredDocument<T> | null> {
    const caching = this.caching;
    const ownWrite = caching?.written?.has(`${this.name}\u0000${id}`);
    if (caching && !ownWrite) {
      const cached = caching.cache.get<T>(this.name, id);
      if (cached !== undefined) return cached;
    }
    if (this.reads) return this.reads.get<T>(this.table, id);
    const stamp = caching?.cache.stamp ?? 0;
    const [row] = await this.sql.query<DocumentRow>(`SELECT id, revision::float8 AS revision, data FROM ${this.table} WHERE id = $1`, [id]);
    const document = row ? toDocument<T>(row) : null;
    if (caching && !caching.written) caching.cache.fill(this.name, id, document, stamp);
    return document;
  }

  /** Straight from the table (not the cache: a page of a list is not what the cache is for). */
  async getMany(ids: readonly string[]): Promise<StoredDocument<T>[]> {
    if (ids.length === 0) return [];
    const rows = await this.sql.query<DocumentRow>(`SELECT id, revision::float8 AS revision, data FROM ${this.table} WHERE id = ANY($1::text[])`, [[...ids]]);
    return rows.map((row) => toDocument<T>(row));
  }

  forgetAll(documents: readonly StoredDocument<unknown>[]): void {
    for (const document of documents) this.forget(document.id);
  }

  /** Before a write: the cached copy goes, and (in a transaction) goes again when the transaction ends. */
  private forget(id: string): void {
    if (!this.caching) return;
    this.caching.cache.forget(this.name, id);
    this.caching.written?.add(`${this.name}\u0000${id}`);
  }

  async upsert(id: string, data: T, revision: number): Promise<boolean> {
    this.forget(id);
    const rows = await this.write(
      `INSERT INTO ${this.table} AS t (id, revision, data) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, data = excluded.data
       WHERE t.revision < excluded.revision
       RETURNING 1`,
      [id, checkRevision(revision), serialize(data)],
    );
    return rows > 0;
  }

  async upsertMany(documents: readonly StoredDocument<T>[]): Promise<void> {
    this.forgetAll(documents);
    // Rows per statement: PostgreSQL takes at most 65,535 parameters.
    for (let from = 0; from < documents.length; from += UPSERT_ROWS) {
      const params: unknown[] = [];
      await this.write(guardedInsert(this.name, documents.slice(from, from + UPSERT_ROWS), params), params);
    }
  }

  async patch(id: string, set: Readonly<Record<string, unknown>>, revision: number): Promise<boolean> {
    this.forget(id);
    const params = new SqlParams();
    const idParam = params.add(id);
    const revisionParam = params.add(checkRevision(revision));
    const rows = await this.write(
      `UPDATE ${this.table} AS t SET data = ${compilePatch('t.data', set, params)}, revision = ${revisionParam}
        WHERE t.id = ${idParam} AND t.revision < ${revisionParam}
        RETURNING 1`,
      params.values,
    );
    return rows > 0;
  }

  async delete(id: string): Promise<boolean> {
    this.forget(id);
    const rows = await this.sql.query(`DELETE FROM ${this.table} WHERE id = $1 RETURNING 1`, [id]);
    return rows.length > 0;
  }

  async find(options: FindOptions = {}): Promise<T[]> {
    return (await this.findDocuments(options)).map((document) => document.data);
  }

  async findDocuments(options: FindOptions = {}): Promise<StoredDocument<T>[]> {
    const params = new SqlParams();
    const text = this.findStatement('id, revision::float8 AS revision, data', options, params);
    // Outside a transaction only: inside one, a read may see the transaction's own writes.
    const caching = this.caching && !this.caching.written && this.caching.cache.cachesFinds(this.name) ? this.caching : undefined;
    const key = caching ? `${text}\u0000${JSON.stringify(params.values)}` : '';
    if (caching) {
      const cached = caching.cache.getFind<T>(this.name, key);
      if (cached) return cached;
    }
    const stamp = caching?.cache.stamp ?? 0;
    const rows = await this.sql.query<DocumentRow>(text, params.values);
    const documents = rows.map((row) => toDocument<T>(row));
    if (caching) caching.cache.fillFind(this.name, key, documents, stamp);
    return documents;
  }

  async findJson(options: FindOptions = {}): Promise<string[]> {
    const params = new SqlParams();
    const rows = await this.sql.query<{ data: string }>(this.findStatement(`${this.jsonColumn()} AS data`, options, params), params.values);
    return rows.map((row) => row.data);
  }

  async getManyJson(ids: readonly string[]): Promise<DocumentJson[]> {
    if (ids.length === 0) return [];
    return this.sql.query<{ id: string; json: string }>(`SELECT id, ${this.jsonColumn()} AS json FROM ${this.table} WHERE id = ANY($1::text[])`, [[...ids]]);
  }

  /**
   * The documents as JSON text: what the driver would otherwise parse (PGlite and node-postgres read every column as
   * text). The generated json column's text where the collection keeps one (a copy), else jsonb's text (a conversion).
   */
  private jsonColumn(): string {
    return this.withJsonText?.has(this.name) ? `${JSON_TEXT}::text` : 'data::text';
  }

  private findStatement(columns: string, options: FindOptions, params: SqlParams): string {
    let text = `SELECT ${columns} FROM ${this.table}
      WHERE ${compileFilter(options.filter, params)} ORDER BY ${compileSort(options.sort)}`;
    // The limit is written into the text (a checked integer; a page size, so a handful of texts): as a parameter, a
    // prepared statement's generic plan cannot know it, costs itself for a tenth of the table and is never chosen,
    // so every run planned anew (D104). No OFFSET on a first page, for the same reason.
    if (options.limit !== undefined) text += ` LIMIT ${nonNegative(options.limit, 'limit')}`;
    if (options.skip !== undefined && nonNegative(options.skip, 'skip') > 0) text += ` OFFSET ${params.add(options.skip)}`;
    return text;
  }

  async count(filter?: Filter, options: CountOptions = {}): Promise<number> {
    const params = new SqlParams();
    const where = compileFilter(filter, params);
    const text =
      options.upTo === undefined
        ? `SELECT count(*)::integer AS n FROM ${this.table} WHERE ${where}`
        : `SELECT count(*)::integer AS n FROM (SELECT 1 FROM ${this.table} WHERE ${where} LIMIT ${nonNegative(options.upTo, 'upTo')}) AS matches`;
    const [row] = await this.sql.query<{ n: number }>(text, params.values);
    return row?.n ?? 0;
  }

  /** Runs a write and reports a unique index violation as DuplicateKeyError. */
  private async write(text: string, params: readonly unknown[]): Promise<number> {
    return (await writeDocuments(this.sql, text, params, [this.name])).length;
  }
}

/** Runs a write of these collections and reports a unique index violation as DuplicateKeyError. */
async function writeDocuments(sql: SqlExecutor, text: string, params: readonly unknown[], collections: readonly string[]): Promise<SqlRow[]> {
  try {
    return await sql.query(text, params);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const constraint = violatedConstraint(error) ?? 'unknown';
    const collection = collections.find((name) => constraint.startsWith(`${tableName(name)}__`));
    throw collection === undefined
      ? new DuplicateKeyError(collections.join(', '), constraint)
      : new DuplicateKeyError(collection, constraint.slice(tableName(collection).length + 2));
  }
}

/**
 * An INSERT of documents under the revision guard, their ids, revisions and documents passed as one JSON array
 * (appended to `params`): the statement's text depends on the collection only, not on how many documents a batch
 * writes, so the embedded store parses and plans it once and runs it as a named statement after that (D117).
 */
function guardedInsert(collection: string, documents: readonly StoredDocument<unknown>[], params: unknown[]): string {
  const rows = documents.map((document) => `{"i":${JSON.stringify(document.id)},"r":${checkRevision(document.revision)},"d":${serialize(document.data)}}`);
  params.push(`[${rows.join(',')}]`);
  return `INSERT INTO ${quoteIdent(tableName(collection))} AS t (id, revision, data)
     SELECT doc.i, doc.r, doc.d FROM jsonb_to_recordset($${params.length}::jsonb) AS doc(i text, r bigint, d jsonb)
     ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, data = excluded.data
     WHERE t.revision < excluded.revision`;
}

function checkpointInsert(checkpoints: readonly Checkpoint[], params: unknown[]): string {
  const values = checkpoints.map(({ projection, checkpoint }) => {
    params.push(projection, checkpoint);
    return `($${params.length - 1}, $${params.length})`;
  });
  return `INSERT INTO read_model_checkpoints (projection, checkpoint) VALUES ${values.join(', ')}
     ON CONFLICT (projection) DO UPDATE SET checkpoint = excluded.checkpoint, updated_at = now()`;
}

/**
 * The statements of a batch write: each a WITH of one INSERT per collection (and the checkpoints' in the last), at most
 * UPSERT_ROWS documents each and a collection at most once per statement (one statement may not write a row twice).
 */
function batchStatements(upserts: readonly DocumentWrites[], checkpoints: readonly Checkpoint[]): { text: string; params: unknown[]; collections: string[] }[] {
  const statements: { parts: string[]; params: unknown[]; collections: string[]; rows: number }[] = [];
  let current = { parts: [] as string[], params: [] as unknown[], collections: [] as string[], rows: 0 };
  const add = (part: (params: unknown[]) => string, rows: number, collection?: string): void => {
    if (current.parts.length > 0 && (current.rows + rows > UPSERT_ROWS || (collection !== undefined && current.collections.includes(collection)))) {
      statements.push(current);
      current = { parts: [], params: [], collections: [], rows: 0 };
    }
    current.parts.push(part(current.params));
    current.rows += rows;
    if (collection !== undefined) current.collections.push(collection);
  };
  for (const { collection, documents } of upserts) {
    for (let from = 0; from < documents.length; from += UPSERT_ROWS) {
      const chunk = documents.slice(from, from + UPSERT_ROWS);
      add((params) => guardedInsert(collection, chunk, params), chunk.length, collection);
    }
  }
  const latest = [...new Map(checkpoints.map((entry) => [entry.projection, entry])).values()];
  if (latest.length > 0) add((params) => checkpointInsert(latest, params), 0);
  if (current.parts.length > 0) statements.push(current);
  return statements.map(({ parts, params, collections }) => ({
    text: parts.length === 1 ? parts[0]! : `WITH ${parts.map((part, i) => `w${i} AS (${part})`).join(',\n')} SELECT 1`,
    params,
    collections,
  }));
}

class SqlDocumentSession implements DocumentSession {
  constructor(
    protected readonly sql: SqlExecutor,
    protected readonly caching?: CacheUse,
  ) {}

  collection<T>(name: string): Collection<T> {
    return new SqlCollection<T>(this.sql, name, this.caching);
  }

  async getCheckpoint(projection: string): Promise<string | null> {
    const [row] = await this.sql.query<{ checkpoint: string }>('SELECT checkpoint FROM read_model_checkpoints WHERE projection = $1', [projection]);
    return row?.checkpoint ?? null;
  }

  async setCheckpoint(projection: string, checkpoint: string): Promise<void> {
    const params: unknown[] = [];
    await this.sql.query(checkpointInsert([{ projection, checkpoint }], params), params);
  }

  async getCheckpoints(projections: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.sql.query<{ projection: string; checkpoint: string }>(
      'SELECT projection, checkpoint FROM read_model_checkpoints WHERE projection = ANY($1::text[])',
      [projections],
    );
    return new Map(rows.map((row) => [row.projection, row.checkpoint]));
  }

  fence(holder: string, leases: readonly Lease[], stallMs: number): Promise<void> {
    return fenceLeases(this.sql, holder, leases, stallMs);
  }

  /** One statement for everything (one round trip) while the batch fits in UPSERT_ROWS documents. */
  async writeBatch(upserts: readonly DocumentWrites[], checkpoints: readonly Checkpoint[]): Promise<void> {
    if (this.caching) for (const { collection, documents } of upserts) new SqlCollection(this.sql, collection, this.caching).forgetAll(documents);
    for (const { text, params, collections } of batchStatements(upserts, checkpoints)) await writeDocuments(this.sql, text, params, collections);
  }
}

/**
 * Read-model documents on PostgreSQL or PGlite: one table per collection (id, revision, data jsonb),
 * declared indexes as expression indexes on the jsonb paths (the same expressions the filters produce).
 */
export class SqlDocumentStore extends SqlDocumentSession implements DocumentStore {
  readonly name: string;

  /**
   * `cacheDocuments`: keep up to this many documents read by id in memory. Only for a process that is the sole
   * writer of the database (the embedded profile): writes of other processes would not reach the cache.
   */
  constructor(
    private readonly client: SqlClient,
    options: { readonly cacheDocuments?: number } = {},
  ) {
    super(client, options.cacheDocuments ? { cache: new DocumentCache(options.cacheDocuments) } : undefined);
    this.name = client.dialect;
    // PGlite answers a statement without a round trip (and the embedded profile's cache answers most reads by id).
    this.reads = client.dialect === 'postgres' && !this.caching ? new ReadsById(client) : undefined;
    // PGlite is one process: nothing to share work with.
    this.leases = client.connect ? new SqlLeaseStore(client) : undefined;
  }

  readonly leases: LeaseStore | undefined;

  announceCheckpoints(): void {
    this.client.notify?.(CHECKPOINTS_CHANNEL);
  }

  async watchCheckpoints(onChange: () => void): Promise<() => Promise<void>> {
    if (!this.client.listen) return async () => {};
    return this.client.listen(CHECKPOINTS_CHANNEL, onChange);
  }

  private readonly reads: ReadsById | undefined;
  private readonly withJsonText = new Set<string>();

  override collection<T>(name: string): Collection<T> {
    return new SqlCollection<T>(this.sql, name, this.caching, this.reads, this.withJsonText);
  }

  /** Creates the checkpoints table and finds the trigram operator class (pg_trgm) for `contains` indexes. Idempotent. */
  async init(): Promise<void> {
    await runSchemaStatements(this.client, SCHEMA);
    this.trigrams = await trigramOperatorClass(this.client);
  }

  /** The schema-qualified `gin_trgm_ops`, or null when pg_trgm is not installed and cannot be (no privilege). */
  private trigrams: string | null = null;

  /**
   * Indexes are created if missing by name: changing an existing index's paths needs a rebuild (fresh collection). An
   * index the definition no longer names is dropped.
   */
  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    const table = quoteIdent(tableName(definition.name));
    if (definition.cachedFinds) this.caching?.cache.cacheFindsOf(definition.name);
    const statements = [`CREATE TABLE IF NOT EXISTS ${table} (id text PRIMARY KEY, revision bigint NOT NULL, data jsonb NOT NULL)`];
    // Computed by the database on every insert and update (upserts, patches, COPY): no write names it.
    if (definition.jsonText) statements.push(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${JSON_TEXT} json GENERATED ALWAYS AS (data::json) STORED`);
    // No statistics of whole documents (D118): no query compares a whole document, the filters' estimates come from
    // the statistics of the index expressions, and ANALYZE no longer hashes and sorts every sampled document.
    for (const column of definition.jsonText ? ['data', JSON_TEXT] : ['data']) statements.push(`ALTER TABLE ${table} ALTER COLUMN ${column} SET STATISTICS 0`);
    // PGlite (D121): a document too long for its row (an order's detail, about 4 KB) is moved aside uncompressed. Its
    // pglz compression, in WebAssembly, took a third of a rebuild's load of the details and was undone by every read;
    // the details take 1.6 times the disk instead. Rows written before keep their compression until rewritten.
    if (this.client.dialect === 'pglite') statements.push(`ALTER TABLE ${table} ALTER COLUMN data SET STORAGE EXTERNAL`);
    for (const index of definition.indexes ?? []) {
      const name = quoteIdent(indexName(definition.name, index.name));
      if ('contains' in index) {
        // The expression ILIKE filters use; without pg_trgm the filter still works, by scanning.
        if (this.trigrams) statements.push(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} USING gin (${textAt(index.contains)} ${this.trigrams})`);
      } else if ('has' in index) {
        // The expression `has` filters compare with @>; jsonb_path_ops indexes exactly that operator.
        statements.push(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} USING gin (${jsonAt(index.has)} jsonb_path_ops)`);
      } else if ('sort' in index) {
        if (index.sort.length === 0) throw new Error(`Index ${index.name} of ${definition.name} has no sort.`);
        // Equality paths as the filters compare them (jsonb), then the sort terms as ORDER BY has them.
        const within = (index.within ?? []).map((path) => `${jsonAt(path)}, `).join('');
        statements.push(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${within}${compileSort(index.sort)})`);
      } else {
        if (index.paths.length === 0) throw new Error(`Index ${index.name} of ${definition.name} has no paths.`);
        const expressions = index.paths.map((path) => jsonAt(path)).join(', ');
        statements.push(`CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON ${table} (${expressions})`);
      }
    }
    const declared = new Set((definition.indexes ?? []).map((index) => indexName(definition.name, index.name)));
    await runSchemaStatements(this.client, statements, async (tx) => {
      // An index of ours (<table>__<index>) that the definition no longer declares served a query that is gone: every
      // write would still pay for it (D105).
      const ours = `${tableName(definition.name)}__`;
      for (const name of await indexesOf(tx, tableName(definition.name))) {
        if (name.startsWith(ours) && !declared.has(name)) await tx.query(`DROP INDEX ${quoteIdent(name)}`);
      }
    });
    if (definition.jsonText) this.withJsonText.add(definition.name);
  }

  /**
   * PGlite has no autovacuum: without this, a rebuilt table is planned as if it were tiny. The table's size (its heap,
   * which grows with inserts and with updates, as nothing vacuums it) is kept at each ANALYZE for `ifGrownBy` (D118).
   */
  async refreshStatistics(name: string, options: { readonly ifGrownBy?: number } = {}): Promise<void> {
    const table = tableName(name);
    const analysed = this.analysedBytes.get(table);
    if (options.ifGrownBy !== undefined && analysed !== undefined && (await this.heapBytes(table)) < analysed * options.ifGrownBy) return;
    await this.client.query(`ANALYZE ${quoteIdent(table)}`);
    this.analysedBytes.set(table, await this.heapBytes(table));
  }

  /** Per table, the size of its heap when this store last analysed it. */
  private readonly analysedBytes = new Map<string, number>();

  private async heapBytes(table: string): Promise<number> {
    const [row] = await this.client.query<{ bytes: number }>('SELECT pg_relation_size(to_regclass($1))::float8 AS bytes', [table]);
    return row?.bytes ?? 0;
  }

  async dropCollection(name: string): Promise<void> {
    this.caching?.cache.forgetCollection(name);
    this.analysedBytes.delete(tableName(name));
    await runSchemaStatements(this.client, [`DROP TABLE IF EXISTS ${quoteIdent(tableName(name))}`]);
  }

  /** In one transaction: drop `target`, rename `source` to it and rename its indexes to match. */
  async renameCollection(source: string, target: string): Promise<void> {
    await this.swapCollections([{ source, target }], []);
  }

  async swapCollections(
    renames: readonly { readonly source: string; readonly target: string }[],
    checkpoints: readonly { readonly projection: string; readonly checkpoint: string }[],
  ): Promise<void> {
    for (const { source, target } of renames) {
      if (tableName(source) === tableName(target)) throw new Error(`Cannot rename collection ${source} onto itself.`);
      this.caching?.cache.forgetCollection(source);
      this.caching?.cache.forgetCollection(target);
      // The target is another table now: what its size was when last analysed says nothing of it.
      this.analysedBytes.delete(tableName(target));
    }
    await this.client.transaction(async (tx) => {
      await lockSchemaChanges(tx);
      for (const { source, target } of renames) await renameTable(tx, tableName(source), tableName(target), source);
      const session = new SqlDocumentSession(tx);
      for (const { projection, checkpoint } of checkpoints) await session.setCheckpoint(projection, checkpoint);
    });
  }

  /**
   * Per collection: one DELETE of the ids stored before, then one COPY of the documents (PGlite), or multi-row
   * INSERTs (PostgreSQL); all in one asynchronous-commit transaction.
   */
  async loadDocuments(loads: readonly DocumentLoad[]): Promise<void> {
    for (const { collection } of loads) this.caching?.cache.forgetCollection(collection);
    await this.client.transaction(
      async (tx) => {
        for (const { collection, documents, stored, deleted } of loads) {
          const table = tableName(collection);
          const gone = [...deleted, ...documents.flatMap((document) => (stored.has(document.id) ? [document.id] : []))];
          if (gone.length > 0) await tx.query(`DELETE FROM ${quoteIdent(table)} WHERE id = ANY($1::text[])`, [gone]);
          if (documents.length === 0) continue;
          if (tx.copyFrom) {
            await tx.copyFrom(table, ['id', 'revision', 'data'], copyRows(documents));
            continue;
          }
          for (let from = 0; from < documents.length; from += UPSERT_ROWS) {
            const params: unknown[] = [];
            const values = documents.slice(from, from + UPSERT_ROWS).map((document) => {
              params.push(document.id, checkRevision(document.revision), serialize(document.data));
              return `($${params.length - 2}, $${params.length - 1}::bigint, $${params.length}::jsonb)`;
            });
            await tx.query(`INSERT INTO ${quoteIdent(table)} (id, revision, data) VALUES ${values.join(', ')}`, params);
          }
        }
      },
      { asynchronousCommit: true },
    );
  }

  async transaction<R>(work: (session: DocumentSession) => Promise<R>, options: { readonly rebuildable?: boolean } = {}): Promise<R> {
    const caching = this.caching ? { cache: this.caching.cache, written: new Set<string>() } : undefined;
    try {
      // Rebuildable: an asynchronous commit, no wait for the log's flush (the next durable commit flushes it).
      return await this.client.transaction((tx) => work(new SqlDocumentSession(tx, caching)), { asynchronousCommit: options.rebuildable === true });
    } finally {
      // Committed or rolled back: a copy read meanwhile (of the committed state) is forgotten too.
      for (const key of caching?.written ?? []) {
        const at = key.indexOf('\u0000');
        caching!.cache.forget(key.slice(0, at), key.slice(at + 1));
      }
    }
  }

  /** Only the lease connection: the SqlClient belongs to whoever opened it. */
  async close(): Promise<void> {
    await this.leases?.close();
  }
}

/** The names of a table's indexes in the current schema. */
async function indexesOf(tx: SqlExecutor, table: string): Promise<string[]> {
  return (await tx.query<{ name: string }>('SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1', [table])).map(
    (row) => row.name,
  );
}

/** Drops `to`, renames the table `from` to it and renames its indexes to match. */
async function renameTable(tx: SqlExecutor, from: string, to: string, collection: string): Promise<void> {
  const [exists] = await tx.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [from]);
  if (!exists?.found) throw new Error(`Collection ${collection} does not exist.`);
  await tx.query(`DROP TABLE IF EXISTS ${quoteIdent(to)}`);
  await tx.query(`ALTER TABLE ${quoteIdent(from)} RENAME TO ${quoteIdent(to)}`);
  for (const name of await indexesOf(tx, to)) {
    // Renaming the primary key index renames its constraint too.
    if (name.startsWith(from)) await tx.query(`ALTER INDEX ${quoteIdent(name)} RENAME TO ${quoteIdent(identifier(to + name.slice(from.length)))}`);
  }
}

function toDocument<T>(row: DocumentRow): StoredDocument<T> {
  return { id: row.id, revision: Number(row.revision), data: row.data as T };
}

function serialize(data: unknown): string {
  const json = JSON.stringify(data);
  if (json === undefined) throw new Error('A document must be JSON-serialisable.');
  return json;
}

/** COPY's text format: tab-separated columns, one row a line, backslash escapes. */
function copyRows(documents: readonly StoredDocument<unknown>[]): string {
  let text = '';
  for (const document of documents) text += `${copyText(document.id)}\t${checkRevision(document.revision)}\t${copyText(serialize(document.data))}\n`;
  return text;
}

const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function copyText(value: string): string {
  // JSON text has no raw line breaks or tabs; it has backslashes only where a string holds a quote or an escape.
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!) : value;
}

function checkRevision(revision: number): number {
  if (!Number.isSafeInteger(revision)) throw new Error(`A revision must be an integer, got ${revision}.`);
  return revision;
}

function nonNegative(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0) throw new Error(`${what} must be a non-negative integer, got ${value}.`);
  return value;
}

/**
 * pg_trgm's operator class, schema-qualified (an extension lives in one schema of the database, whichever created it
 * first, and our search_path may not include it). Installs the extension into `public` when it is missing; null when
 * that is not allowed or pg_trgm is not available.
 */
async function trigramOperatorClass(client: SqlClient): Promise<string | null> {
  const installed = async () =>
    (await client.query<{ schema: string }>(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`))[0]?.schema;
  let schema = await installed();
  if (!schema) {
    try {
      await runSchemaStatements(client, ['CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public']);
    } catch {
      return null;
    }
    schema = await installed();
  }
  return schema ? `${schema}.gin_trgm_ops` : null;
}
