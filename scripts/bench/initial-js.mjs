#!/usr/bin/env node
// The console's initial JavaScript: the entry chunk and every chunk index.html preloads, gzipped, as a browser
// downloads them before the first page can render. `--max-kb N` fails (exit 1) above N KB; sizes do not depend
// on the machine, so the test suite may check this budget.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const args = process.argv.slice(2);
const maxIndex = args.indexOf('--max-kb');
const maxKb = maxIndex >= 0 ? Number(args[maxIndex + 1]) : undefined;

const html = readFileSync(`${dist}index.html`, 'utf8');
const chunks = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const chunk of chunks) {
  const kb = gzipSync(readFileSync(dist + chunk), { level: 9 }).length / 1024;
  total += kb;
  console.log(`${kb.toFixed(1).padStart(7)} KB  ${chunk}`);
}
console.log(`initial JS: ${total.toFixed(1)} KB gzipped in ${chunks.length} chunks${maxKb ? ` (budget ${maxKb} KB)` : ''}`);
if (maxKb !== undefined && total > maxKb) {
  console.error(`The console's initial JS grew past its budget: ${total.toFixed(1)} KB > ${maxKb} KB. Load the new code lazily.`);
  process.exit(1);
}
