/**
 * The support groups (docs/product.md, 'Screens') and how a country finds its contact: data and plain functions only,
 * no zod, because the console's header uses them on every page. The contacts themselves are the provider's, entered by
 * staff (support-contacts.ts) and read through the api.
 */
export const SUPPORT_GROUPS = ['ukIe', 'ch', 'dach', 'south', 'emea', 'usCa', 'in'] as const;
/** Translation key suffix of the group name: `shell.contact.groups.<group>`. */
export type SupportGroup = (typeof SUPPORT_GROUPS)[number];

/** The countries of each group, with their flags; countries of no group belong to EMEA. */
export const SUPPORT_GROUP_COUNTRIES: Readonly<Record<SupportGroup, { readonly countries: readonly string[]; readonly flags: string }>> = {
  ukIe: { countries: ['uk', 'ie'], flags: '🇬🇧 🇮🇪' },
  ch: { countries: ['ch', 'li'], flags: '🇨🇭' },
  dach: { countries: ['de', 'nl', 'be', 'lu', 'at'], flags: '🇩🇪 🇳🇱 🇧🇪 🇱🇺 🇦🇹' },
  south: { countries: ['fr', 'it', 'es'], flags: '🇫🇷 🇮🇹 🇪🇸' },
  emea: { countries: ['br'], flags: '🌍' },
  usCa: { countries: ['us', 'ca'], flags: '🇺🇸 🇨🇦' },
  in: { countries: ['in'], flags: '🇮🇳' },
};

/** The group of a country: EMEA for a country of no group. */
export function supportGroupOf(country: string | null | undefined): SupportGroup {
  return SUPPORT_GROUPS.find((group) => SUPPORT_GROUP_COUNTRIES[group].countries.includes(country ?? '')) ?? 'emea';
}

/** A named person customers may write to. */
export interface PersonalContact {
  readonly title: string;
  readonly name: string;
  readonly email: string;
}

/** One group as the console shows it: phone and e-mail are null until staff enter them. */
export interface SupportContact {
  readonly group: SupportGroup;
  readonly countries: readonly string[];
  readonly flags: string;
  readonly phone: string | null;
  readonly email: string | null;
}

/** `GET /api/support-contacts`: every group in its fixed order, the personal contacts and the IT support address. */
export interface SupportContactsView {
  readonly groups: readonly SupportContact[];
  readonly personalContacts: readonly PersonalContact[];
  readonly itSupportEmail: string | null;
}

/** The contact of a country's group (EMEA for countries of no group). */
export function supportContactFor(view: SupportContactsView, country: string | null | undefined): SupportContact {
  const group = supportGroupOf(country);
  return view.groups.find((contact) => contact.group === group)!;
}

/** The groups covering a set of countries (the OEM contact modal shows those of countriesToOrder), in their fixed order. */
export function supportContactsFor(view: SupportContactsView, countries: readonly string[]): SupportContact[] {
  const groups = new Set(countries.map((country) => supportGroupOf(country)));
  return view.groups.filter((contact) => groups.has(contact.group));
}
