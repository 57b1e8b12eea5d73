export * from './types.js';
export * from './statuses.js';
export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './errors.js';
export * from './transitions.js';
export * from './policy.js';
export * from './schemas.js';
export * from './customer-view.js';
export { decideOrder, mayIssue } from './decide.js';
export { orderDecider } from './decider.js';
export { evolveOrder, foldOrder } from './evolve.js';
export { reorderSourceOf } from './reorder.js';
export {
  DEFAULT_MAX_JOB_WINDOW_DAYS,
  DEFAULT_WORKING_HOURS,
  SHORT_NOTICE_HOURS,
  hoursToStart,
  isShortNotice,
  jobWindowDays,
  shortNoticeOf,
  timeFrameProblems,
  isValidTimeZone,
  type TimeFrameRuleOptions,
} from './rules/time-frames.js';
export { rejectionReasonsFor, rejectionProblems } from './rules/rejection.js';
export { feedbackProblems, RATED_FEEDBACK_TYPES, MIN_RATING, MAX_RATING, COMMENT_REQUIRED_UP_TO_RATING } from './rules/feedback.js';
export { submissionProblems, type SubmissionOptions } from './rules/submission.js';
export {
  siteBriefProblems,
  SITE_ALLERGENS,
  SITE_CERTIFICATES,
  SITE_ENVIRONMENTS,
  type SiteAllergen,
  type SiteCertificate,
  type SiteEnvironment,
} from './rules/site-brief.js';
export { customerActionsOf, CUSTOMER_ACTIONS, NO_PO_NUMBER, type CustomerAction, type CustomerActionFacts } from './rules/action-required.js';
export { feasibilityOf, type Feasibility, type FeasibilityOptions, type FeasibilityRule } from './rules/feasibility.js';
export { isPublicHoliday } from './rules/public-holidays.js';
export {
  SCHEDULE_MINUTE_STEP,
  scheduledDayProblems,
  serviceScheduleProblems,
  serviceSchedules,
  type ScheduledDay,
  type ScheduledService,
  type ServiceSchedule,
  type ServiceScheduleOptions,
  type ServiceScheduleRequest,
} from './rules/service-schedule.js';

/** Every order lives in its own stream. */
export const orderStreamId = (orderId: string): string => `order-${orderId}`;
export * from './job-progress.js';
