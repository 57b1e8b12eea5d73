#!/usr/bin/env node
// `npm test`: every tier, in the order that fails fastest. Prints one closing line: "N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
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
  [[['bundle budget (initial JS)', 'node', ['scripts/bench/initial-js.mjs', '--max-kb', '171']]]],
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
 * CPU seconds every process of the run used, the browsers' too. Chromium's renderers are reaped by its zygote, which
 * the browser kills on close, so the CPU of finished children (/proc/self/stat's cutime) misses most of them: a
 * browser tier counted that way looked a third as busy as it was. Where the machine lets this process make a cgroup
 * of its own (cgroup v1 cpuacct or v2, as root on CI), the run moves into one and reads its counter; elsewhere it
 * falls back to the finished children's CPU and says so.
 */
function cpuMeter() {
  const candidates = [
    { dir: '/sys/fs/cgroup/cpuacct', procs: 'cgroup.procs', read: (d) => Number(readFileSync(`${d}/cpuacct.usage`, 'utf8')) / 1e9 },
    {
      dir: '/sys/fs/cgroup',
      procs: 'cgroup.procs',
      read: (d) => Number(/usage_usec (\d+)/.exec(readFileSync(`${d}/cpu.stat`, 'utf8'))?.[1]) / 1e6,
    },
  ];
  for (const { dir, procs, read } of candidates) {
    const own = `${dir}/onsite-test-${process.pid}`;
    try {
      if (!existsSync(`${dir}/${procs}`)) continue;
      mkdirSync(own);
      writeFileSync(`${own}/${procs}`, String(process.pid));
      const release = () => {
        try {
          writeFileSync(`${dir}/${procs}`, String(process.pid));
          rmdirSync(own);
        } catch {
          // Left for the system to clean; a run never fails on its meter.
        }
      };
      if (Number.isFinite(read(own))) return { what: 'every process of the run (cgroup)', read: () => read(own), release };
      release();
    } catch {
      try {
        rmdirSync(own);
      } catch {
        // Never made.
      }
    }
  }
  return { what: 'finished child processes only (no cgroup here: browsers undercounted)', read: childCpuSeconds, release: () => {} };
}

/** CPU seconds (user + system) of this process's finished children and theirs: /proc/self/stat's cutime and cstime. */
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
const meter = cpuMeter();
console.log(`CPU counted: ${meter.what}`);
const cpuAtStart = meter.read();

let passed = 0;
let failed = 0;
for (const stage of stages) {
  const lanes = stage.map((lane) => lane.filter(([name]) => selected(name))).filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  const alone = lanes.length === 1;
  const stageStarted = Date.now();
  const stageCpu = meter.read();
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
  const cpu = meter.read() - stageCpu;
  console.log(`=== stage took ${seconds((Date.now() - stageStarted) / 1000)}, CPU ${seconds(cpu)} (at least ${seconds(cpu / cores)} on ${cores} cores)`);
  if (results.includes(false)) break;
}
const cpuAll = meter.read() - cpuAtStart;
meter.release();
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
console.log(`took ${seconds((Date.now() - startedAll) / 1000)}, CPU ${seconds(cpuAll)}: at least ${seconds(cpuAll / cores)} on ${cores} cores`);
process.exit(failed ? 1 : 0);
