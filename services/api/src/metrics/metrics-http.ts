import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * `GET /api/metrics` with `Authorization: Bearer <METRICS_TOKEN>`. Without a token configured the route does not
 * exist; a wrong or missing token gets the same 404, so the api's public port tells nobody that it has metrics.
 */
export function serveMetricsRoute(fastify: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (!token) return;
  const expected = digest(token);
  fastify.get('/api/metrics', async (request, reply) => {
    const header = request.headers.authorization;
    const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!timingSafeEqual(digest(given), expected)) {
      return reply
        .status(404)
        .type('application/json; charset=utf-8')
        .send({ error: 'not_found', message: 'Not found.', correlationId: (request as { correlationId?: string }).correlationId ?? 'none' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The metrics on a listener of their own (`METRICS_PORT`): `GET /metrics`, nothing else, no token. */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found.\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
