import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { OpenAPIObject } from '@nestjs/swagger';

/** The OpenAPI component every uploaded file is sent as (files/uploads.ts). */
const UPLOAD_COMPONENT = '#/components/schemas/FileUpload';

/**
 * Routes whose request body may carry files: those whose body schema refers, at any depth, to the FileUpload
 * component. Read from the OpenAPI document so that a new upload route needs no list kept by hand.
 */
export function uploadRoutesOf(document: OpenAPIObject): Set<string> {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const memo = new Map<string, boolean>();
  const refersToUpload = (node: unknown, seen: Set<string>): boolean => {
    if (Array.isArray(node)) return node.some((n) => refersToUpload(n, seen));
    if (typeof node !== 'object' || node === null) return false;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      if (ref === UPLOAD_COMPONENT) return true;
      const name = ref.replace('#/components/schemas/', '');
      if (seen.has(name)) return false;
      if (!memo.has(name)) memo.set(name, refersToUpload(schemas[name], new Set([...seen, name])));
      return memo.get(name)!;
    }
    return Object.values(node).some((n) => refersToUpload(n, seen));
  };
  const routes = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, { requestBody?: unknown }>)) {
      if (operation && typeof operation === 'object' && refersToUpload(operation.requestBody, new Set())) {
        routes.add(`${method.toUpperCase()} ${path}`);
      }
    }
  }
  return routes;
}

interface BodyLimitOptions {
  /** Every route without uploads. */
  readonly smallBytes: number;
  /** Upload routes, whose JSON carries base64 files. */
  readonly uploadBytes: number;
  /** Filled once the OpenAPI document exists, before the routes are registered. */
  readonly uploadRoutes: () => ReadonlySet<string>;
  /** True when the request carries a live session; upload routes refuse to read a large body without one. */
  readonly hasSession: (request: FastifyRequest) => Promise<boolean>;
}

const sessionGone = { error: 'session_expired', message: 'Your session has ended. Please log in again.' };

/**
 * A small body limit on every route, and the large one only on upload routes, where the session is checked
 * before a byte of the body is read: an anonymous client cannot make the server buffer megabytes.
 * Must be called before the routes are registered (Nest registers them on init).
 */
export function applyBodyLimits(fastify: FastifyInstance, options: BodyLimitOptions): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isUpload = methods.some((m) => options.uploadRoutes().has(`${m} ${route.url}`));
    route.bodyLimit = isUpload ? options.uploadBytes : options.smallBytes;
    if (!isUpload) return;
    const checkSession = async (request: FastifyRequest, reply: FastifyReply) => {
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (declared <= options.smallBytes) return;
      if (!(await options.hasSession(request))) {
        const correlationId = (request as { correlationId?: string }).correlationId ?? 'none';
        await reply.status(401).header('connection', 'close').send({ ...sessionGone, correlationId });
      }
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, checkSession] as RouteOptions['onRequest'];
  });
}
