import type { SupportContactsView } from '@onsite/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api/api-client';

export const SUPPORT_CONTACTS_KEY = ['support-contacts'] as const;

/** The support contacts staff entered (the header, the contact modal and the contact page read them). */
export function useSupportContacts(enabled = true) {
  return useQuery({
    queryKey: SUPPORT_CONTACTS_KEY,
    queryFn: ({ signal }): Promise<SupportContactsView> =>
      apiRequest('/support-contacts', { method: 'GET', schema: import('./support-contacts-schema').then((module) => module.supportContactsSchema), signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}
