#!/usr/bin/env node
// The login page's HTML (D85), written after `vite build` for each language: the console's index.html with the real
// login page rendered inside it (web/src/login-shell/render.tsx, through Vite's SSR loader: the app's own routes,
// layout, texts and Mantine's styles), so the page paints before any script. The console's scripts are not in the
// file: public/login-shell.js requests them after the first frame. The api answers `/{lang}/login` with
// dist/login-shell/{lang}.html (services/api/src/create-app.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const dist = join(webDir, 'dist');
const SHELL_ID = 'login-shell';
/**
 * While the server's page is there the console's root stays hidden (it replaces the page in one commit); a signed-in
 * visitor sees neither until sent on. The page is inert until then: the pointer says it is not ready yet.
 */
const SHELL_CSS = `html:not([data-signed-in]) #${SHELL_ID} ~ #root{display:none}html[data-signed-in] #${SHELL_ID}{display:none}#${SHELL_ID}{cursor:progress}`;

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html without its module script and preloads (listed for public/login-shell.js instead), with the page in it. */
function shellDocument(index, { markup, title, lang }) {
  const entry = index.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entry) throw new Error('web/dist/index.html has no module script.');
  const preloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let html = index.replace(entry[0], '');
  for (const preload of preloads) html = html.replace(preload[0], '');
  const scripts = [entry[1], ...preloads.map((preload) => preload[1])].join(' ');
  const head = `  <meta name="onsite-scripts" content="${scripts}">\n    <style>${SHELL_CSS}</style>\n    <script src="/login-shell.js"></script>\n  </head>`;
  html = html
    .replace('<html lang="en">', `<html lang="${lang}" data-mantine-color-scheme="light">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', head)
    .replace('<div id="root"></div>', `<div id="${SHELL_ID}" inert>${markup}</div><div id="root"></div>`);
  for (const part of ['data-mantine-color-scheme', SHELL_CSS, markup]) if (!html.includes(part)) throw new Error(`web/dist/index.html changed shape: the login shell lacks ${part.slice(0, 40)}.`);
  return html;
}

const vite = await createServer({ configFile: join(webDir, 'vite.config.ts'), server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'warn' });
try {
  const { renderLoginPage, LANGUAGES, TOKEN_KEY } = await vite.ssrLoadModule('/src/login-shell/render.tsx');
  if (!readFileSync(join(dist, 'login-shell.js'), 'utf8').includes(`'${TOKEN_KEY}'`)) throw new Error(`public/login-shell.js must read the token under '${TOKEN_KEY}' (src/lib/token-store.ts).`);
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  mkdirSync(join(dist, SHELL_ID), { recursive: true });
  for (const lang of LANGUAGES) {
    const html = shellDocument(index, await renderLoginPage(lang));
    const file = join(dist, SHELL_ID, `${lang}.html`);
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    console.log(`login shell: ${SHELL_ID}/${lang}.html ${(html.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await vite.close();
}
