import { SUPPORT_CONTACTS_STREAM, supportContactsDecider } from '@onsite/domain';
import { SupportContactsViewSchema, SetGroupContactBodySchema, SetItSupportEmailBodySchema, SetPersonalContactsBodySchema } from '@onsite/contracts';
import { readSupportContacts } from '@onsite/projections';
import { useCasesOf, type UseCaseFacts } from '../common/command-routes.js';

const contacts = useCasesOf(supportContactsDecider);
const target = () => ({ streamId: SUPPORT_CONTACTS_STREAM });
const contactsNow = (_request: unknown, { runtime }: UseCaseFacts) => readSupportContacts(runtime.documentStore);

/** The support contacts' commands, on their one stream: staff administrators may; the decider refuses everyone else. */
export const SUPPORT_CONTACTS_USE_CASES = {
  setGroup: contacts({
    route: 'support-contacts/set-group',
    summary: "Staff administrators: a country group's support phone and e-mail.",
    schema: SetGroupContactBodySchema,
    response: SupportContactsViewSchema,
    target,
    command: ({ onBehalfOfUserId: _onBehalf, ...data }) => ({ type: 'SetGroupContact', data }),
    answer: contactsNow,
  }),
  setPersonal: contacts({
    route: 'support-contacts/set-personal',
    summary: 'Staff administrators: the named people customers may write to (replaces the list).',
    schema: SetPersonalContactsBodySchema,
    response: SupportContactsViewSchema,
    target,
    command: (request) => ({ type: 'SetPersonalContacts', contacts: request.contacts }),
    answer: contactsNow,
  }),
  setItSupport: contacts({
    route: 'support-contacts/set-it-support',
    summary: 'Staff administrators: the IT support e-mail address.',
    schema: SetItSupportEmailBodySchema,
    response: SupportContactsViewSchema,
    target,
    command: (request) => ({ type: 'SetItSupportEmail', email: request.email }),
    answer: contactsNow,
  }),
};
