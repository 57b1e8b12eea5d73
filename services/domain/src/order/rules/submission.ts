import { countryInfo } from '../../shared/countries.js';
import type { ErrorDetail } from '../../shared/errors.js';
import type { Instant, OrderContent, OrderLocation, ShortNotice } from '../types.js';
import { isBlank, pathOf, problem, rejectIfAny } from './problems.js';
import { serviceScheduleProblems } from './service-schedule.js';
import { siteBriefProblems } from './site-brief.js';
import { isValidTimeZone, shortNoticeOf, timeFrameProblems } from './time-frames.js';

export interface SubmissionOptions {
  readonly now: Instant;
  readonly maxJobWindowDays: number;
  /** Direct orders need a billing address; quote requests get theirs when the offer is accepted. */
  readonly requireBillingAddress: boolean;
}

const REQUIRED_LOCATION_FIELDS = ['name', 'addressLine1', 'city', 'postCode', 'country', 'timeZone'] as const;

function locationProblems(location: OrderLocation | undefined, path: string): ErrorDetail[] {
  if (!location) return [problem(path, 'required', 'The service location is required.')];
  const missing = REQUIRED_LOCATION_FIELDS.filter((field) => isBlank(location[field])).map((field) =>
    problem(pathOf(path, field), 'required', 'This field is required.'),
  );
  if (missing.length > 0) return missing;
  const found: ErrorDetail[] = [];
  if (!countryInfo(location.country)?.served) {
    found.push(problem(pathOf(path, 'country'), 'unsupported_country', `Orders cannot be placed for country '${location.country}'.`));
  }
  if (!isValidTimeZone(location.timeZone)) {
    found.push(problem(pathOf(path, 'timeZone'), 'invalid_time_zone', `'${location.timeZone}' is not an IANA time zone.`));
  }
  return found;
}

/** Everything an order needs before it can be submitted (docs/product.md, submitting), with paths under `path`. */
export function submissionProblems(content: OrderContent, options: SubmissionOptions, path = ''): ErrorDetail[] {
  const found = locationProblems(content.location, pathOf(path, 'location'));
  const timeZone = content.location?.timeZone;
  if (timeZone !== undefined && isValidTimeZone(timeZone)) {
    const frameProblems = timeFrameProblems(
      content.timeframes,
      { timeZone, now: options.now, maxJobWindowDays: options.maxJobWindowDays },
      pathOf(path, 'timeframes'),
    );
    found.push(...frameProblems);
    // A schedule is judged against a valid frame only.
    if (frameProblems.length === 0) {
      found.push(
        ...serviceScheduleProblems(
          content.timeframes,
          content.services.map((s) => s.serviceId),
          timeZone,
          pathOf(path, 'timeframes'),
        ),
      );
    }
  } else if (content.timeframes.length === 0) {
    found.push(problem(pathOf(path, 'timeframes'), 'required', 'At least one time frame is required.'));
  }

  if (content.services.length === 0) found.push(problem(pathOf(path, 'services'), 'required', 'Choose at least one service.'));
  if (new Set(content.services.map((service) => service.price.currency)).size > 1) {
    found.push(problem(pathOf(path, 'services'), 'mixed_currencies', 'All services of an order are priced in one currency.'));
  }

  const technicians = content.additionalInformation.serviceTechnicians;
  const techniciansPath = pathOf(path, 'additionalInformation', 'serviceTechnicians');
  const expected = technicians?.expectedNumberOfTechnicians;
  if (expected === undefined || !Number.isInteger(expected) || expected <= 0) {
    found.push(problem(pathOf(techniciansPath, 'expectedNumberOfTechnicians'), 'must_be_positive', 'The number of technicians must be greater than 0.'));
  } else if (technicians?.maxNumberOfTechnicians !== undefined && technicians.maxNumberOfTechnicians < expected) {
    found.push(problem(pathOf(techniciansPath, 'maxNumberOfTechnicians'), 'below_expected', 'The maximum cannot be below the expected number of technicians.'));
  }

  found.push(
    ...siteBriefProblems(
      content.additionalInformation,
      { timeZone: timeZone !== undefined && isValidTimeZone(timeZone) ? timeZone : undefined, frames: content.timeframes, now: options.now },
      pathOf(path, 'additionalInformation'),
    ),
  );

  if (options.requireBillingAddress && !content.billingAddress) {
    found.push(problem(pathOf(path, 'billingAddress'), 'required', 'A billing address is required.'));
  }
  return found;
}

/** What the submitting customer confirmed; absent when staff convert an order they prepared. */
export interface SubmissionConfirmations {
  readonly disclaimerAccepted: boolean;
  readonly shortNoticeConfirmed: boolean;
}

/**
 * Validates a submission and returns its short notice, if any. Throws one `validation_error` with every
 * problem; content paths are under `contentPath`, confirmation paths are the command's own fields.
 */
export function acceptSubmission(
  content: OrderContent,
  options: SubmissionOptions & { readonly contentPath: string; readonly confirmations?: SubmissionConfirmations },
): ShortNotice | null {
  const found = submissionProblems(content, options, options.contentPath);
  const { confirmations } = options;
  if (confirmations && !confirmations.disclaimerAccepted) {
    found.push(problem('disclaimerAccepted', 'disclaimer_not_accepted', 'The disclaimer must be accepted.'));
  }
  rejectIfAny(found);
  // Valid from here on: the location and its zone exist.
  const shortNotice = content.location ? shortNoticeOf(content.timeframes, content.location.timeZone, options.now) : null;
  if (shortNotice && confirmations && !confirmations.shortNoticeConfirmed) {
    rejectIfAny([
      problem(
        'shortNoticeConfirmed',
        'short_notice_not_confirmed',
        `The job starts in ${shortNotice.hoursToStart} hours; confirm the short notice (extra charges may apply).`,
      ),
    ]);
  }
  return shortNotice;
}
