import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest, preParsingHookHandler, RouteOptions } from 'fastify';

export type RawBodyRequest = FastifyRequest & { rawBody?: Buffer };

/** Tees the body as it is read and keeps its exact bytes as `request.rawBody`; the body limit still applies. */
const keepBytes: preParsingHookHandler = (request, _reply, payload, proceed) => {
  const chunks: Buffer[] = [];
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done(null, chunk);
    },
    flush(done) {
      (request as RawBodyRequest).rawBody = Buffer.concat(chunks);
      done();
    },
  });
  payload.on('error', (error) => tee.destroy(error));
  proceed(null, payload.pipe(tee));
};

/**
 * Keeps the exact bytes of the request body beside the parsed JSON, for the routes that verify a signature over
 * them (the planning tool's reports). Only those routes pay for the copy, and only they carry the hook: every other
 * route has no preParsing step at all (D84). Must be called before the routes are registered (Nest registers them
 * on init).
 */
export function keepRawBody(fastify: FastifyInstance, paths: ReadonlySet<string>): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (!paths.has(route.url)) return;
    const existing = route.preParsing ? (Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing]) : [];
    route.preParsing = [...existing, keepBytes] as RouteOptions['preParsing'];
  });
}
