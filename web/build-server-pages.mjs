#!/usr/bin/env node
// The pages the server sends drawn, written after `vite build` for each language: the console's index.html with the
// real page rendered inside it (web/src/server-pages/render.tsx, through Vite's SSR loader: the app's own routes,
// layout, texts and Mantine's styles), so the page paints before any script.
// - login.{lang}.html: the login page, for a signed-out visitor (D85);
// - my-service-orders.{lang}.html: the page a signed-in customer lands on, as drawn before their profile and list
//   arrive (D101), with the requests its console asks first, which public/server-page.js sends early (D102), and its
//   empty list as the console draws it for each kind of user, which that script shows when the answers say so (D103).
// The console's scripts are not in the file: public/server-page.js requests them after the first paint when the page
// is for this visitor, with the chunks of the page's route (D114), and at once (the page removed) when it is not. The
// api answers `/{lang}/login` and `/{lang}/my-service-orders` with them (services/api/src/create-app.ts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const dist = join(webDir, 'dist');
const OUT_DIR = 'server-pages';

/**
 * While the server's page is there for this visitor the console's root stays hidden (it replaces the page in one
 * commit); a page that is not for this visitor is never shown. The page is inert until then: the pointer says it is
 * not ready yet. `data-signed-in` on <html> is set by public/server-page.js from the stored session token.
 */
