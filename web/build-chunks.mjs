// What the console's build wrote, read back from web/dist: which chunk holds a source module, and which chunks a set of
// chunks imports. Used by web/build-server-pages.mjs (the chunks a server page's route needs) and by
// scripts/bench/initial-js.mjs (what a page loads before it shows).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The build's JavaScript chunks, as `assets/<file>.js`. */
export function jsChunks(dist) {
  return readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
}

/** The chunks `roots` import statically (`import … from "./x.js"`), and theirs, the roots included. */
export function staticClosure(dist, roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const chunk = stack.pop();
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    const code = readFileSync(join(dist, chunk), 'utf8');
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{},\s]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) stack.push(`assets/${m[1]}`);
  }
  return seen;
}

/**
 * The chunk that holds a source module (a path from web/, e.g. `src/lib/session.ts`), found through the source maps
 * the build writes; undefined when none does.
 */
export function chunkHolding(dist, source, chunks = jsChunks(dist)) {
  return chunks.find((chunk) => {
    try {
      return JSON.parse(readFileSync(join(dist, `${chunk}.map`), 'utf8')).sources.some((s) => s.endsWith(source));
    } catch {
      return false;
    }
  });
}
