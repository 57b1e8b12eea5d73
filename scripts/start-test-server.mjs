#!/usr/bin/env node
// Starts the built server on a throw-away embedded data directory, for the browser tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'onsite-browser-'));
const child = spawn('node', ['services/api/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PROFILE: 'embedded', DATA_DIR: dataDir, PORT: process.env.PORT ?? '3100', HOST: '127.0.0.1', SEED_DEMO: 'true', SEED_DEMO_HISTORY: process.env.SEED_DEMO_HISTORY ?? 'false' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
