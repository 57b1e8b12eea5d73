#!/usr/bin/env node
// `npm start`: build what is missing or stale (TypeScript incrementally, the console when its sources changed),
// then run the server in the embedded profile unless PROFILE says otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

run('npx', ['tsc', '-b', 'services/api/tsconfig.json']);
const webIndex = join(root, 'web/dist/index.html');
const webSources = Math.max(newest(join(root, 'web/src')), newest(join(root, 'services/domain/src')), newest(join(root, 'services/contracts/src')));
if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources) run('npm', ['run', 'build:web']);
run('node', ['services/api/dist/main.js']);
