import {
  Body,
  type CanActivate,
  Controller,
  createParamDecorator,
  type ExecutionContext,
  Headers,
  HttpCode,
  Inject,
  Injectable,
  Post,
  type Type,
  UseGuards,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { DomainError, foldStream, notFound, validationError, type Actor, type ApiTokenScope, type Decider, type DomainEvent } from '@onsite/domain';
import { type DeepReadonly } from '@onsite/contracts';
import type { z } from 'zod';
import { ApiTokenScopeOf } from '../api-tokens/api-token-auth.js';
import { FileUploads, type StoreUploads } from '../files/uploads.js';
import { RateLimit, type RatePolicyName } from '../http/rate-limits.js';
import { AllowWithoutAgreements, Public } from '../identity/auth.guard.js';
import { AntiRobotChecked } from '../registration/anti-robot.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { CommandRunner, type CommandResult } from './command-runner.js';
import { CorrelationId } from './correlation-id.js';
import type { Envelope } from './envelope.js';
import type { AppRequest, AuthContext } from './request-context.js';

/** What every command route declares: its HTTP contract, once. */
export interface CommandRoute<R = unknown> {
  readonly route: string;
  readonly summary: string;
  /** More than the summary: the refusals a caller should expect. */
  readonly description?: string;
  /** The request body's schema (the shared contract); none: the route takes no body. */
  readonly schema?: z.ZodType<R>;
  /** The answer's schema, for the OpenAPI document. */
  readonly response?: z.ZodType;
  /** A retried create with the same Idempotency-Key header answers the first result. */
  readonly idempotent?: boolean;
  /** API tokens with this scope may call it (D211); without, no token may. */
  readonly tokenScope?: ApiTokenScope;
  /** No session needed (registration, first-run setup): the call comes without `auth`, and no bearer is documented. */
  readonly public?: boolean;
  /** A signed-in user may call it before accepting the licence and the privacy policy. */
  readonly withoutAgreements?: boolean;
  /** The named request limit it is under (RATE_LIMITS, docs/security.md). */
  readonly rateLimit?: RatePolicyName;
  /** A public form whose body carries `antiRobot`, checked before the command is made. */
  readonly antiRobot?: boolean;
  /** Guards of its own, run after the session and before the body is validated (e.g. the setup token). */
  readonly guards?: ReadonlyArray<Type<CanActivate>>;
}

/** One request on its way to the command bus. */
export interface CommandCall {
  /** The caller's session; absent on a public route. */
  readonly auth: AuthContext | undefined;
  readonly correlationId: string;
  readonly body: unknown;
  readonly idempotencyKey?: string;
  /** The client's address as the server sees it (behind the trusted proxy, its forwarded address). */
  readonly ip?: string;
}

/**
 * The request's session as the auth guard found it (undefined on a public route: the guard lets none else through) and
 * the client's address.
 */
const Caller = createParamDecorator((_: unknown, context: ExecutionContext): { auth: AuthContext | undefined; ip: string } => {
  const request = context.switchToHttp().getRequest<AppRequest>();
  return { auth: request.auth, ip: request.ip };
});

/**
 * A controller of command routes, one per declaration, each a single dispatch on the command bus; the OpenAPI operation
 * of each is named after its declaration (e.g. `acceptOffer`).
 */
export function commandRoutesController<D extends CommandRoute>(
  tag: string,
  declarations: ReadonlyArray<readonly [string, D]>,
  toCommand: (declaration: D, call: CommandCall) => object,
): Type<unknown> {
  class CommandRoutesController {
    constructor(readonly commands: CommandBus) {}
  }
  const proto = CommandRoutesController.prototype;
  for (const [name, declaration] of declarations) {
    const parameters: unknown[] = [Object, String];
    const route = {
      [name](
        this: CommandRoutesController,
        { auth, ip }: { auth: AuthContext | undefined; ip: string },
        correlationId: string,
        body?: unknown,
        idempotencyKey?: string,
      ) {
        const key = idempotencyKey?.trim();
        if (key !== undefined && !/^[\w.:-]{1,200}$/.test(key)) throw validationError('The Idempotency-Key header is malformed.');
        return this.commands.execute(toCommand(declaration, { auth, ip, correlationId, body: body ?? {}, ...(key ? { idempotencyKey: key } : {}) }));
      },
    };
    const descriptor = Object.getOwnPropertyDescriptor(route, name)!;
    Object.defineProperty(proto, name, descriptor);
    Caller()(proto, name, 0);
    CorrelationId()(proto, name, 1);
    if (declaration.schema) {
      parameters.push(Object);
      Body({ schema: declaration.schema })(proto, name, 2);
      if (declaration.idempotent) {
        parameters.push(String);
        Headers('idempotency-key')(proto, name, 3);
      }
    }
    Reflect.defineMetadata('design:paramtypes', parameters, proto, name);
    const decorators: MethodDecorator[] = [
      Post(declaration.route),
      HttpCode(200),
      ApiOperation({ operationId: name, summary: declaration.summary, ...(declaration.description ? { description: declaration.description } : {}) }),
    ];
    if (declaration.idempotent)
      decorators.push(
        ApiHeader({
          name: 'Idempotency-Key',
          required: false,
          description: 'A retry with the same key and body returns the first result; the same key with another body is 422 idempotency_key_reused.',
        }),
      );
    if (declaration.tokenScope) decorators.push(ApiTokenScopeOf(declaration.tokenScope));
    decorators.push(declaration.public ? Public() : ApiBearerAuth());
    if (declaration.withoutAgreements) decorators.push(AllowWithoutAgreements());
    if (declaration.rateLimit) decorators.push(RateLimit(declaration.rateLimit));
    if (declaration.antiRobot) decorators.push(AntiRobotChecked());
    if (declaration.guards?.length) decorators.push(UseGuards(...declaration.guards));
    if (declaration.response) decorators.push(ApiResponse({ status: 200, standardSchema: declaration.response }));
    for (const decorate of decorators) decorate(proto, name, descriptor);
  }
  Reflect.defineMetadata('design:paramtypes', [CommandBus], CommandRoutesController);
  ApiTags(tag)(CommandRoutesController);
  Controller()(CommandRoutesController);
  return CommandRoutesController;
}

/** What a use case may draw on besides the request. */
export interface UseCaseFacts {
  /** Whom the events are recorded for: the caller, unless the use case names someone (`actor`). */
  readonly actor: Actor;
  /** The caller's session; absent on a public route and from the command line. */
  readonly auth: AuthContext | undefined;
  /** `cli`: an operator's command (`npm run setup`), not a request over HTTP. */
  readonly origin: CommandOrigin;
  /** The client's address (absent from the command line): for throttles keyed by it. */
  readonly clientIp?: string;
  readonly runtime: Runtime;
  readonly correlationId: string;
  /** A provider of the app, by its class (the token service, a messenger): for what a use case does besides its commands. */
  readonly service: <P>(type: Type<P>) => P;
}

export type CommandOrigin = 'http' | 'cli';

/** The stream a command is decided on, from the domain's stream id, and what the caller knows of it. */
export interface UseCaseTarget {
  readonly streamId: string;
  /** The version the caller last saw; absent: whatever is current. */
  readonly expectedVersion?: number;
  /** The id was just made at random: the stream cannot exist and is not read. */
  readonly newStream?: boolean;
}

/** Another command of the same use case: on another stream (an e-mail reservation, a company), or later on the same one. */
export interface StreamCommand<C, S, E extends DomainEvent> {
  readonly decider: Decider<C, S, E>;
  readonly streamId: string;
  /** The command, or how to make it from the stream's state. */
  readonly command: C | ((state: S) => C | Promise<C>);
  readonly expectedVersion?: number;
}

/** Runs another command of the use case through the same runner, for the same actor and correlation id. */
export type RunStreamCommand = <C, S, E extends DomainEvent>(command: StreamCommand<C, S, E>) => Promise<CommandResult<S, E>>;

/**
 * One command of an aggregate, declared once: its route and OpenAPI text, its request schema, the stream it is
 * decided on, how the request becomes the domain command, and what the caller gets back. A use case that spans streams
 * runs the others' commands in `before` (what must go through first) and `after` (what follows), with `run`: each is
 * decided and appended on its own, in that order, and a refusal stops the ones after it.
 */
export interface AggregateUseCase<
  R = unknown,
  C = unknown,
  S = unknown,
  E extends DomainEvent = DomainEvent,
  A = unknown,
  T extends UseCaseTarget = UseCaseTarget,
> extends CommandRoute<R> {
  readonly decider: Decider<C, S, E>;
  /** The answer's schema: what `answer` returns must be what it accepts (the console parses the answer with it). */
  readonly response: z.ZodType<unknown, A>;
  /**
   * Whom the commands are recorded for when it is not the caller: a newcomer who registers (ids made here), the user
   * a link was sent to (the link spent here), a user who accepts an agreement in person even when staff act on their
   * behalf. A public use case must name one.
   */
  actor?(request: NoInfer<R>, facts: Omit<UseCaseFacts, 'actor'>): Actor | Promise<Actor>;
  /** Checked before the stream is read (who may ask at all, e.g. an old password); the decider judges the rest. */
  allow?(request: NoInfer<R>, facts: UseCaseFacts): void | Promise<void>;
  /** The stream, and whatever the command and the answer need that is made or read once here (an id, a secret, facts). */
  target(request: NoInfer<R>, facts: UseCaseFacts): T | Promise<T>;
  /** Commands that must go through before this one (an e-mail address reserved, the company a new user joins). */
  before?(request: NoInfer<R>, facts: UseCaseFacts & { readonly target: NoInfer<T>; readonly run: RunStreamCommand }): Promise<void>;
  /** Takes back what `target` made outside the log (a secret) when the command, or one before it, is refused or fails. */
  undo?(request: NoInfer<R>, facts: UseCaseFacts & { readonly target: NoInfer<T> }): Promise<void>;
  /** The domain command, from the request and the aggregate's state as the decider sees it. */
  command(
    request: NoInfer<R>,
    facts: UseCaseFacts & { readonly state: S; readonly store: StoreUploads; readonly target: NoInfer<T> },
  ): NoInfer<C> | Promise<NoInfer<C>>;
  /**
   * What follows the command, in order, before the answer: further commands (later ones on the same stream too) and
   * effects outside the log (a password hash kept, sessions ended, a link sent). A failure fails the request; what went
   * through stays. Returns the stream's later result when the answer should see that instead.
   */
  after?(
    request: NoInfer<R>,
    facts: UseCaseFacts & { readonly result: CommandResult<S, E>; readonly target: NoInfer<T>; readonly run: RunStreamCommand },
  ): Promise<CommandResult<S, E> | void>;
  /** The answer, once the read models hold the new events; in an Envelope when it carries a `meta` block too. */
  answer(
    request: NoInfer<R>,
    facts: UseCaseFacts & { readonly result: CommandResult<S, E>; readonly target: NoInfer<T> },
  ): Answered<NoInfer<A>> | Promise<Answered<NoInfer<A>>>;
}

/** One command of a batch: its stream, the command, and the name a refusal is reported under (a service id). */
export interface BatchStep<C> {
  readonly streamId: string;
  readonly command: C;
  readonly name: string;
}

/**
 * One request that changes several aggregates of one kind (a price list over many services), on the same path: every
 * step is decided against its stream as it is before any is appended, so a refusal writes nothing; then each is
 * appended through the same runner, in order. No steps: nothing is written (a preview answers what would change).
 */
export interface BatchUseCase<
  R = unknown,
  C = unknown,
  S = unknown,
  E extends DomainEvent = DomainEvent,
  A = unknown,
  T extends { readonly steps: readonly BatchStep<C>[] } = { readonly steps: readonly BatchStep<C>[] },
> extends CommandRoute<R> {
  readonly kind: 'batch';
  readonly decider: Decider<C, S, E>;
  readonly response: z.ZodType<unknown, A>;
  /** Checked before any stream is read (who may ask at all); the decider judges each step. */
  allow?(request: NoInfer<R>, facts: UseCaseFacts): void | Promise<void>;
  /** The steps, and whatever the answer needs that is read or worked out once here. */
  target(request: NoInfer<R>, facts: UseCaseFacts): T | Promise<T>;
  /** What a step's refusal answers (without: the decider's own error). */
  refused?(error: DomainError, step: BatchStep<NoInfer<C>>): Error;
  /** The answer, once every step is appended and the read models hold them. */
  answer(
    request: NoInfer<R>,
    facts: UseCaseFacts & { readonly target: NoInfer<T>; readonly results: readonly CommandResult<S, E>[] },
  ): Answered<NoInfer<A>> | Promise<Answered<NoInfer<A>>>;
}

/** The declarer of a batch over one kind of aggregate: `batchUseCaseOf(serviceDecider)({ route, … })`. */
export const batchUseCaseOf =
  <C, S, E extends DomainEvent>(decider: Decider<C, S, E>) =>
  <R, A, T extends { readonly steps: readonly BatchStep<C>[] }>(
    declaration: Omit<BatchUseCase<R, C, S, E, A, T>, 'decider' | 'kind'>,
  ): BatchUseCase<R, C, S, E, A, T> => ({ ...declaration, decider, kind: 'batch' });

/** What a use case answers: the response's data, alone or in an Envelope with more (docs/api.md). */
export type Answered<A> = DeepReadonly<A> | Envelope<DeepReadonly<A>>;

/**
 * The declarer of one aggregate's use cases: `const coupon = useCasesOf(couponDecider)`, then `coupon({ route, … })` for
 * each, its command typed by the decider and its request by the schema.
 */
export const useCasesOf =
  <C, S, E extends DomainEvent>(decider: Decider<C, S, E>) =>
  <R, A, T extends UseCaseTarget>(declaration: Omit<AggregateUseCase<R, C, S, E, A, T>, 'decider'>): AggregateUseCase<R, C, S, E, A, T> => ({
    ...declaration,
    decider,
  });

/** A table of use cases: every command of one aggregate (or a few that share a page of the back office). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table holds use cases of different request types
export type UseCaseTable = Readonly<Record<string, AggregateUseCase<any, any, any, any, any, any> | BatchUseCase<any, any, any, any, any, any>>>;

/** One use case on the command bus: who asks (no session: a public route, or the command line), what they sent (already validated), and the request's correlation id. */
export class RunAggregateCommand {
  constructor(
    readonly useCase: UseCaseTable[string],
    readonly auth: AuthContext | undefined,
    readonly request: unknown,
    readonly correlationId: string,
    readonly origin: CommandOrigin = 'http',
    readonly clientIp?: string,
  ) {}
}

/**
 * The one path of every aggregate's command (orders have their own, `RunOrderCommandHandler`, for idempotent creates
 * and the order's facts): check who asks, find the stream, run the commands that go first, load and fold the stream
 * with the domain's decider, decide, append (the uploads the command names are claimed once it went through), run what
 * follows, wait for the read models, answer.
 */
@Injectable()
@CommandHandler(RunAggregateCommand)
export class RunAggregateCommandHandler implements ICommandHandler<RunAggregateCommand, unknown> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly uploads: FileUploads,
    private readonly modules: ModuleRef,
  ) {}

  async execute({ useCase, auth, request, correlationId, origin, clientIp }: RunAggregateCommand): Promise<unknown> {
    const service = <P>(type: Type<P>): P => this.modules.get(type, { strict: false });
    const known = { auth, origin, ...(clientIp ? { clientIp } : {}), runtime: this.runtime, correlationId, service };
    const actor = !('kind' in useCase) && useCase.actor ? await useCase.actor(request, known) : auth?.actor;
    if (!actor) throw new DomainError('session_expired', 'unauthenticated', 'Your session has ended. Please log in again.');
    const facts: UseCaseFacts = { ...known, actor };
    const run: RunStreamCommand = (step) =>
      this.runner.run(step.decider, {
        streamId: step.streamId,
        actor,
        correlationId,
        commandName: useCase.route,
        command: step.command,
        ...(step.expectedVersion === undefined ? {} : { expectedVersion: step.expectedVersion }),
      });
    if ('kind' in useCase) return this.batch(useCase, request, facts, run);
    await useCase.allow?.(request, facts);
    const target = await useCase.target(request, facts);
    let result;
    try {
      await useCase.before?.(request, { ...facts, target, run });
      result = await this.uploads.storingFor(actor.userId, (store) =>
        this.runner.run(useCase.decider, {
          streamId: target.streamId,
          actor,
          correlationId,
          commandName: useCase.route,
          ...(target.expectedVersion === undefined ? {} : { expectedVersion: target.expectedVersion }),
          ...(target.newStream ? { newStream: true } : {}),
          command: (state) => useCase.command(request, { ...facts, state, store, target }),
        }),
      );
    } catch (error) {
      await useCase.undo?.(request, { ...facts, target });
      throw error;
    }
    const final = (await useCase.after?.(request, { ...facts, result, target, run })) ?? result;
    return useCase.answer(request, { ...facts, result: final, target });
  }

  /** Every step decided before any is appended; then appended one by one through the runner (each decided again there). */
  private async batch(useCase: BatchUseCase<unknown>, request: unknown, facts: UseCaseFacts, run: RunStreamCommand): Promise<unknown> {
    const { decider } = useCase;
    await useCase.allow?.(request, facts);
    const target = await useCase.target(request, facts);
    const now = this.runtime.clock().toISOString();
    for (const step of target.steps) {
      const state = foldStream(decider, await this.runtime.eventStore.readStream(step.streamId));
      if (decider.canSee && !decider.canSee(state, facts.actor)) throw notFound();
      try {
        decider.decide(step.command, state, { actor: facts.actor, now, newId: randomUUID });
      } catch (error) {
        throw error instanceof DomainError && useCase.refused ? useCase.refused(error, step) : error;
      }
    }
    const results: CommandResult<unknown, DomainEvent>[] = [];
    for (const step of target.steps) results.push(await run({ decider, streamId: step.streamId, command: step.command }));
    return useCase.answer(request, { ...facts, target, results });
  }
}

/** The controllers of a table's use cases, one per OpenAPI tag. */
export function useCaseControllers(tag: string, table: UseCaseTable): Type<unknown>[] {
  return [
    commandRoutesController(
      tag,
      Object.entries(table),
      (useCase, { auth, correlationId, body, ip }) => new RunAggregateCommand(useCase, auth, body, correlationId, 'http', ip),
    ),
  ];
}
