import { DomainError, type ErrorKind } from '@onsite/domain';
import { DuplicateKeyError, VersionConflictError } from '@onsite/infrastructure';
import { ProjectionWaitTimeoutError } from '@onsite/projections';

/** The error envelope of docs/api.md. */
interface ErrorBody {
  readonly error: string;
  readonly message: string;
  readonly details?: readonly { path: string; code: string; message: string }[];
  readonly correlationId: string;
}

const STATUS_BY_KIND: Readonly<Record<ErrorKind, number>> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  throttled: 429,
};

const STATUS_BY_HTTP_CODE: Readonly<Record<number, { code: string; message: string }>> = {
  400: { code: 'validation_error', message: 'The request is malformed.' },
  401: { code: 'session_expired', message: 'Your session has ended. Please log in again.' },
  403: { code: 'forbidden', message: 'You do not have access to this resource.' },
  404: { code: 'not_found', message: 'Not found.' },
  405: { code: 'not_found', message: 'Not found.' },
  413: { code: 'file_too_large', message: 'The request is too large.' },
  415: { code: 'validation_error', message: 'Unsupported content type: send JSON.' },
  429: { code: 'too_many_attempts', message: 'Too many attempts. Please wait and try again.' },
};

export function toErrorResponse(error: unknown, correlationId: string): { status: number; body: ErrorBody } {
  if (error instanceof DomainError) {
    return {
      status: STATUS_BY_KIND[error.kind],
      body: { error: error.code, message: error.message, ...(error.details.length ? { details: error.details } : {}), correlationId },
    };
  }
  if (error instanceof VersionConflictError) {
    return {
      status: 409,
      body: { error: 'version_conflict', message: 'This record was changed by someone else. Reload it and try again.', correlationId },
    };
  }
  if (error instanceof ProjectionWaitTimeoutError) {
    // The command's events are stored; only the read models that answer it have not caught up within the bound (D166).
    return {
      status: 503,
      body: { error: 'read_models_behind', message: 'Your change was saved, but it is not shown everywhere yet. Reload in a moment.', correlationId },
    };
  }
  if (error instanceof DuplicateKeyError) {
    return { status: 409, body: { error: 'duplicate', message: 'This value is already in use.', correlationId } };
  }
  const status = httpStatusOf(error);
  if (status && status < 500) {
    const known = STATUS_BY_HTTP_CODE[status] ?? { code: 'validation_error', message: 'The request was refused.' };
    return { status, body: { error: known.code, message: known.message, correlationId } };
  }
  return { status: 500, body: { error: 'server_error', message: 'An unexpected error occurred.', correlationId } };
}

/** Nest HttpExceptions and Fastify errors both carry a status; anything else is a bug. */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { getStatus?: () => number; statusCode?: unknown; status?: unknown };
  if (typeof e.getStatus === 'function') return e.getStatus();
  if (typeof e.statusCode === 'number') return e.statusCode;
  if (typeof e.status === 'number') return e.status;
  return undefined;
}
