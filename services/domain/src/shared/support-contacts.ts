/**
 * Support contacts per country group, shown in the header. The real numbers and addresses are not part of
 * the repository: these values are obviously fictional placeholders (+.. 0000 numbers, *.example addresses).
 */
export interface SupportContact {
  /** Translation key suffix of the group name: `shell.contact.groups.<group>`. */
  readonly group: 'ukIe' | 'ch' | 'dach' | 'south' | 'emea' | 'usCa' | 'in';
  readonly countries: readonly string[];
  /** Flag emoji of the group's countries. */
  readonly flags: string;
  readonly phone: string;
  readonly email: string;
}

export const SUPPORT_CONTACTS: readonly SupportContact[] = [
  { group: 'ukIe', countries: ['uk', 'ie'], flags: '🇬🇧 🇮🇪', phone: '+44 20 0000 0000', email: 'support-uk@onsite.example' },
  { group: 'ch', countries: ['ch', 'li'], flags: '🇨🇭', phone: '+41 44 000 00 00', email: 'support-ch@onsite.example' },
  { group: 'dach', countries: ['de', 'nl', 'be', 'lu', 'at'], flags: '🇩🇪 🇳🇱 🇧🇪 🇱🇺 🇦🇹', phone: '+49 30 0000 0000', email: 'support-de@onsite.example' },
  { group: 'south', countries: ['fr', 'it', 'es'], flags: '🇫🇷 🇮🇹 🇪🇸', phone: '+33 1 00 00 00 00', email: 'support-fr@onsite.example' },
  { group: 'emea', countries: ['br'], flags: '🌍', phone: '+49 30 0000 0001', email: 'support-emea@onsite.example' },
  { group: 'usCa', countries: ['us', 'ca'], flags: '🇺🇸 🇨🇦', phone: '+1 555 000 0000', email: 'support-us@onsite.example' },
  { group: 'in', countries: ['in'], flags: '🇮🇳', phone: '+91 22 0000 0000', email: 'support-in@onsite.example' },
];

/** Named people customers may call (title, name, e-mail): fictional. */
export const PERSONAL_CONTACTS: readonly { readonly title: string; readonly name: string; readonly email: string }[] = [
  { title: 'Key account manager', name: 'Alex Example', email: 'alex.example@onsite.example' },
  { title: 'Service coordinator', name: 'Sam Sample', email: 'sam.sample@onsite.example' },
];

export const IT_SUPPORT_EMAIL = 'it-support@onsite.example';

/** The contact of a country's group; countries of no group get the EMEA contact. */
export function supportContactFor(country: string | null | undefined): SupportContact {
  const found = SUPPORT_CONTACTS.find((contact) => contact.countries.includes(country ?? ''));
  return found ?? SUPPORT_CONTACTS.find((contact) => contact.group === 'emea')!;
}

/** The groups covering a set of countries (the OEM contact modal shows those of countriesToOrder). */
export function supportContactsFor(countries: readonly string[]): SupportContact[] {
  const groups = new Set(countries.map((country) => supportContactFor(country)));
  return SUPPORT_CONTACTS.filter((contact) => groups.has(contact));
}
