#!/usr/bin/env node
// The ceiling of the api's own overhead: Fastify alone (the version the api runs on) answering GET /api/health with a
// body of the same size as the api's, no hooks, no framework. Usage: node scripts/bench/lib/bare-fastify.mjs PORT
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../../services/api/package.json', import.meta.url));
const fastify = require('fastify')({ logger: false });
const body = {
  data: {
    status: 'ok',
    profile: 'embedded',
    devOutbox: true,
    adapters: { eventStore: 'pglite', documentStore: 'pglite', jobs: 'in-process' },
    version: '2.27.315',
    maps: { tileUrl: null, attribution: null, geocoder: false },
  },
};
fastify.get('/api/health', async () => body);
await fastify.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.on('SIGTERM', () => fastify.close().then(() => process.exit(0)));
