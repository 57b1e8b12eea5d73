import { type PersonalContact, type SupportContactsView, type SupportGroupContactInput } from '@onsite/domain';
import { SupportContactsViewSchema, SupportContactsChangeSchema } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { SUPPORT_CONTACTS_KEY } from '../../../lib/support-contacts';

export { useSupportContacts } from '../../../lib/support-contacts';

const HISTORY_KEY = ['support-contacts', 'history'] as const;

export type { SupportContactsChange } from '@onsite/contracts';

/** Every change, newest first, with who made it. */
export function useSupportContactsHistory() {
  return useQuery({
    queryKey: HISTORY_KEY,
    queryFn: ({ signal }) => apiRequest('/support-contacts/history', { method: 'GET', schema: z.array(SupportContactsChangeSchema), signal }),
  });
}

type Command =
  | { path: '/support-contacts/set-group'; body: SupportGroupContactInput }
  | { path: '/support-contacts/set-personal'; body: { contacts: PersonalContact[] } }
  | { path: '/support-contacts/set-it-support'; body: { email: string } };

/** One change; the answer is the contacts as they now are, for the header too, and the history is read again. */
export function useChangeSupportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: Command): Promise<SupportContactsView> =>
      apiRequest(command.path, { body: command.body, schema: SupportContactsViewSchema, handledErrors: ['validation_error'] }),
    onSuccess: (contacts) => {
      queryClient.setQueryData(SUPPORT_CONTACTS_KEY, contacts);
      void queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
    },
  });
}
