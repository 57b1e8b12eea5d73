import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Writes a .br and a .gz beside every text asset of the build, once, so the server sends them compressed at no
 * cost per request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'onsite-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? join(webDir, 'dist');
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const content = readFileSync(join(dir, file));
        if (content.length < 1024) continue;
        writeFileSync(join(dir, `${file}.br`), brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack[\\/](query-core|react-query))[\\/]/;

const reactRouterDist = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));

export default defineConfig(({ command }) => ({
  root: webDir,
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [
      { find: '@onsite/domain', replacement: fileURLToPath(new URL('../services/domain/src/index.ts', import.meta.url)) },
      { find: '@onsite/contracts', replacement: fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url)) },
      // React Router's package exports name only its development build (warnings and checks, 30% larger); the
      // production build beside it is the same code without them. Both entries must come from the same build.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the console supports knows <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The framework every page needs (React, the router, i18n, server state) in one chunk: left to the
        // heuristics it was cut into many small shared chunks as lazy pages came, and each compressed worse alone.
        codeSplitting: {
          groups: [
            // Each language's texts in one chunk (the feature texts of English; every file of German and Portuguese), not
            // one request per file. English's common.json stays in the entry (src/lib/i18n/i18n.ts).
            ...(['en', 'de', 'pt'] as const).map((lang) => ({
              name: `texts-${lang}`,
              test: (id: string) => new RegExp(`locales[\\\\/]${lang}[\\\\/][^\\\\/]+\\.json$`).test(id) && !(lang === 'en' && /common\.json$/.test(id)),
            })),
            // Only Mantine's core (provider, theme, Box, styles): its components, floating-ui, the modal and transition
            // helpers go with the chunks that use them, so the first page loads none it does not show. The random id helper
            // every popover uses rides along: alone it was a chunk (and a request) of 141 bytes.
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]core|@mantine[\\/]hooks[\\/]esm[\\/]utils[\\/]random-id|clsx)[\\/]/ },
            // react-i18next's Trans (and its HTML parser) only where a page uses it.
            {
              name: 'framework',
              test: (id: string) =>
                FRAMEWORK.test(id) &&
                !/react-i18next[\\/]dist[\\/]es[\\/](Trans|TransWithoutContext|unescape)\.js$|html-parse-stringify|void-elements/.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { host: '127.0.0.1', port: 4173, proxy: { '/api': { target: 'http://127.0.0.1:3000' } } },
}));
