import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * One small JSON body limit on every route (MAX_BODY_KB): files never travel in JSON, they are streamed to
 * POST /api/file/upload as multipart, under the upload limits of files/uploads.ts (D128). Too large: 413.
 * Must be called before the routes are registered (Nest registers them on init).
 */
export function applyBodyLimits(fastify: FastifyInstance, smallBytes: number): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    route.bodyLimit = smallBytes;
  });
}
