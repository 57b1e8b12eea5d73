import type { FastifyReply } from 'fastify';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine and Swagger UI set style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * The security headers of every answer (console, api, /api/docs), computed once: the console's scripts are all
 * files of its own origin, so scripts need no 'unsafe-inline'. A route may replace one (the legal PDFs let the
 * console frame them). Cross-origin isolation (COEP) is left out: the console opens signed file links in a new tab.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
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

const ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * Sets SECURITY_HEADERS on a reply. Called for every request from the api's one onRequest hook, before any route
 * runs (so errors and 404s carry them too), with the correlation id (create-app.ts): one hook, not two (D93).
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  for (let i = 0; i < ENTRIES.length; i++) void reply.header(ENTRIES[i]![0], ENTRIES[i]![1]);
}
