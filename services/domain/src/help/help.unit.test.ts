import { HelpContentSchema, type FaqEntry } from './help.js';

const question: FaqEntry = {
  id: 'billing',
  topic: 'ordering',
  question: { en: 'Who gets the invoice?', de: 'Wer bekommt die Rechnung?' },
  answer: { en: 'The billing address of the order.' },
};

describe('help content', () => {
  it('needs English for every text', () => {
    expect(HelpContentSchema.safeParse({ faqs: [question], manuals: [] }).success).toBe(true);
    expect(HelpContentSchema.safeParse({ faqs: [{ ...question, question: { de: 'Nur Deutsch' } }], manuals: [] }).success).toBe(false);
    expect(HelpContentSchema.safeParse({ faqs: [{ ...question, answer: { pt: 'Só português' } }], manuals: [] }).success).toBe(false);
  });
});
