import { SUPPORT_PHONE_MESSAGE } from '@onsite/domain';
import type { z } from 'zod';
import { fieldError } from '../../../lib/forms/domain-messages';
import i18n, { i18nKey } from '../../../lib/i18n/i18n';

/** The first message of each field of a failed parse, in the user's language. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (found[path]) continue;
    const text = issue.message === SUPPORT_PHONE_MESSAGE ? i18n.t(i18nKey('supportContacts.phoneInvalid')) : fieldError(issue.message);
    if (text) found[path] = text;
  }
  return found;
}
