import type { FastifyInstance } from 'fastify';
import type { Logger as Pino } from 'pino';
import type { AppRequest } from '../common/request-context.js';
import type { Metrics } from '../metrics/metrics.js';

/**
 * One onResponse hook (a hook each would be one more turn of Fastify's hook runner per request, D93) for what every
 * request leaves behind: its duration in the metrics, labelled by route template (`/api/order/:id`, never the ids;
 * `unmatched` for what no route serves), and one log line (D176) with the correlation id, the user and company ids,
 * the route, the status and the duration; never the query, the headers or the body.
 */
export function observeRequests(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.observeRequest(request.method, route, status, reply.elapsedTime / 1000);
    const level = status >= 500 ? 'warn' : 'info';
    if ((request.log as Pino).isLevelEnabled(level)) {
      const auth = (request as AppRequest).auth;
      request.log[level](
        {
          context: 'http',
          method: request.method,
          route,
          status,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          ...(auth ? { userId: auth.user._id, companyId: auth.user.company._id } : {}),
          ...(auth?.onBehalfOf ? { onBehalfOfUserId: auth.onBehalfOf._id } : {}),
        },
        'request',
      );
    }
    done();
  });
}
