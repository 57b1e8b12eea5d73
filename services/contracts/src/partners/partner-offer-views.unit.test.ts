import type { PartnerOfferContent } from '@onsite/domain';
import { partnerOfferView } from './partner-offer-views.js';

// A training offer translated into German only in part: what a reader in each language is shown of it.
const content: PartnerOfferContent = {
  type: 'TRAINING',
  partnerName: 'Example Academy',
  title: { en: 'Safe lockout on packaging lines', de: 'Sicheres Freischalten an Verpackungslinien' },
  description: { en: 'A one-day course on site.', de: 'Ein Tageskurs vor Ort.' },
  keywords: ['training'],
  products: ['Lockout course'],
  countries: ['de'],
  validFrom: '2026-10-01',
  validTo: '2027-01-31',
  link: 'https://academy.example/lockout',
};

describe('partner offers as a reader sees them', () => {
  it('show the reader’s language, English where untranslated, and the editable content to staff only', () => {
    const record = { offerId: 'o-1', version: 1, content: { ...content, title: { en: 'Parts' } }, retired: false, updatedAt: '2026-11-25T10:00:00.000Z' };
    expect(partnerOfferView(record, 'de', '2026-11-25', false)).toMatchObject({ title: 'Parts', description: content.description.de, phase: 'CURRENT' });
    expect(partnerOfferView(record, 'de', '2026-11-25', false).content).toBeUndefined();
    expect(partnerOfferView(record, 'en', '2026-11-25', true).content).toEqual(record.content);
  });
});