function styleFor(id, audience) {
  const [forVisitor, notForVisitor] =
    audience === 'signed-in' ? ['[data-signed-in]', ':not([data-signed-in])'] : [':not([data-signed-in])', '[data-signed-in]'];
  return `html${forVisitor} #${id} ~ #root{display:none}html${notForVisitor} #${id}{display:none}#${id}{cursor:progress}`;
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The source modules a page's console loads before it draws the page, beyond the entry's chunks: the route's module
 * and, for a signed-in visitor, the profile's schema (src/lib/session/session.ts). Their chunks are listed for
 * public/server-page.js, which preloads them with the entry's (D114).
 */
const ROUTE_SOURCES = {
  'signed-out': ['src/features/auth/routes/login.tsx'],
  'signed-in': ['src/features/orders/routes/my-service-orders.tsx', 'src/lib/session/profile-schema.ts'],
};

/** The chunks `roots` import statically (`import … from "./x.js"`), and theirs, the roots included. */
function staticClosure(roots) {
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
 * The chunks each page needs beyond index.html's (`initial`), per audience and language: its route's sources
 * (ROUTE_SOURCES, found in the chunks through the build's source maps), the texts of its language and of English, the
 * fallback every page loads (src/lib/i18n/i18n.ts), and all they import.
 */
function routeChunksOf(initial) {
  const chunks = readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  const wanted = new Set(Object.values(ROUTE_SOURCES).flat());
  const holding = new Map();
  for (const chunk of chunks) {
    let sources = [];
    try {
      sources = JSON.parse(readFileSync(join(dist, `${chunk}.map`), 'utf8')).sources;
    } catch {
      continue;
    }
    for (const source of wanted) if (sources.some((s) => s.endsWith(source))) holding.set(source, chunk);
  }
  const before = staticClosure(initial.map((url) => url.replace(/^\//, '')));
  return (audience, lang) => {
    const roots = ROUTE_SOURCES[audience].map((source) => {
      const chunk = holding.get(source);
      if (!chunk) throw new Error(`No chunk of web/dist holds ${source} (are the source maps built?).`);
      return chunk;
    });
    for (const language of new Set(['en', lang])) {
      const texts = chunks.find((chunk) => chunk.startsWith(`assets/texts-${language}-`));
      if (!texts) throw new Error(`web/dist has no texts-${language} chunk.`);
      roots.push(texts);
    }
    return [...staticClosure(roots)].filter((chunk) => !before.has(chunk)).map((chunk) => `/${chunk}`);
  };
}

/** index.html's module script and the chunks it preloads, in that order. */
function initialScripts(index) {
  const entry = index.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entry) throw new Error('web/dist/index.html has no module script.');
  const preloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  return { entry, preloads, urls: [entry[1], ...preloads.map((preload) => preload[1])] };
}

/** index.html without its module script and preloads (listed for public/server-page.js instead), with the page in it. */
function pageDocument(index, { markup, title, lang, earlyRequests, variants }, audience, { id, meta }, routeChunks) {
  const { entry, preloads, urls } = initialScripts(index);
  let html = index.replace(entry[0], '');
  for (const preload of preloads) html = html.replace(preload[0], '');
  const scripts = urls.join(' ');
  const routeScripts = routeChunks.join(' ');
  const style = styleFor(id, audience);
  // The page's early requests (D102) come before the script that sends them.
  const early = earlyRequests?.length ? `<meta name="${meta}" content="${escapeHtml(JSON.stringify(earlyRequests))}">\n    ` : '';
  // The page's <main> as drawn for the answers each lists (D103), which public/server-page.js may put in its place.
  const drawings = (variants ?? [])
    .map(({ when, countries, main }) => `<template data-when="${when.join(',')}" data-countries="${countries.join(' ')}">${main}</template>`)
    .join('');
  const head = `  <meta name="onsite-scripts" content="${scripts}">\n    <meta name="onsite-route-scripts" content="${routeScripts}">\n    ${early}<style>${style}</style>\n    <script src="/server-page.js"></script>\n  </head>`;
  html = html
    .replace('<html lang="en">', `<html lang="${lang}" data-mantine-color-scheme="light">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', head)
    .replace('<div id="root"></div>', `<div id="${id}" data-for="${audience}" inert>${markup}${drawings}</div><div id="root"></div>`);
  for (const part of ['data-mantine-color-scheme', style, markup, drawings])
    if (!html.includes(part)) throw new Error(`web/dist/index.html changed shape: a server page lacks ${part.slice(0, 40)}.`);
  return html;
}

function write(name, html) {
  const file = join(dist, OUT_DIR, `${name}.html`);
  writeFileSync(file, html);
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  console.log(`server page: ${OUT_DIR}/${name}.html ${(html.length / 1024).toFixed(1)} KB`);
}

const vite = await createServer({
  configFile: join(webDir, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'warn',
});
try {
  const { renderLoginPage, renderServiceOrdersFrame, LANGUAGES, TOKEN_KEY, ON_BEHALF_KEY, SERVER_PAGE_ID, EARLY_REQUESTS_META, EARLY_REQUESTS_GLOBAL } =
    await vite.ssrLoadModule('/src/server-pages/render.tsx');
  const script = readFileSync(join(dist, 'server-page.js'), 'utf8');
  for (const [name, source] of [
    [TOKEN_KEY, 'the token (src/lib/session/token-store.ts)'],
    [ON_BEHALF_KEY, 'whom staff act for (src/lib/session/on-behalf.ts)'],
    [EARLY_REQUESTS_META, 'the early requests (src/lib/api/early-requests.ts)'],
    [EARLY_REQUESTS_GLOBAL, 'the early answers (src/lib/api/early-requests.ts)'],
  ]) {
    if (!script.includes(`'${name}'`) && !script.includes(`"${name}"`)) throw new Error(`public/server-page.js must name '${name}', ${source}.`);
  }
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  // The element that holds a page and the <meta> of its early requests, as the console names them.
  const names = { id: SERVER_PAGE_ID, meta: EARLY_REQUESTS_META };
  mkdirSync(join(dist, OUT_DIR), { recursive: true });
  const routeChunks = routeChunksOf(initialScripts(index).urls);
  for (const lang of LANGUAGES) {
    write(`login.${lang}`, pageDocument(index, await renderLoginPage(lang), 'signed-out', names, routeChunks('signed-out', lang)));
    write(`my-service-orders.${lang}`, pageDocument(index, await renderServiceOrdersFrame(lang), 'signed-in', names, routeChunks('signed-in', lang)));
  }
} finally {
  await vite.close();
}
