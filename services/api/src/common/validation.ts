import { StandardSchemaValidationPipe } from '@nestjs/common';
import { validationError } from '@onsite/domain';

/**
 * Validates `@Body({ schema })` / `@Query({ schema })` with zod and reports every issue as
 * `validation_error` with `details: [{ path, code, message }]`. Nothing runs behind a failed validation.
 */
export function createValidationPipe(): StandardSchemaValidationPipe {
  return new StandardSchemaValidationPipe({
    exceptionFactory: (issues) =>
      validationError(
        'One or more fields contain errors.',
        issues.map((issue) => ({
          path: (issue.path ?? []).map((s) => String(typeof s === 'object' && s !== null ? s.key : s)).join('.'),
          code: (issue as { code?: string }).code ?? 'invalid',
          message: issue.message,
        })),
      ),
  });
}
