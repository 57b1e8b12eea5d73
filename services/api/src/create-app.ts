import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import fastifyMultipart from '@fastify/multipart';
import { AppModule } from './app.module.js';
import { EnvelopeFastifyAdapter } from './common/envelope.js';
import type { AppRequest } from './common/request-context.js';
import { tileOrigins } from './config/config.js';
import { applyBodyLimits } from './http/body-limits.js';
import { serveMetricsRoute } from './metrics/metrics-http.js';
import { serveBackupRoute } from './ops/backup-route.js';
import { observeRequests } from './http/request-observer.js';
import { loggingFor } from './logging/logging.js';
import { securityHeaders } from './http/security-headers.js';
import { keepRawBody } from './http/raw-body.js';
import { SIGNED_ROUTES } from './planning-tool/planning-tool.controller.js';
import { refuseUnstorableText } from './http/text-input.js';
import { RUNTIME, type Runtime } from './runtime.js';

const CORRELATION_ID = /^[\w.-]{1,100}$/;

/** The caller's `x-request-id` (or `x-correlation-id`) when it is a plain id, else a new one: Fastify's request id. */
function correlationIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers['x-request-id'] ?? request.headers['x-correlation-id'];
  return typeof incoming === 'string' && CORRELATION_ID.test(incoming) ? incoming : randomUUID();
}

/** Builds the HTTP application over an already opened runtime (stores, projections). Does not listen. */
export async function createApp(runtime: Runtime): Promise<NestFastifyApplication> {
  const { config } = runtime;
  const hops = config.trustProxy;
  const logging = loggingFor(config);
  const adapter = new EnvelopeFastifyAdapter({
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
    // Fastify's pino logger, its request id the correlation id; the request line is the api's own (observeRequests).
    loggerInstance: logging.pino,
    disableRequestLogging: true,
    genReqId: correlationIdOf,
    requestIdLogLabel: 'correlationId',
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRuntime(runtime), adapter, { logger: logging.nest });
  const fastify = app.getHttpAdapter().getInstance();
  const setSecurityHeaders = securityHeaders(config.mapTileUrl ? tileOrigins(config.mapTileUrl) : []);
  // A callback step (an async hook costs every request a promise) in the adapter's one onRequest hook, after Nest's:
  // each hook of its own is a turn of Fastify's hook runner on every request (D93).
  adapter.addRequestStep((request, reply, done) => {
    const correlationId = request.id;
    (request as AppRequest).correlationId = correlationId;
    void reply.header('x-request-id', correlationId).header('x-correlation-id', correlationId);
    setSecurityHeaders(reply);
    done();
  });
  observeRequests(fastify, runtime.metrics);
  serveMetricsRoute(fastify, runtime.metrics, config.metricsToken);
  serveBackupRoute(fastify, runtime);
  refuseUnstorableText(fastify);
  keepRawBody(fastify, SIGNED_ROUTES);
  applyBodyLimits(fastify, config.maxBodyBytes);
  // Files arrive as multipart on the upload route only, read as a stream there (files/uploads.ts): one file, its size
  // limited while it is read; nothing is read before the route's guards have found the session.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
  });
  app.setGlobalPrefix('api');

  const openApi = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Onsite API').setVersion('2.27.315').addBearerAuth().build());
  SwaggerModule.setup('api/docs', app, openApi, { jsonDocumentUrl: 'api/docs-json' });

  serveConsole(app, runtime.config.webDist);
  app.enableShutdownHooks();
  return app;
}

/**
 * The built console: its files, and index.html for `/` (the client redirects to the user's language) and for
 * every other client route (ErrorFilter answers those 404s with it). `/{lang}/login` and `/{lang}/my-service-orders`
 * without a query are answered with the page's HTML the build wrote for that language (D85, D101: it paints before the
 * scripts come); with a query (`?redirect=`, `?verify=` links, the list's filters) it is index.html, as any client
 * route. Hashed assets are cached for a year; the HTML never, so a new release is picked up at once.
 */
function serveConsole(app: NestFastifyApplication, webDist: string): void {
  if (!existsSync(join(webDist, 'index.html'))) return;
  app.useStaticAssets({
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each text asset (web/vite.config.ts).
    preCompressed: true,
    // @fastify/static hands the reply over, whatever Nest's option type says.
    setHeaders: (reply: unknown, path: string) => {
      void (reply as FastifyReply).header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', webDist));
  // web/build-server-pages.mjs writes `{page}.{lang}.html` for each page the server sends drawn.
  const drawn = join(webDist, 'server-pages');
  const pages = existsSync(drawn) ? readdirSync(drawn).flatMap((file) => (/^[a-z-]+\.[a-z]{2}\.html$/.test(file) ? [file.slice(0, -'.html'.length)] : [])) : [];
  for (const page of pages) {
    const [name, lang] = page.split('.');
    fastify.get(`/${lang}/${name}`, (request, reply) => {
      const file = request.url.includes('?') ? 'index.html' : join('server-pages', `${page}.html`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(file, webDist);
    });
  }
}

export { RUNTIME };
