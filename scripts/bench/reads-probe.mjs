#!/usr/bin/env node
// The reads phase's requests (scripts/bench/run.mjs) against an api already running on PORT, at one client and at
// 10 clients, with the server's CPU time per request: less disturbed by a loaded machine than latencies are.
// Usage: node scripts/bench/reads-probe.mjs --port 4100 --pid <api pid> [--seconds 3] [--clients 1,10] [--only 1,2]
import { parseArgs } from 'node:util';
import { closedLoop, Connection } from './lib/http-load.mjs';
import { cpuSeconds } from './lib/processes.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    pid: { type: 'string' },
    seconds: { type: 'string', default: '3' },
    clients: { type: 'string', default: '1,10' },
    only: { type: 'string' },
  },
});
const port = Number(values.port);
const pid = values.pid ? Number(values.pid) : null;
const seconds = Number(values.seconds);

async function call(method, path, body, token) {
  const connection = new Connection(port);
  await connection.ready;
  try {
    const response = await connection.request(method, path, { body: JSON.stringify(body), headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body.toString('utf8').slice(0, 300)}`);
    return JSON.parse(response.body.toString('utf8'));
  } finally {
    connection.close();
  }
}
const login = async (email) => (await call('POST', '/api/log-in', { email, password: 'Onsite-demo-1' })).token;
const staff = await login('bl.admin@demo.onsite.test');
const customer = await login('ec2.admin@demo.onsite.test');
const list = (token, body) => () => ({ method: 'POST', path: '/api/order/list', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
const someRef = (await call('POST', '/api/order/list', { pageSize: 10, search: 'Köln' }, customer)).data.items[0]?.refId;
const queries = [
  ['staff default', list(staff, {})],
  ["staff 'Köln' by customer", list(staff, { search: 'Köln', sort: { field: 'customerName', direction: 'asc' } })],
  ['staff OFFERED by expiry p3', list(staff, { filter: { status: ['OFFERED'] }, sort: { field: 'offerExpiresAt', direction: 'asc' }, page: 3, pageSize: 25 })],
  ['customer no hit', list(customer, { search: 'no such plant' })],
  ['customer default 100', list(customer, { pageSize: 100 })],
  [
    'detail',
    () => ({ method: 'POST', path: '/api/order/getByRefId', headers: { authorization: `Bearer ${customer}` }, body: JSON.stringify({ refId: someRef }) }),
  ],
  ['health', () => ({ method: 'GET', path: '/api/health' })],
];
const only = values.only ? new Set(values.only.split(',').map(Number)) : null;
for (const clients of values.clients.split(',').map(Number)) {
  for (const [index, [label, next]] of queries.entries()) {
    if (only && !only.has(index + 1)) continue;
    const before = pid ? cpuSeconds(pid) : 0;
    const r = await closedLoop({ port, clients, seconds, warmupSeconds: 0.5, next });
    const cpu = pid ? ((cpuSeconds(pid) - before) * 1000) / (r.count + 0.5 * r.rps) : NaN;
    console.log(
      `${String(clients).padStart(2)} clients  ${label.padEnd(28)} p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)} ms  ${r.rps.toFixed(0).padStart(5)}/s  cpu ${cpu.toFixed(2)} ms/req${r.errors ? `  ERRORS ${r.errors} ${r.firstError}` : ''}`,
    );
  }
}
