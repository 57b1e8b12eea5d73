import { parse, protocol, types, type PGlite } from '@electric-sql/pglite';
import { CACHED_PLAN_CHANGED, isPlannedStatement, sqlErrorCode, type SqlRow } from './sql-client.js';

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** What the database said of one named statement when it was parsed. */
interface Statement {
  readonly name: string;
  readonly parameterTypes: readonly number[];
  /** The statement's result columns, from its RowDescription (none for a statement that returns no rows). */
  readonly columns: readonly Column[];
}

/** A result column: its name and how its text becomes a value (PGlite's parser for its type). */
interface Column {
  readonly name: string;
  readonly type: number;
}

/**
 * The reads and writes of the embedded store as named prepared statements, one per SQL text (decision D104).
 *
 * PGlite's own `query` parses, describes and plans every statement anew in the unnamed statement, in six calls
 * into the database. Here a statement is parsed and described once, and every later run is one call of Bind,
 * Execute and Sync. PostgreSQL keeps the plan with the statement: after five runs it plans generically when a
 * generic plan costs no more than the custom ones did, and it plans again by itself when a table or index under
 * the statement changes. A table whose columns change under a cached statement fails it once; the statement is then
 * forgotten, and run again when that is safe (outside a transaction).
 *
 * The caller holds PGlite's query mutex (and, outside a transaction, its transaction mutex).
 */
export class PreparedStatements {
  private readonly statements = new Map<string, Statement>();
  /** Statements evicted from the cache, closed with the next parse. */
  private closing: string[] = [];
  private counter = 0;

  constructor(
    private readonly db: PGlite,
    private readonly capacity = 500,
  ) {}

  static handles(text: string): boolean {
    return isPlannedStatement(text);
  }

  async run<R extends SqlRow>(text: string, params: readonly unknown[], retry: boolean): Promise<R[]> {
    const statement = this.statements.get(text) ?? (await this.prepare(text));
    try {
      const output = new ResultOutput();
      await this.db.execProtocolRawStream(bindExecuteSync(statement.name, this.serialized(statement, params)), { syncToFs: false, onRawData: output.add });
      const rows = rowsOf(output.bytes(), statement.columns, this.db.parsers);
      // Most recently used last: the first entry is the one to evict.
      this.statements.delete(text);
      this.statements.set(text, statement);
      return rows as R[];
    } catch (error) {
      if (sqlErrorCode(error) !== CACHED_PLAN_CHANGED) throw withStatement(error, text, params);
      this.forget(text, statement);
      if (!retry) throw withStatement(error, text, params);
      return this.run(text, params, false);
    }
  }

  private async prepare(text: string): Promise<Statement> {
    const name = `onsite_${++this.counter}`;
    const closes = this.closing.map((evicted) => serialize.close({ type: 'S', name: evicted }));
    this.closing = [];
    let messages: BackendMessage[];
    try {
      messages = await this.db.execProtocolStream(
        concat([...closes, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        {
          syncToFs: false,
        },
      );
    } catch (error) {
      throw withStatement(error, text, []);
    }
    const rowDescription = messages.find((message) => message instanceof protocol.messages.RowDescriptionMessage);
    const statement: Statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      columns: rowDescription?.fields.map((field) => ({ name: field.name, type: field.dataTypeID })) ?? [],
    };
    this.statements.set(text, statement);
    if (this.statements.size > this.capacity) {
      const [oldest] = this.statements;
      if (oldest) this.forget(oldest[0], oldest[1]);
    }
    return statement;
  }

  private forget(text: string, statement: Statement): void {
    if (this.statements.get(text) === statement) this.statements.delete(text);
    this.closing.push(statement.name);
  }

  /** Parameters as PGlite's own query sends them: its serializer for the parameter's type, else the text. */
  private serialized(statement: Statement, params: readonly unknown[]): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[i];
      const serializer = type === undefined ? undefined : this.db.serializers[type];
      return serializer ? (serializer(param) as string) : String(param);
    });
  }
}

