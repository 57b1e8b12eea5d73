import type { SqlClient, SqlExecutor, SqlRow } from '../sql/sql-client.js';

/** A statement sent through a recording client: its text, its parameters, and whether it ran in a transaction. */
export interface RecordedStatement {
  readonly text: string;
  readonly params: readonly unknown[];
  readonly inTransaction: boolean;
}

export interface RecordingClient {
  /** The client to hand to the code under test: every statement passes through to the real one. */
  readonly client: SqlClient;
  /** Every statement sent so far, on the client and in its transactions, in the order sent (clear it with `length = 0`). */
  readonly statements: RecordedStatement[];
  /** How many transactions were begun through the client. */
  readonly transactions: number;
}

/** Wraps a real client to record what a store sends through it (a test's count of statements, or an EXPLAIN of one). */
export function recordingClient(real: SqlClient): RecordingClient {
  const statements: RecordedStatement[] = [];
  let transactions = 0;
  const recorded = (executor: SqlExecutor, inTransaction: boolean): SqlExecutor => ({
    query: <R extends SqlRow = SqlRow>(text: string, params?: readonly unknown[]) => {
      statements.push({ text, params: params ?? [], inTransaction });
      return executor.query<R>(text, params);
    },
    ...(executor.copyFrom ? { copyFrom: executor.copyFrom.bind(executor) } : {}),
  });
  const client: SqlClient = {
    ...recorded(real, false),
    dialect: real.dialect,
    transaction: (work, options) => {
      transactions++;
      return real.transaction((tx) => work(recorded(tx, true)), options);
    },
    close: () => real.close(),
  };
  return {
    client,
    statements,
    get transactions() {
      return transactions;
    },
  };
}
