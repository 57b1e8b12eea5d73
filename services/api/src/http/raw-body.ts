import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type RawBodyRequest = FastifyRequest & { rawBody?: Buffer };

/**
 * Keeps the exact bytes of the request body beside the parsed JSON, for the routes that verify a signature over
 * them (the planning tool's reports). Only those routes pay for the copy; the body limit still applies.
 */
export function keepRawBody(fastify: FastifyInstance, paths: ReadonlySet<string>): void {
  fastify.addHook('preParsing', (request, _reply, payload, proceed) => {
    if (!paths.has(request.url.split('?', 1)[0]!)) return proceed(null, payload);
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
  });
}
