import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import type { AppRequest } from './common/request-context.js';
import { RUNTIME, type Runtime } from './runtime.js';

const LEVELS: Record<Runtime['config']['logLevel'], LogLevel[]> = {
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  log: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
};

/** Builds the HTTP application over an already opened runtime (stores, projections). Does not listen. */
export async function createApp(runtime: Runtime): Promise<NestFastifyApplication> {
  // JSON bodies carry base64 uploads, so the body limit follows the upload limit (plus envelope overhead).
  const adapter = new FastifyAdapter({ bodyLimit: Math.ceil(runtime.config.maxUploadBytes * 1.4) + 1024 * 1024, trustProxy: true });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRuntime(runtime), adapter, {
    logger: LEVELS[runtime.config.logLevel],
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    const incoming = request.headers['x-correlation-id'];
    const correlationId = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    (request as AppRequest).correlationId = correlationId;
    void reply.header('x-correlation-id', correlationId);
  });
  app.setGlobalPrefix('api');

  const openApi = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('Onsite API').setVersion('2.27.315').addBearerAuth().build(),
  );
  SwaggerModule.setup('api/docs', app, openApi, { jsonDocumentUrl: 'api/docs-json' });

  serveConsole(app, runtime.config.webDist);
  app.enableShutdownHooks();
  return app;
}

/** The built console is served at /; client routes fall back to index.html in ErrorFilter. */
function serveConsole(app: NestFastifyApplication, webDist: string): void {
  if (!existsSync(join(webDist, 'index.html'))) return;
  app.useStaticAssets({ root: webDist, prefix: '/', index: false });
}

export { RUNTIME };
