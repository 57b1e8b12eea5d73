import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Security headers on every answer (console, api, /api/docs). The console's scripts are all files of its own
 * origin, so scripts need no 'unsafe-inline'; styles do (Mantine and Swagger UI set style attributes).
 */
export async function registerSecurityHeaders(app: NestFastifyApplication): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The console opens signed file links in a new tab; cross-origin isolation would add nothing but breakage.
    crossOriginEmbedderPolicy: false,
  });
}
