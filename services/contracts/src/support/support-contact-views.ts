import { z } from 'zod';
import {
  ItSupportEmailSchema,
  PersonalContactsSchema,
  SUPPORT_GROUPS,
  SUPPORT_GROUP_COUNTRIES,
  SupportGroupContactSchema,
  type SupportContactsState,
  type SupportContactsView,
} from '@onsite/domain';

/** One group as the console shows it: phone and e-mail are null until staff enter them. */
export const SupportContactSchema = z.object({
  group: z.enum(SUPPORT_GROUPS),
  countries: z.array(z.string()),
  flags: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** A personal contact as answered (the input's e-mail rule lowercases, which an answer's schema cannot describe). */
const PersonalContactViewSchema = z.object({ title: z.string(), name: z.string(), email: z.string() });

export const SupportContactsViewSchema = z
  .object({ groups: z.array(SupportContactSchema), personalContacts: z.array(PersonalContactViewSchema), itSupportEmail: z.string().nullable() })
  .meta({ id: 'SupportContacts' });

/** Every group, in its fixed order, with what staff entered. */
export function supportContactsView(state: SupportContactsState): SupportContactsView {
  return {
    groups: SUPPORT_GROUPS.map((group) => ({
      group,
      ...SUPPORT_GROUP_COUNTRIES[group],
      phone: state.groups[group]?.phone ?? null,
      email: state.groups[group]?.email ?? null,
    })),
    personalContacts: [...state.personalContacts],
    itSupportEmail: state.itSupportEmail,
  };
}

/** Staff acting for a customer name them; the contacts are the same for everyone. */
const onBehalf = { onBehalfOfUserId: z.string().optional() };
export const SetGroupContactBodySchema = SupportGroupContactSchema.extend(onBehalf).meta({ id: 'SetSupportGroupContact' });

export const SetPersonalContactsBodySchema = PersonalContactsSchema.extend(onBehalf).meta({ id: 'SetPersonalContacts' });

export const SetItSupportEmailBodySchema = ItSupportEmailSchema.extend(onBehalf).meta({ id: 'SetItSupportEmail' });
