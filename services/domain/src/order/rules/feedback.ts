import type { ErrorDetail } from '../../shared/errors.js';
import type { FeedbackEntry, FeedbackType } from '../types.js';
import { isBlank, pathOf, problem } from './problems.js';

/** Feedback types with a star rating; the others are free text. */
export const RATED_FEEDBACK_TYPES: readonly FeedbackType[] = ['JOB_RATING', 'CUSTOMER_SATISFACTION', 'BACK_OFFICE_RATING'];
export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** Ratings at or below this need a comment saying what went wrong. */
export const COMMENT_REQUIRED_UP_TO_RATING = 2;

function entryProblems(entry: FeedbackEntry, path: string): ErrorDetail[] {
  if (!RATED_FEEDBACK_TYPES.includes(entry.type)) {
    if (entry.rating !== undefined) return [problem(pathOf(path, 'rating'), 'not_rated', `${entry.type} has no rating.`)];
    return isBlank(entry.comment) ? [problem(pathOf(path, 'comment'), 'required', 'This field is required.')] : [];
  }
  const { rating } = entry;
  if (rating === undefined || !Number.isInteger(rating) || rating < MIN_RATING || rating > MAX_RATING) {
    return [problem(pathOf(path, 'rating'), 'invalid_rating', `Give ${MIN_RATING} to ${MAX_RATING} stars.`)];
  }
  if (rating <= COMMENT_REQUIRED_UP_TO_RATING && isBlank(entry.comment)) {
    return [problem(pathOf(path, 'comment'), 'required', 'This field is required.')];
  }
  return [];
}

export function feedbackProblems(feedbacks: readonly FeedbackEntry[]): ErrorDetail[] {
  if (feedbacks.length === 0) return [problem('feedbacks', 'required', 'Give at least one feedback.')];
  const found = feedbacks.flatMap((entry, index) => entryProblems(entry, pathOf('feedbacks', index)));
  if (new Set(feedbacks.map((entry) => entry.type)).size !== feedbacks.length) {
    found.push(problem('feedbacks', 'duplicate_type', 'Each feedback type may be given once.'));
  }
  return found;
}
