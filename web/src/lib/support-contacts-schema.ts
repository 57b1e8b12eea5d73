import { SupportContactsViewSchema } from '@onsite/contracts';

/** The answer of `GET /api/support-contacts`; its own module, imported lazily, so zod stays off the first page. */
export const supportContactsSchema = SupportContactsViewSchema;
