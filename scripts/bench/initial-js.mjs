#!/usr/bin/env node
// The console's initial JavaScript: the entry chunk and every chunk index.html preloads, gzipped, as a browser
// downloads them before the first page can render. `--max-kb N` fails (exit 1) above N KB; sizes do not depend
// on the machine, so the test suite may check this budget.
// Then, for information, what two pages load in all before they show: the entry's, their route chunk with the
// chunks it imports, and the English texts every page awaits (`--pages` off: `--no-pages`).
// The login page and 'my service orders' are the server's HTML (D85, D101, web/build-server-pages.mjs): each loads its
// own script first and the same initial chunks after its first paint (listed in the file, checked here to be
// index.html's: exit 1 otherwise).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chunkHolding, jsChunks, staticClosure } from '../../web/build-chunks.mjs';

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const args = process.argv.slice(2);
const maxIndex = args.indexOf('--max-kb');
const maxKb = maxIndex >= 0 ? Number(args[maxIndex + 1]) : undefined;
const PAGES = [
  ['login', 'src/features/auth/routes/login.tsx'],
  ['my service orders', 'src/features/orders/routes/my-service-orders.tsx'],
];

const sizes = new Map();
const kbOf = (chunk) => {
  if (!sizes.has(chunk)) sizes.set(chunk, gzipSync(readFileSync(dist + chunk), { level: 9 }).length / 1024);
  return sizes.get(chunk);
};
const sum = (chunks) => [...chunks].reduce((total, chunk) => total + kbOf(chunk), 0);

const html = readFileSync(`${dist}index.html`, 'utf8');
const chunks = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
for (const chunk of chunks) console.log(`${kbOf(chunk).toFixed(1).padStart(7)} KB  ${chunk}`);
const total = sum(chunks);
console.log(`initial JS: ${total.toFixed(2)} KB gzipped in ${chunks.length} chunks${maxKb ? ` (budget ${maxKb} KB)` : ''}`);

/** The server pages' own scripts (before their first paint), where the build wrote the server's HTML for them. */
let loginScripts = [];
for (const name of ['login.en', 'my-service-orders.en']) {
  const file = `${dist}server-pages/${name}.html`;
  if (!existsSync(file)) continue;
  const page = readFileSync(file, 'utf8');
  const own = [...page.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]);
  if (name.startsWith('login')) loginScripts = own;
  const later = (page.match(/<meta name="onsite-scripts" content="([^"]+)"/)?.[1] ?? '').split(' ').map((url) => url.replace(/^\//, ''));
  if ([...later].sort().join() !== [...chunks].sort().join()) {
    console.error(`server-pages/${name}.html requests other chunks than index.html after its first paint: ${later.join(', ')}`);
    process.exit(1);
  }
  console.log(`${name} (the server's HTML): ${own.join(', ')} ${sum(own).toFixed(1)} KB before its first paint, then the ${later.length} initial chunks`);
}

if (!args.includes('--no-pages')) {
  const assets = jsChunks(dist);
  const closure = (roots) => staticClosure(dist, roots);
  const chunkOf = (source) => chunkHolding(dist, source, assets);
  const base = closure(chunks);
  const texts = assets.find((chunk) => /\/texts-en-[^/]+\.js$/.test(chunk));
  for (const [name, source] of PAGES) {
    const route = chunkOf(source);
    if (!route) continue;
    const page = closure([...base, route, ...(texts ? [texts] : []), ...(name === 'login' ? loginScripts : [])]);
    const extra = [...page].filter((chunk) => !base.has(chunk));
    const biggest = extra.sort((a, b) => kbOf(b) - kbOf(a)).slice(0, 4).map((chunk) => `${chunk.replace(/^assets\/|-[\w-]{8}\.js$/g, '')} ${kbOf(chunk).toFixed(1)}`);
    console.log(`${name}: ${sum(page).toFixed(1)} KB gzipped before it shows (initial ${total.toFixed(1)} + ${sum(extra).toFixed(1)} in ${extra.length} chunks: ${biggest.join(', ')}, …)`);
  }
}
if (maxKb !== undefined && total > maxKb) {
  console.error(`The console's initial JS grew past its budget: ${total.toFixed(1)} KB > ${maxKb} KB. Load the new code lazily.`);
  process.exit(1);
}
