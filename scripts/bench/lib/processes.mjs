// Child processes of the benchmark: the api (built server), a bare Fastify server (the ceiling of the api's own
// overhead) and small measuring scripts. Every child is stopped by the benchmark itself (stopAll on exit).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const children = new Set();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

/** CPU seconds a process has used so far (user + system, Linux /proc). */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Spawns `node args` with `env`; the output goes to `log` (a function per line). */
export function startNode(args, { env = {}, log = () => {}, cwd = ROOT } = {}) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      output += chunk;
      if (output.length > 200_000) output = output.slice(-100_000);
      for (const line of chunk.split('\n')) if (line.trim()) log(line);
    });
  }
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return {
    pid: child.pid,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Runs a node script to its end and returns its stdout's last line parsed as JSON. */
export async function runNode(args, options = {}) {
  const child = startNode(args, options);
  const { code } = await child.exited;
  const lines = child.output().trim().split('\n');
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}:\n${lines.slice(-15).join('\n')}`);
  return JSON.parse(lines.at(-1));
}

/** Waits until GET `path` answers 200 on `port`. */
export async function waitForHttp(port, path, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (child && (await Promise.race([child.exited, sleep(0).then(() => null)])))
      throw new Error(`The server exited before it answered:\n${child.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`No answer on port ${port} within ${timeoutMs / 1000} s.`);
    await sleep(250);
  }
}

/**
 * The built api with `env` (PORT among them), as production runs it (NODE_ENV=production, as in the Dockerfile), once it answers /api/health. `cwd` (default the repository): an
 * in-memory database still keeps uploaded files under DATA_DIR, relative to it.
 */
export async function startApi(env, { cwd = ROOT } = {}) {
  const child = startNode([join(ROOT, 'services/api/dist/main.js')], {
    cwd,
    env: { NODE_ENV: 'production', SEED_DEMO_HISTORY: 'false', LOG_LEVEL: 'warn', WEB_DIST: join(ROOT, 'web/dist'), ...env },
  });
  await waitForHttp(Number(env.PORT), '/api/health', child);
  return child;
}

/** Waits until a child's output shows `pattern` (its "ready" line); fails if it exits first or after `timeoutMs`. */
export async function waitForOutput(child, pattern, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(child.output())) {
    if (await Promise.race([child.exited, sleep(50).then(() => null)]))
      throw new Error(`The process exited before it was ready:\n${child.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`Not ready after ${timeoutMs} ms:\n${child.output().slice(-3000)}`);
  }
}

export async function stopAll() {
  await Promise.all(
    [...children].map((child) => {
      child.kill('SIGTERM');
      return new Promise((resolve) => child.on('exit', resolve));
    }),
  );
}
