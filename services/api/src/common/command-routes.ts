import { Body, Controller, Headers, HttpCode, Inject, Injectable, Post, type Type } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { validationError, type Actor, type ApiTokenScope, type Decider, type DeepReadonly, type DomainEvent } from '@onsite/domain';
import type { z } from 'zod';
import { ApiTokenScopeOf } from '../api-tokens/api-token-auth.js';
import { FileUploads, type StoreUploads } from '../files/uploads.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { CommandRunner, type CommandResult } from './command-runner.js';
import { CorrelationId } from './correlation-id.js';
import type { AuthContext } from './request-context.js';

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
}

/** One request on its way to the command bus. */
export interface CommandCall {
  readonly auth: AuthContext;
  readonly correlationId: string;
  readonly body: unknown;
  readonly idempotencyKey?: string;
}

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
      [name](this: CommandRoutesController, auth: AuthContext, correlationId: string, body?: unknown, idempotencyKey?: string) {
        const key = idempotencyKey?.trim();
        if (key !== undefined && !/^[\w.:-]{1,200}$/.test(key)) throw validationError('The Idempotency-Key header is malformed.');
        return this.commands.execute(toCommand(declaration, { auth, correlationId, body: body ?? {}, ...(key ? { idempotencyKey: key } : {}) }));
      },
    };
    const descriptor = Object.getOwnPropertyDescriptor(route, name)!;
    Object.defineProperty(proto, name, descriptor);
    Auth()(proto, name, 0);
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
    if (declaration.response) decorators.push(ApiResponse({ status: 200, standardSchema: declaration.response }));
    for (const decorate of decorators) decorate(proto, name, descriptor);
  }
  Reflect.defineMetadata('design:paramtypes', [CommandBus], CommandRoutesController);
  ApiTags(tag)(CommandRoutesController);
  ApiBearerAuth()(CommandRoutesController);
  Controller()(CommandRoutesController);
  return CommandRoutesController;
}

/** What a use case may draw on besides the request. */
export interface UseCaseFacts {
  readonly actor: Actor;
  readonly runtime: Runtime;
  readonly correlationId: string;
}

/** The stream a command is decided on, from the domain's stream id, and what the caller knows of it. */
export interface UseCaseTarget {
  readonly streamId: string;
  /** The version the caller last saw; absent: whatever is current. */
  readonly expectedVersion?: number;
  /** The id was just made at random: the stream cannot exist and is not read. */
  readonly newStream?: boolean;
}

/**
 * One command of an aggregate, declared once: its route and OpenAPI text, its request schema, the stream it is
 * decided on, how the request becomes the domain command, and what the caller gets back.
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
  /** Checked before anything is read (who may ask at all); the decider judges the rest. */
  allow?(request: NoInfer<R>, facts: UseCaseFacts): void;
  /** The stream, and whatever the command and the answer need that is made once here (an id, a secret). */
  target(request: NoInfer<R>, facts: UseCaseFacts): T | Promise<T>;
  /** Takes back what `target` made outside the log (a secret) when the command is refused or fails. */
  undo?(request: NoInfer<R>, facts: UseCaseFacts & { readonly target: NoInfer<T> }): Promise<void>;
  /** The domain command, from the request and the aggregate's state as the decider sees it. */
  command(
    request: NoInfer<R>,
    facts: UseCaseFacts & { readonly state: S; readonly store: StoreUploads; readonly target: NoInfer<T> },
  ): NoInfer<C> | Promise<NoInfer<C>>;
  /** The answer, once the read models hold the new events. */
  answer(
    request: NoInfer<R>,
    facts: UseCaseFacts & { readonly result: CommandResult<S, E>; readonly target: NoInfer<T> },
  ): DeepReadonly<NoInfer<A>> | Promise<DeepReadonly<NoInfer<A>>>;
}

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
export type UseCaseTable = Readonly<Record<string, AggregateUseCase<any, any, any, any, any, any>>>;

/** One use case on the command bus: who asks, what they sent (already validated), and the request's correlation id. */
export class RunAggregateCommand {
  constructor(
    readonly useCase: AggregateUseCase,
    readonly actor: Actor,
    readonly request: unknown,
    readonly correlationId: string,
  ) {}
}

/**
 * The one path of every aggregate's command (orders have their own, `RunOrderCommandHandler`, for idempotent creates
 * and the order's facts): check who asks, find the stream, load and fold it with the domain's decider, decide, append
 * (the uploads the command names are claimed once it went through), wait for the read models, answer.
 */
@Injectable()
@CommandHandler(RunAggregateCommand)
export class RunAggregateCommandHandler implements ICommandHandler<RunAggregateCommand, unknown> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly uploads: FileUploads,
  ) {}

  async execute({ useCase, actor, request, correlationId }: RunAggregateCommand): Promise<unknown> {
    const facts: UseCaseFacts = { actor, runtime: this.runtime, correlationId };
    useCase.allow?.(request, facts);
    const target = await useCase.target(request, facts);
    let result;
    try {
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
    return useCase.answer(request, { ...facts, result, target });
  }
}

/** The controllers of a table's use cases, one per OpenAPI tag. */
export function useCaseControllers(tag: string, table: UseCaseTable): Type<unknown>[] {
  return [
    commandRoutesController(
      tag,
      Object.entries(table),
      (useCase, { auth, correlationId, body }) => new RunAggregateCommand(useCase, auth.actor, body, correlationId),
    ),
  ];
}
