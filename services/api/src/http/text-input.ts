import type { FastifyInstance } from 'fastify';

interface TextProblem {
  readonly path: string;
  readonly code: 'invalid_characters' | 'too_deep';
  readonly message: string;
}

const MESSAGE = 'Text may not contain NUL characters or unpaired UTF-16 surrogates.';
/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || UNPAIRED.test(text);

/** How deep a request's JSON may nest (objects and arrays); deeper is refused before anything walks it. */
export const MAX_JSON_DEPTH = 64;

const TOO_DEEP = `Input may nest at most ${MAX_JSON_DEPTH} levels deep.`;

/**
 * The first string (value or key) in a parsed body, query or path that no store can keep: a NUL character
 * (PostgreSQL text and jsonb refuse it) or a lone surrogate (not valid UTF-8); or, at the first level past
 * MAX_JSON_DEPTH, the nesting itself (code `too_deep`). Linear in the input's size, and walked with a stack of its
 * own, so no input can overflow the call stack.
 */
export function findBadText(value: unknown, path = ''): TextProblem | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path: at, depth } = next;
    if (typeof current === 'string') {
      if (unstorable(current)) return { path: at, code: 'invalid_characters', message: MESSAGE };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { path: at, code: 'too_deep', message: TOO_DEEP };
    // Children are pushed last-first, so the first problem in document order is found first.
    const children: { value: unknown; path: string; depth: number }[] = [];
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) children.push({ value: current[i], path: at ? `${at}.${i}` : String(i), depth: depth + 1 });
    } else {
      for (const [key, child] of Object.entries(current)) {
        const childPath = at ? `${at}.${key}` : key;
        if (unstorable(key)) return { path: childPath, code: 'invalid_characters', message: MESSAGE };
        children.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
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
