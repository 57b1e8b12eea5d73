import type { FaqEntry, Manual, ManualEntry } from '@onsite/domain';
import { faqView, manualView, matchesSearch } from './help-views.js';

const po: FaqEntry = {
  id: 'po-number',
  topic: 'ordering',
  question: { en: 'No PO number yet?', de: 'Noch keine Bestellnummer?', pt: 'Ainda sem número de pedido?' },
  answer: { en: 'Accept later.', de: 'Später annehmen.', pt: 'Aceite depois.' },
};
const reasons: FaqEntry = {
  id: 'reject-reasons',
  topic: 'offers',
  question: { en: 'Why a reason?', de: 'Warum ein Grund?', pt: 'Por que um motivo?' },
  answer: { en: 'It helps us.', de: 'Er hilft uns.' },
};

describe('help content as a reader sees it', () => {
  it('shows a question and its answer in the reader’s language, else both in English', () => {
    expect(faqView(po, 'pt')).toMatchObject({ language: 'pt', question: po.question.pt, answer: po.answer.pt });
    expect(faqView(reasons, 'de').language).toBe('de');
    expect(faqView(reasons, 'pt')).toMatchObject({ language: 'en', question: reasons.question.en, answer: reasons.answer.en });
  });

  it('gives a manual in the reader’s language where it exists', () => {
    const written: Manual = {
      id: 'guide',
      title: { en: 'Guide', pt: 'Guia' },
      summary: { en: 'How' },
      body: { en: ['Text'], pt: ['Texto'] },
      issued: '2026-09-01',
    };
    expect(manualView(written, 'de')).toMatchObject({ language: 'en', title: 'Guide' });
    expect(manualView(written, 'pt')).toMatchObject({ language: 'pt', title: 'Guia' });
    const file = { path: '00000000-0000-0000-0000-000000000000.pdf', name: 'Guide.pdf' };
    const uploaded: ManualEntry = {
      id: 'guide',
      title: { en: 'Guide', de: 'Leitfaden' },
      summary: { en: 'How' },
      files: { en: file, de: file },
      issued: '2026-09-01',
    };
    expect(manualView(uploaded, 'de')).toMatchObject({ language: 'de', title: 'Leitfaden' });
    expect(manualView(uploaded, 'pt')).toMatchObject({ language: 'en', title: 'Guide' });
  });

  it('finds every word of a search, ignoring case and accents', () => {
    expect(matchesSearch('numero PEDIDO', ['Número do pedido de compra'])).toBe(true);
    expect(matchesSearch('pedido nota', ['Número do pedido de compra'])).toBe(false);
    expect(matchesSearch(undefined, ['anything'])).toBe(true);
  });
});