/** Collects what PGlite writes for one run: its chunks are views of its memory, copied as they come. */
class ResultOutput {
  private readonly chunks: Buffer[] = [];

  readonly add = (chunk: Uint8Array): void => {
    this.chunks.push(Buffer.from(chunk));
  };

  bytes(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
  }
}

const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

/**
 * The rows of one Bind, Execute and Sync, read from the backend's messages as they came (D116): each DataRow's fields
 * decoded from UTF-8 by Node where they lie and turned into values by PGlite's parser for the column's type, as
 * PGlite's `parseResults` does. An ErrorResponse is read by PGlite's own protocol parser, so the error thrown is the
 * `DatabaseError` PGlite's `query` throws. Every other message (BindComplete, CommandComplete, a notice,
 * ReadyForQuery) says nothing the caller uses.
 */
function rowsOf(output: Buffer, columns: readonly Column[], parsers: PGlite['parsers']): SqlRow[] {
  const rows: SqlRow[] = [];
  for (let at = 0; at + 5 <= output.length;) {
    const kind = output[at]!;
    const end = at + 1 + output.readInt32BE(at + 1);
    if (kind === ERROR_RESPONSE) throw databaseError(output);
    if (kind === DATA_ROW) {
      const row: SqlRow = {};
      const count = output.readInt16BE(at + 5);
      let field = at + 7;
      for (let i = 0; i < count; i++) {
        const length = output.readInt32BE(field);
        field += 4;
        const column = columns[i]!;
        if (length < 0) {
          row[column.name] = null;
          continue;
        }
        row[column.name] = types.parseType(output.toString('utf8', field, field + length), column.type, parsers);
        field += length;
      }
      rows.push(row);
    }
    at = end;
  }
  return rows;
}

function databaseError(output: Buffer): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(output, (message) => {
    if (!error && message instanceof protocol.messages.DatabaseError) error = message;
  });
  return error ?? new Error('PGlite answered with an error the protocol parser could not read.');
}

const EXECUTE_SYNC = concat([serialize.execute({}), serialize.sync()]);

/**
 * Bind (every parameter as text, no result format codes), then Execute and Sync, in one buffer (D115). PGlite's
 * serializer measures each parameter's UTF-8 length twice, in a loop over its characters, and grows its buffer as it
 * writes: with a projection batch's documents as parameters, that was a tenth of the embedded api's CPU under load.
 * Here Node's own encoder measures and writes each value once, into a buffer allocated once.
 */
function bindExecuteSync(statement: string, values: readonly (string | null)[]): Uint8Array {
  // 'B', the length, the portal "" and the statement, each ended by a NUL, no parameter format codes (all text), the
  // parameters; at the end, no result format codes (all text).
  let size = 1 + 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + 2;
  const lengths = new Array<number>(values.length);
  for (const [i, value] of values.entries()) {
    const length = value === null ? -1 : Buffer.byteLength(value);
    lengths[i] = length;
    size += 4 + Math.max(length, 0);
  }
  const message = Buffer.allocUnsafe(size + EXECUTE_SYNC.length);
  let at = message.writeUInt8(0x42, 0);
  at = message.writeInt32BE(size - 1, at);
  at = message.writeUInt8(0, at);
  at += message.write(statement, at);
  at = message.writeUInt8(0, at);
  at = message.writeInt16BE(0, at);
  at = message.writeInt16BE(values.length, at);
  for (const [i, value] of values.entries()) {
    at = message.writeInt32BE(lengths[i]!, at);
    if (value) at += message.write(value, at);
  }
  at = message.writeInt16BE(0, at);
  message.set(EXECUTE_SYNC, at);
  return message;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** Like PGlite's own errors: the failed statement and its parameters go with the error. */
function withStatement(error: unknown, query: string, params: readonly unknown[]): unknown {
  if (error instanceof Error && !('query' in error)) Object.assign(error, { query, params });
  return error;
}
