/**
 * Shared rule for suites that need a server (PostgreSQL now, Redis and others later): when the server is
 * unreachable the suite is skipped with a console message, except on CI (CI=true) where it fails.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(): string {
  return process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
}

/** One probe per address and test file. */
const probes = new Map<string, boolean>();

/**
 * Whether a TCP connection to host:port succeeds, checked synchronously (in a child process) because jest
 * must know while collecting tests whether to register or skip them.
 */
export function isTcpReachable(host: string, port: number, timeoutMs = 3000): boolean {
  const key = `${host}:${port}`;
  let reachable = probes.get(key);
  if (reachable === undefined) {
    reachable = probe(host, port, timeoutMs);
    probes.set(key, reachable);
  }
  return reachable;
}

function probe(host: string, port: number, timeoutMs: number): boolean {
  const script = `
    const socket = require('node:net').connect({ host: ${JSON.stringify(host)}, port: ${port} });
    socket.setTimeout(${timeoutMs}, () => process.exit(1));
    socket.on('connect', () => process.exit(0));
    socket.on('error', () => process.exit(1));`;
  try {
    execFileSync(process.execPath, ['-e', script], { stdio: 'ignore', timeout: timeoutMs + 2000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * `describe` when the service answers. Otherwise: on CI a suite whose single test fails with the reason,
 * elsewhere `describe.skip` plus a console message.
 */
export function describeWithService(service: string, address: { host: string; port: number; shown: string }, name: string, fn: () => void): void {
  if (isTcpReachable(address.host, address.port)) {
    describe(name, fn);
    return;
  }
  const reason = `${service} is not reachable at ${address.shown}`;
  if (process.env.CI === 'true') {
    describe(name, () => {
      it(`needs ${service}`, () => {
        throw new Error(`${reason} (CI=true: ${service} suites must run).`);
      });
    });
    return;
  }
  // Straight to stderr: jest drops the buffered console output of a file whose tests are all skipped.
  process.stderr.write(`\n[skipped] "${name}": ${reason}. Start it (or point the URL variable at one) to run this suite; with CI=true it fails.\n`);
  describe.skip(name, fn);
}

/** The PostgreSQL URL (DATABASE_URL or the local default) when the server answers, else null (throws on CI). */
export function postgresUrlOrSkip(): string | null {
  const url = databaseUrl();
  const { host, port } = hostAndPort(url);
  if (isTcpReachable(host, port)) return url;
  if (process.env.CI === 'true') throw new Error(`PostgreSQL is not reachable at ${redact(url)} (CI=true).`);
  return null;
}

/** Registers `fn` as a suite against PostgreSQL at DATABASE_URL (see describeWithService for the skip rule). */
export function describeWithPostgres(name: string, fn: (url: string) => void): void {
  const url = databaseUrl();
  describeWithService('PostgreSQL', { ...hostAndPort(url), shown: redact(url) }, name, () => fn(url));
}

/** A unique schema name for one suite, e.g. `t_events_k3j9x2ab`. */
export function uniqueSchemaName(label: string): string {
  return `t_${label
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 30)}_${randomBytes(4).toString('hex')}`;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '""')}" CASCADE`);
  } finally {
    await client.end();
  }
}

function hostAndPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
