import { z } from 'zod';
import { isStaff } from '../identity/actor.js';
import { canUse, mayChangeAnything } from '../identity/policy.js';
import { emailField, requiredText } from '../identity/rules.js';
import type { CommandContext } from '../shared/command.js';
import type { Decider } from '../shared/decider.js';
import { forbidden } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { SUPPORT_GROUPS, type PersonalContact, type SupportGroup } from './support-groups.js';

/**
 * Support contacts (docs/product.md): a phone number and an e-mail address per country group, the named
 * people customers may write to, and the IT support address. The groups and their countries are fixed (support-groups.ts); the
 * numbers and addresses are the provider's own, entered by staff administrators (stream `support-contacts-main`).
 */
export const SUPPORT_CONTACTS_STREAM = 'support-contacts-main';

export const SUPPORT_PHONE_MESSAGE = 'Enter a phone number in international form, such as +44 20 7946 0000.';
const supportPhone = z
  .string()
  .trim()
  .min(1, { error: 'This field is required.' })
  .max(40)
  .regex(/^\+[0-9][0-9 ()/-]{4,38}$/, { error: SUPPORT_PHONE_MESSAGE });

export const SupportGroupContactSchema = z
  .object({ group: z.enum(SUPPORT_GROUPS), phone: supportPhone, email: emailField })
  .meta({ id: 'SupportGroupContact', description: "A country group's support phone number and e-mail address." });
export const PersonalContactSchema = z.object({ title: requiredText(100), name: requiredText(), email: emailField });
export const PersonalContactsSchema = z.object({ contacts: z.array(PersonalContactSchema).max(20) }).meta({ id: 'PersonalContacts' });
export const ItSupportEmailSchema = z.object({ email: emailField }).meta({ id: 'ItSupportEmail' });
export type SupportGroupContactInput = z.infer<typeof SupportGroupContactSchema>;

export type SupportContactsEvent =
  | DomainEvent<'SUPPORT_GROUP_CONTACT_SET', { readonly group: SupportGroup; readonly phone: string; readonly email: string }>
  | DomainEvent<'PERSONAL_CONTACTS_SET', { readonly contacts: readonly PersonalContact[] }>
  | DomainEvent<'IT_SUPPORT_EMAIL_SET', { readonly email: string }>;

export interface SupportContactsState {
  readonly groups: Partial<Record<SupportGroup, { readonly phone: string; readonly email: string }>>;
  readonly personalContacts: readonly PersonalContact[];
  readonly itSupportEmail: string | null;
}

export type SupportContactsCommand =
  | { readonly type: 'SetGroupContact'; readonly data: SupportGroupContactInput }
  | { readonly type: 'SetPersonalContacts'; readonly contacts: readonly PersonalContact[] }
  | { readonly type: 'SetItSupportEmail'; readonly email: string };

export const initialSupportContacts: SupportContactsState = { groups: {}, personalContacts: [], itSupportEmail: null };

/** Who may change the support contacts: staff administrators, as themselves (docs/security.md). */
export function canManageSupportContent(actor: CommandContext['actor']): boolean {
  return isStaff(actor) && !actor.onBehalfOf && canUse('contentManagement', actor) && mayChangeAnything(actor);
}

/** Staff administrators set contacts; setting what is already there records nothing. */
export const supportContactsDecider: Decider<SupportContactsCommand, SupportContactsState, SupportContactsEvent> = {
  initialState: initialSupportContacts,
  decide(command, state, ctx) {
    if (!canManageSupportContent(ctx.actor)) throw forbidden('Only staff administrators change the support contacts.');
    switch (command.type) {
      case 'SetGroupContact': {
        const { group, phone, email } = command.data;
        const current = state.groups[group];
        const normalized = email.trim().toLowerCase();
        if (current?.phone === phone && current.email === normalized) return [];
        return [{ type: 'SUPPORT_GROUP_CONTACT_SET', data: { group, phone, email: normalized } }];
      }
      case 'SetPersonalContacts': {
        const contacts = command.contacts.map((c) => ({ ...c, email: c.email.trim().toLowerCase() }));
        if (JSON.stringify(contacts) === JSON.stringify(state.personalContacts)) return [];
        return [{ type: 'PERSONAL_CONTACTS_SET', data: { contacts } }];
      }
      case 'SetItSupportEmail': {
        const email = command.email.trim().toLowerCase();
        return email === state.itSupportEmail ? [] : [{ type: 'IT_SUPPORT_EMAIL_SET', data: { email } }];
      }
      default:
        return assertNever(command, 'support contacts command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SUPPORT_GROUP_CONTACT_SET':
        return { ...state, groups: { ...state.groups, [event.data.group]: { phone: event.data.phone, email: event.data.email } } };
      case 'PERSONAL_CONTACTS_SET':
        return { ...state, personalContacts: event.data.contacts };
      case 'IT_SUPPORT_EMAIL_SET':
        return { ...state, itSupportEmail: event.data.email };
      default:
        return assertNever(event, 'support contacts event');
    }
  },
};
