import type { PersonalContact, SupportGroupContactInput } from '@onsite/domain';

/**
 * The demo's support contacts, entered by the seed through the same commands staff use (support-contacts.controller):
 * obviously fictional (+.. 0000 numbers, *.example addresses). A real installation enters its own.
 */
export const DEMO_SUPPORT_GROUP_CONTACTS: readonly SupportGroupContactInput[] = [
  { group: 'ukIe', phone: '+44 20 0000 0000', email: 'support-uk@onsite.example' },
  { group: 'ch', phone: '+41 44 000 00 00', email: 'support-ch@onsite.example' },
  { group: 'dach', phone: '+49 30 0000 0000', email: 'support-de@onsite.example' },
  { group: 'south', phone: '+33 1 00 00 00 00', email: 'support-fr@onsite.example' },
  { group: 'emea', phone: '+49 30 0000 0001', email: 'support-emea@onsite.example' },
  { group: 'usCa', phone: '+1 555 000 0000', email: 'support-us@onsite.example' },
  { group: 'in', phone: '+91 22 0000 0000', email: 'support-in@onsite.example' },
];

export const DEMO_PERSONAL_CONTACTS: readonly PersonalContact[] = [
  { title: 'Key account manager', name: 'Alex Example', email: 'alex.example@onsite.example' },
  { title: 'Service coordinator', name: 'Sam Sample', email: 'sam.sample@onsite.example' },
];

export const DEMO_IT_SUPPORT_EMAIL = 'it-support@onsite.example';
