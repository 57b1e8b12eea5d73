import { StreamableFile } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions, HookHandlerDoneFunction } from 'fastify';

type RequestStep = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => unknown;

/** A response that carries more than `data`: a session `token` or a `meta` block (docs/api.md). */
export class Envelope<T> {
  constructor(
    readonly data: T,
    readonly extra: { readonly token?: string; readonly meta?: Readonly<Record<string, unknown>> } = {},
  ) {}
}

/**
 * A result already written as JSON text (of a `T`), sent as `{ "data": <text> }` without being parsed or stringified
 * again (D98: the order list's rows come from the store as text). Whoever makes one answers for the text being valid
 * JSON of the route's response schema.
 */
export class JsonText<T> {
  declare private readonly type: T;
  constructor(readonly json: string) {}
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
  /**
   * Also (D93): the onRequest steps Nest's adapter adds in its constructor (its own request hook, the 503 while
   * shutting down, CORS, its security hook, the refusal of unroutable targets, the versioning errors: six, each a
   * no-op here but for the routable target check) and the api's own (`addRequestStep`) run as one Fastify hook, in
   * the same order with the same `done` contract, instead of a turn of Fastify's hook runner each on every request.
   * Nest's onResponse hook only calls a hook given to `setOnResponseHook`, which nothing here does: it is added
   * when one is given. And no Nest middleware is used, so middie (whose onRequest hook every request ran for
   * nothing) is not registered (`skipMiddie`); a Nest middleware added later would fail at start, not silently.
   */
  constructor(options: FastifyServerOptions = {}) {
    const requestSteps: RequestStep[] = [];
    const responseSteps: RequestStep[] = [];
    collecting = { onRequest: requestSteps, onResponse: responseSteps };
    try {
      super({ ...options, skipMiddie: true } as FastifyServerOptions);
    } finally {
      collecting = null;
      if (patched) patched.instance.addHook = patched.addHook;
      patched = null;
    }
    this.requestSteps = requestSteps;
    this.responseSteps = responseSteps;
    this.getInstance<FastifyInstance>().addHook('onRequest', inSequence(requestSteps));
  }

  private readonly requestSteps: RequestStep[];
  private responseSteps: RequestStep[] | null;

  /** A callback onRequest hook, run after those before it within the adapter's one onRequest hook. */
  addRequestStep(step: RequestStep): void {
    this.requestSteps.push(step);
  }

  override setOnResponseHook(...args: Parameters<FastifyAdapter['setOnResponseHook']>): void {
    super.setOnResponseHook(...args);
    if (this.responseSteps) this.getInstance<FastifyInstance>().addHook('onResponse', inSequence(this.responseSteps));
    this.responseSteps = null;
  }

  /** Called by Nest's constructor before it adds its hooks: its callback hooks are collected while it runs. */
  override setInstance<T = unknown>(instance: T): void {
    super.setInstance(instance);
    if (!collecting) return;
    const fastify = instance as unknown as { addHook: AddHook };
    const addHook = fastify.addHook;
    patched = { instance: fastify, addHook };
    const steps = collecting;
    fastify.addHook = function (this: unknown, name: unknown, fn: unknown, ...rest: unknown[]) {
      if ((name === 'onRequest' || name === 'onResponse') && typeof fn === 'function' && fn.length === 3) {
        steps[name].push(fn as RequestStep);
        return fastify;
      }
      return addHook.call(this, name, fn, ...rest);
    };
  }

  override reply(response: Parameters<FastifyAdapter['reply']>[0], body: unknown, statusCode?: number): ReturnType<FastifyAdapter['reply']> {
    // An error status here could only come from Nest's own exception filter, which must stay as it is.
    const isResult = !(body instanceof StreamableFile) && (statusCode === undefined || statusCode < 400);
    if (isResult && body instanceof JsonText) {
      // Fastify sends a string as it is once the reply has a content type: the one it gives the JSON it serialises.
      (response as FastifyReply).type('application/json; charset=utf-8');
      return super.reply(response, `{"data":${body.json}}`, statusCode);
    }
    return super.reply(response, isResult ? envelopeOf(body) : body, statusCode);
  }
}

/** Set while EnvelopeFastifyAdapter's constructor runs (see there). */
let collecting: { readonly onRequest: RequestStep[]; readonly onResponse: RequestStep[] } | null = null;
type AddHook = (...args: unknown[]) => unknown;
let patched: { instance: { addHook: AddHook }; addHook: AddHook } | null = null;

/**
 * Callback hooks run one after the other as one: each calls `done` to go on (with an error to stop there and let
 * Fastify answer it), or answers the request itself and stops the chain, as with Fastify's hook runner. `steps` is
 * read at each request: a step added before the server starts runs too.
 */
export function inSequence(steps: readonly RequestStep[]): RequestStep {
  return function (this: FastifyInstance, request, reply, done) {
    let i = 0;
    const next = (error?: Error): void => {
      if (error) return done(error);
      if (i === steps.length) return done();
      try {
        steps[i++]!.call(this, request, reply, next);
      } catch (thrown) {
        done(thrown as Error);
      }
    };
    next();
  };
}
