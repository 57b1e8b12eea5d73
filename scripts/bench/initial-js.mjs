#!/usr/bin/env node
// The console's initial JavaScript: the entry chunk and every chunk index.html preloads, gzipped, as a browser
// downloads them before the first page can render. `--max-kb N` fails (exit 1) above N KB; sizes do not depend
// on the machine, so the test suite may check this budget.
// Then, for information, what two pages load in all before they show: the initial chunks and the chunks of their
// route, as the build listed them in the server's HTML (D114) (`--pages` off: `--no-pages`).
// The login page and 'my service orders' are the server's HTML (D85, D101, web/build-server-pages.mjs): each loads its
// own script first and the same initial chunks after its first paint (listed in the file, checked here to be
// index.html's: exit 1 otherwise).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const args = process.argv.slice(2);
const maxIndex = args.indexOf('--max-kb');
const maxKb = maxIndex >= 0 ? Number(args[maxIndex + 1]) : undefined;
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

/**
 * The server pages, where the build wrote them: their own script (before their first paint), the initial chunks
 * after it, and the chunks of their route (D114), which together are what the page loads before it shows.
 */
const pages = [];
for (const [name, label] of [
  ['login.en', 'login'],
  ['my-service-orders.en', 'my service orders'],
]) {
  const file = `${dist}server-pages/${name}.html`;
  if (!existsSync(file)) continue;
  const page = readFileSync(file, 'utf8');
  const own = [...page.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]);
  const listed = (meta) =>
    (page.match(new RegExp(`<meta name="${meta}" content="([^"]*)"`))?.[1] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((url) => url.replace(/^\//, ''));
  const later = listed('onsite-scripts');
  if ([...later].sort().join() !== [...chunks].sort().join()) {
    console.error(`server-pages/${name}.html requests other chunks than index.html after its first paint: ${later.join(', ')}`);
    process.exit(1);
  }
  console.log(`${name} (the server's HTML): ${own.join(', ')} ${sum(own).toFixed(1)} KB before its first paint, then the ${later.length} initial chunks`);
  pages.push([label, [...own, ...listed('onsite-route-scripts')]]);
}

if (!args.includes('--no-pages')) {
  for (const [label, extra] of pages) {
    const biggest = [...extra]
      .sort((a, b) => kbOf(b) - kbOf(a))
      .slice(0, 4)
      .map((chunk) => `${chunk.replace(/^assets\/|-[\w-]{8}\.js$/g, '')} ${kbOf(chunk).toFixed(1)}`);
    console.log(
      `${label}: ${(total + sum(extra)).toFixed(1)} KB gzipped before it shows (initial ${total.toFixed(1)} + ${sum(extra).toFixed(1)} in ${extra.length} files: ${biggest.join(', ')}, …)`,
    );
  }
}
if (maxKb !== undefined && total > maxKb) {
  console.error(`The console's initial JS grew past its budget: ${total.toFixed(1)} KB > ${maxKb} KB. Load the new code lazily.`);
  process.exit(1);
}
