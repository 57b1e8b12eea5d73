import { StreamableFile } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';

/** A response that carries more than `data`: a session `token` or a `meta` block (docs/api.md). */
export class Envelope<T> {
  constructor(
    readonly data: T,
    readonly extra: { readonly token?: string; readonly meta?: Readonly<Record<string, unknown>> } = {},
  ) {}
}

/** The body of a successful result: `{ data }`, plus an Envelope's extras. */
export function envelopeOf(result: unknown): unknown {
  return result instanceof Envelope ? { data: result.data, ...result.extra } : { data: result ?? null };
}

/**
 * Nest's Fastify adapter, sending every route handler's result as `{ data }` (decision D62). Nest sends a handler's
 * result through `reply()`; errors never pass here (ErrorFilter catches every exception and answers on the Fastify
 * reply itself), nor do routes that answer on the reply themselves (`@Res()`: files, exports, live updates). A
 * global interceptor did this before, at the price of an rxjs pipeline and an async resource on every request.
 */
export class EnvelopeFastifyAdapter extends FastifyAdapter {
  override reply(response: Parameters<FastifyAdapter['reply']>[0], body: unknown, statusCode?: number): ReturnType<FastifyAdapter['reply']> {
    // An error status here could only come from Nest's own exception filter, which must stay as it is.
    const isResult = !(body instanceof StreamableFile) && (statusCode === undefined || statusCode < 400);
    return super.reply(response, isResult ? envelopeOf(body) : body, statusCode);
  }
}
