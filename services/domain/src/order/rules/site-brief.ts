import { DateTime } from 'luxon';
import type { ErrorDetail } from '../../shared/errors.js';
import type { AdditionalInformation, Instant, TimeFrame } from '../types.js';
import { isBlank, pathOf, problem } from './problems.js';

/**
 * What the technicians meet on site (D213): the choices the customer picks from while ordering. The keys are stored;
 * the console names them in the reader's language. 'other' environments carry the customer's own words.
 */
export const SITE_CERTIFICATES = [
  'safety_passport',
  'electrical_qualification',
  'working_at_heights',
  'confined_spaces',
  'forklift_licence',
  'explosive_atmospheres',
  'cleanroom_training',
  'first_aid',
] as const;
export const SITE_ALLERGENS = ['latex', 'nuts', 'gluten', 'dairy', 'dust', 'animals', 'chemicals'] as const;
export const SITE_ENVIRONMENTS = [
  'cleanroom',
  'food_processing',
  'explosive_atmosphere',
  'outdoor',
  'high_temperature',
  'cold_storage',
  'loud',
  'other',
] as const;
export type SiteCertificate = (typeof SITE_CERTIFICATES)[number];
export type SiteAllergen = (typeof SITE_ALLERGENS)[number];
export type SiteEnvironment = (typeof SITE_ENVIRONMENTS)[number];

const known = (list: readonly string[], values: readonly string[] | undefined, path: string): ErrorDetail[] =>
  (values ?? []).flatMap((value, index) =>
    list.includes(value) ? [] : [problem(pathOf(path, index), 'unknown_option', `'${value}' is not one of the choices.`)],
  );

/**
 * The site brief's rules: choices from the lists above, each once; an 'other' environment says what it is; a site walk
 * wanted has a day, not in the past (in the site's time zone) and not after the first requested day; no day without a
 * walk.
 */
export function siteBriefProblems(
  info: AdditionalInformation,
  context: { readonly timeZone: string | undefined; readonly frames: readonly TimeFrame[]; readonly now: Instant },
  path = 'additionalInformation',
): ErrorDetail[] {
  const found = [
    ...known(SITE_CERTIFICATES, info.selectedCertificates, pathOf(path, 'selectedCertificates')),
    ...known(SITE_ALLERGENS, info.selectedAllergies, pathOf(path, 'selectedAllergies')),
    ...known(
      SITE_ENVIRONMENTS,
      info.selectedEnvironments?.map((e) => e.key),
      pathOf(path, 'selectedEnvironments'),
    ),
  ];
  for (const [field, values] of [
    ['selectedCertificates', info.selectedCertificates],
    ['selectedAllergies', info.selectedAllergies],
    ['selectedEnvironments', info.selectedEnvironments?.map((e) => e.key)],
  ] as const) {
    if (values && new Set(values).size !== values.length) found.push(problem(pathOf(path, field), 'duplicate_option', 'Each choice can be picked once.'));
  }
  info.selectedEnvironments?.forEach((environment, index) => {
    if (environment.key === 'other' && isBlank(environment.value)) {
      found.push(problem(pathOf(path, 'selectedEnvironments', index, 'value'), 'required', 'Say what the other environment is.'));
    }
  });
  if (info.siteWalkDate !== undefined && info.siteWalk !== true) {
    found.push(problem(pathOf(path, 'siteWalkDate'), 'site_walk_not_wanted', 'A site walk day is given only when a site walk is wanted.'));
  }
  if (info.siteWalk === true) {
    const day = info.siteWalkDate;
    if (day === undefined) found.push(problem(pathOf(path, 'siteWalkDate'), 'required', 'Choose the day of the site walk.'));
    else {
      const today = context.timeZone ? DateTime.fromISO(context.now, { zone: context.timeZone }).toISODate() : context.now.slice(0, 10);
      const firstDay = context.frames.map((frame) => frame.date.from.slice(0, 10)).sort()[0];
      if (today && day < today) found.push(problem(pathOf(path, 'siteWalkDate'), 'date_in_past', 'The site walk cannot be in the past.'));
      else if (firstDay && day > firstDay) {
        found.push(problem(pathOf(path, 'siteWalkDate'), 'site_walk_after_start', 'The site walk must be on or before the first requested day.'));
      }
    }
  }
  return found;
}
