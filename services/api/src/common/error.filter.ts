import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ArgumentsHost, Catch, type ExceptionFilter, Inject, Logger } from '@nestjs/common';
import type {} from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { RUNTIME, type Runtime } from '../runtime.js';
import { toErrorResponse } from './http-errors.js';
import type { AppRequest } from './request-context.js';

/** The one place where errors become HTTP: `{ error, message, details?, correlationId }`. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');
  private readonly consoleIndex: boolean;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
    this.consoleIndex = existsSync(join(runtime.config.webDist, 'index.html'));
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<AppRequest>();
    const reply = http.getResponse<FastifyReply>();
    const correlationId = request.correlationId ?? 'none';
    const { status, body } = toErrorResponse(exception, correlationId);
    if (status === 404 && this.isConsoleRoute(request)) {
      void reply.type('text/html; charset=utf-8').sendFile('index.html', this.runtime.config.webDist);
      return;
    }
    if (status >= 500) {
      // Ids only: the query, the headers and the body may hold personal data or secrets.
      this.logger.error(
        {
          msg: 'request failed',
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          correlationId,
          ...(request.auth ? { userId: request.auth.user._id, companyId: request.auth.user.company._id } : {}),
        },
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    if (typeof (exception as { retryAfterSeconds?: unknown }).retryAfterSeconds === 'number') {
      void reply.header('retry-after', String((exception as { retryAfterSeconds: number }).retryAfterSeconds));
    }
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  /** A GET of a client-side route (not /api, no file extension) is answered with the console's index.html. */
  private isConsoleRoute(request: AppRequest): boolean {
    if (!this.consoleIndex || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0] ?? '/';
    return !path.startsWith('/api') && !/\.[a-z0-9]+$/i.test(path);
  }
}
