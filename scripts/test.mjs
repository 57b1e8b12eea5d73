#!/usr/bin/env node
// `npm test`: every tier, in the order that fails fastest. Prints one closing line: "N passed, N failed".
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url).pathname;

/**
 * Each stage runs its lanes side by side (a lane's steps one after another) and waits for all of them. The server
 * type check (which also builds what the integration tests start as processes) and the in-band integration tests
 * use one core each, so the console's type check, the import boundaries and the unit tests share the machine with
 * them; the later tiers use both cores on their own.
 */
const stages = [
  [
    [
      ['type check (server)', 'npx', ['tsc', '-b', 'services/api/tsconfig.json']],
      ['integration tests (PGlite, PostgreSQL)', 'npm', ['run', 'test:int']],
    ],
    [
      ['type check (console)', 'npm', ['run', 'typecheck', '-w', '@onsite/web']],
      ['import boundaries', 'npm', ['run', 'lint:boundaries']],
      ['lint (ESLint, Prettier)', 'npm', ['run', 'lint']],
      // The tests themselves (jest runs them through swc, which strips types without checking them) and the scripts.
      ['type check (tests and scripts)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
      ['unit tests (domain, projections, api, web)', 'node', ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects', 'unit', 'web']],
    ],
  ],
  [[['api end-to-end tests', 'npm', ['run', 'test:e2e']]]],
  [[['build (server and console)', 'npm', ['run', 'build']]]],
  // No regression while the 170 KB target of docs/performance.md is approached: lower it as chunks move out.
  [[['bundle budget (initial JS)', 'node', ['scripts/bench/initial-js.mjs', '--max-kb', '172']]]],
  [[['browser tests (Chromium)', 'npm', ['run', 'test:browser']]]],
];
const only = process.argv.slice(2);
const selected = (name) => !only.length || only.some((o) => name.startsWith(o));

/** Runs one step. Alone it prints as it goes; beside another its output is held and printed when it ends. */
function run([name, cmd, args], alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (alone) console.log(`\n=== ${name}`);
    const child = spawn(cmd, args, { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) {
        console.log(`\n=== ${name}`);
        process.stdout.write(Buffer.concat(held));
      }
      console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      resolve(code === 0);
    });
  });
}

/**
 * CPU seconds (user + system) of this process's finished children and theirs: /proc/self/stat's cutime and cstime.
 * A stage's CPU over the cores is the shortest it could take here, whatever runs side by side (docs/testing.md).
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}
const cores = availableParallelism();
const seconds = (n) => `${n.toFixed(0)} s`;
const startedAll = Date.now();
const cpuAtStart = childCpuSeconds();

let passed = 0;
let failed = 0;
for (const stage of stages) {
  const lanes = stage.map((lane) => lane.filter(([name]) => selected(name))).filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  const alone = lanes.length === 1;
  const stageStarted = Date.now();
  const stageCpu = childCpuSeconds();
  const results = await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        const ok = await run(step, alone);
        if (ok) passed++;
        else {
          failed++;
          return false;
        }
      }
      return true;
    }),
  );
  const cpu = childCpuSeconds() - stageCpu;
  console.log(`=== stage took ${seconds((Date.now() - stageStarted) / 1000)}, CPU ${seconds(cpu)} (at least ${seconds(cpu / cores)} on ${cores} cores)`);
  if (results.includes(false)) break;
}
const cpuAll = childCpuSeconds() - cpuAtStart;
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
console.log(`took ${seconds((Date.now() - startedAll) / 1000)}, CPU ${seconds(cpuAll)}: at least ${seconds(cpuAll / cores)} on ${cores} cores`);
process.exit(failed ? 1 : 0);
