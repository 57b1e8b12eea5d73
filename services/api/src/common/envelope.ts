import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';

/** A response that carries more than `data`: a session `token` or a `meta` block (docs/api.md). */
export class Envelope<T> {
  constructor(
    readonly data: T,
    readonly extra: { readonly token?: string; readonly meta?: Readonly<Record<string, unknown>> } = {},
  ) {}
}

/** Wraps every successful result as `{ data }`. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((result: unknown) => (result instanceof Envelope ? { data: result.data, ...result.extra } : { data: result ?? null })));
  }
}
