/**
 * Every broken rule is a DomainError with a stable code (the console translates each as `error.<code>`).
 * `kind` tells the edge how to report it; the domain itself knows nothing about HTTP.
 */
export type ErrorKind =
  | 'validation' // the input is malformed or incomplete
  | 'unauthenticated' // no session, or one that is gone
  | 'forbidden' // the caller may not do this
  | 'not_found' // unknown object (or one the caller must not know exists)
  | 'conflict' // the object's state or version forbids the action
  | 'too_large'
  | 'unprocessable' // well-formed, but cannot be applied as sent (e.g. an Idempotency-Key reused for another request)
  | 'throttled';

export interface ErrorDetail {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, details: readonly ErrorDetail[] = [], code = 'validation_error') =>
  new DomainError(code, 'validation', message, details);
export const forbidden = (message = 'You do not have access to this resource.', code = 'forbidden') => new DomainError(code, 'forbidden', message);
/**
 * Why a caller is refused, when the reason is not access to the object (a `forbidden` error's one detail, path ''):
 * the console names it instead of the generic 'no access'.
 */
export const REFUSAL_REASONS = ['read_only', 'act_on_behalf', 'staff_only'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
export const refused = (reason: RefusalReason, message: string) => new DomainError('forbidden', 'forbidden', message, [{ path: '', code: reason, message }]);
export const notFound = (message = 'Not found.', code = 'not_found') => new DomainError(code, 'not_found', message);
export const conflict = (code: string, message: string) => new DomainError(code, 'conflict', message);
