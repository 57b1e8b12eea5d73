import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AppRequest } from './request-context.js';

/** The request's correlation id (set for every request in create-app), recorded on the events it causes. */
export const CorrelationId = createParamDecorator(
  (_: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<AppRequest>().correlationId ?? randomUUID(),
);
