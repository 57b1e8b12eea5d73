import { COUNTRY_CODES } from '@onsite/domain';

/** Every country code of the domain's list, for country filters (labels: `countries.<code>`). */
export const COUNTRY_OPTIONS_KEY: readonly string[] = COUNTRY_CODES;
