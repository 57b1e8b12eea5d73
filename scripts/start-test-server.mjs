#!/usr/bin/env node
// Starts the built server on a throw-away embedded data directory, for the browser tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'onsite-browser-'));
const port = Number(process.env.PORT ?? '3100');
// The planning tool beside it (port + 10): it accepts every exported job specification, and plays through to
// closed only the jobs of the orders a test lists (POST /__admin/play), so tests that record progress by hand
// are not overtaken.
const SECRET = 'browser-tests-only-planning-tool-shared-secret';
const simulator = spawn(
  'node',
  [
    'scripts/planning-tool-simulator.mjs',
    '--port',
    String(port + 10),
    '--report-to',
    `http://127.0.0.1:${port}`,
    '--secret',
    SECRET,
    '--step-ms',
    '700',
    '--play-only-listed',
  ],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
const child = spawn('node', ['services/api/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PROFILE: 'embedded',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    SEED_DEMO_HISTORY: process.env.SEED_DEMO_HISTORY ?? 'false',
    PLANNING_TOOL_URL: `http://127.0.0.1:${port + 10}`,
    PLANNING_TOOL_SECRET: SECRET,
    // The webhooks spec's receiver listens on loopback (allowed in development and tests only).
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_BACKOFF_MS: '1000',
  },
});
const stop = () => {
  simulator.kill('SIGTERM');
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  simulator.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
