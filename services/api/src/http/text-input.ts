import type { FastifyInstance } from 'fastify';

interface TextProblem {
  readonly path: string;
  readonly code: 'invalid_characters';
  readonly message: string;
}

const MESSAGE = 'Text may not contain NUL characters or unpaired UTF-16 surrogates.';
/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string (value or key) in a parsed body, query or path that no store can keep: a NUL character
 * (PostgreSQL text and jsonb refuse it) or a lone surrogate (not valid UTF-8). Linear in the input's size.
 */
export function findBadText(value: unknown, path = ''): TextProblem | null {
  if (typeof value === 'string') {
    return UNSTORABLE.test(value) ? { path, code: 'invalid_characters', message: MESSAGE } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return { path: at, code: 'invalid_characters', message: MESSAGE };
    const found = findBadText(child, at);
    if (found) return found;
  }
  return null;
}

/** Refuses, on every route and before any handler, text that cannot be stored: 400 `validation_error`. */
export function refuseUnstorableText(fastify: FastifyInstance): void {
  // A callback hook (an async one costs every request a promise); answering without calling done ends the request.
  fastify.addHook('preValidation', (request, reply, done) => {
    const found = findBadText(request.params) ?? findBadText(request.query) ?? findBadText(request.body);
    if (!found) return done();
    const correlationId = (request as { correlationId?: string }).correlationId ?? 'none';
    void reply.status(400).send({ error: 'validation_error', message: 'One or more fields contain errors.', details: [found], correlationId });
  });
}
