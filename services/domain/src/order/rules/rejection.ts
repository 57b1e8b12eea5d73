import type { ErrorDetail } from '../../shared/errors.js';
import type { OrderStatus } from '../statuses.js';
import { REJECTION_REASONS, type RejectionReason } from '../types.js';
import { isBlank, problem } from './problems.js';

/** The reasons offered when rejecting in this status: 'someone else will do it' is left out for a quote request. */
export function rejectionReasonsFor(status: OrderStatus): readonly RejectionReason[] {
  return status === 'REQUESTED_QUOTE' ? REJECTION_REASONS.filter((reason) => reason !== 'SOMEONE_ELSE') : REJECTION_REASONS;
}

/** The rejection rules: at least one reason, only reasons offered in this status, and a comment for OTHER. */
export function rejectionProblems(status: OrderStatus, reasons: readonly RejectionReason[], comment: string | undefined): ErrorDetail[] {
  if (reasons.length === 0) return [problem('reasons', 'required', 'Choose at least one reason.')];
  const offered = rejectionReasonsFor(status);
  const found = reasons
    .filter((reason) => !offered.includes(reason))
    .map((reason) => problem('reasons', 'reason_not_allowed', `'${reason}' is not a reason for rejecting in ${status} status.`));
  if (new Set(reasons).size !== reasons.length) found.push(problem('reasons', 'duplicate_reason', 'Each reason may be chosen once.'));
  if (reasons.includes('OTHER') && isBlank(comment)) {
    found.push(problem('comment', 'required', "Describe the reason when choosing 'other'."));
  }
  return found;
}
