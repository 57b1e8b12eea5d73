import { validationError, type ErrorDetail } from '../../shared/errors.js';

/** A broken input rule, reported as one `validation_error` detail. */
export function problem(path: string, code: string, message: string): ErrorDetail {
  return { path, code, message };
}

export function pathOf(...parts: readonly (string | number)[]): string {
  return parts.filter((part) => part !== '').join('.');
}

export function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/** Throws one `validation_error` carrying every problem found, so the form can mark all fields at once. */
export function rejectIfAny(problems: readonly ErrorDetail[]): void {
  if (problems.length > 0) throw validationError('One or more fields contain errors.', problems);
}
