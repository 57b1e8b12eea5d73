import type { FastifyReply } from 'fastify';

/**
 * The policy of every answer. Images come from the server itself (the console's own, the basemap is drawn as vectors
 * from its own data) and from exactly the origins of a configured tile server (`tileOrigins` of MAP_TILE_URL), never
 * a wildcard.
 */
export function contentSecurityPolicy(imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine and Swagger UI set style attributes.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';');
}

/**
 * The security headers of every answer (console, api, /api/docs), computed once at start: the console's scripts are
 * all files of its own origin, so scripts need no 'unsafe-inline'. A route may replace one (the legal PDFs let the
 * console frame them). Cross-origin isolation (COEP) is left out: the console opens signed file links in a new tab.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * What sets SECURITY_HEADERS and the policy for these image origins on a reply. Called for every request from the
 * api's one onRequest hook, before any route runs (so errors and 404s carry them too), with the correlation id
 * (create-app.ts): one hook, not two (D93).
 */
export function securityHeaders(imageOrigins: readonly string[] = []): (reply: FastifyReply) => void {
  const entries = Object.entries({ 'content-security-policy': contentSecurityPolicy(imageOrigins), ...SECURITY_HEADERS });
  return (reply) => {
    for (let i = 0; i < entries.length; i++) void reply.header(entries[i]![0], entries[i]![1]);
  };
}
