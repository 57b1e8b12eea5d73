import type { Actor } from '../identity/actor.js';
import { DEMO_HELP } from './demo-help.js';
import { faqView, helpDecider, HelpContentSchema, manualView, matchesSearch, type HelpContent } from './help.js';

const actor = (type: 'BL' | 'OEM' | 'EC', role: string, onBehalf = false): Actor =>
  ({
    userId: 'u-1',
    type,
    role,
    companyId: 'c-1',
    country: 'de',
    ...(onBehalf ? { onBehalfOf: { userId: 'u-2', type: 'EC', role: 'ADMIN', companyId: 'c-2', country: 'uk' } } : {}),
  }) as Actor;
const ctx = (a: Actor) => ({ actor: a, now: '2026-11-25T10:00:00.000Z', newId: () => 'id-1' });
const publish = (content: HelpContent, a: Actor) => helpDecider.decide({ type: 'PublishHelpContent', data: { content } }, helpDecider.initialState, ctx(a));

describe('help content', () => {
  it('is published by staff administrators and replaces what was there', () => {
    const events = publish(DEMO_HELP, actor('BL', 'ADMIN'));
    expect(events).toEqual([{ type: 'HELP_CONTENT_PUBLISHED', data: { content: DEMO_HELP } }]);
    const first = helpDecider.evolve(helpDecider.initialState, events[0]!);
    const second = helpDecider.evolve(first, { type: 'HELP_CONTENT_PUBLISHED', data: { content: { faqs: [], manuals: [] } } });
    expect(second.published).toEqual({ faqs: [], manuals: [] });
  });

  it('is refused to customers, to other staff roles and to staff acting for a customer', () => {
    for (const a of [actor('EC', 'ADMIN'), actor('OEM', 'ADMIN'), actor('BL', 'PLANNER'), actor('BL', 'ADMIN', true)]) {
      expect(() => publish(DEMO_HELP, a)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    }
  });

  it('refuses an id used twice', () => {
    const twice = { ...DEMO_HELP, faqs: [DEMO_HELP.faqs[0]!, DEMO_HELP.faqs[0]!] };
    expect(() => publish(twice, actor('BL', 'ADMIN'))).toThrow(/quote-or-order/);
  });

  it('needs English for every text; the demo content passes the schema', () => {
    expect(HelpContentSchema.safeParse(DEMO_HELP).success).toBe(true);
    const noEnglish = { faqs: [{ ...DEMO_HELP.faqs[0]!, question: { de: 'Nur Deutsch' } }], manuals: [] };
    expect(HelpContentSchema.safeParse(noEnglish).success).toBe(false);
  });

  it('shows a question and its answer in the reader’s language, else both in English', () => {
    const po = DEMO_HELP.faqs.find((f) => f.id === 'po-number')!;
    expect(faqView(po, 'pt')).toMatchObject({ language: 'pt', question: po.question.pt, answer: po.answer.pt });
    const reasons = DEMO_HELP.faqs.find((f) => f.id === 'reject-reasons')!;
    expect(faqView(reasons, 'de').language).toBe('de');
    expect(faqView(reasons, 'pt')).toMatchObject({ language: 'en', question: reasons.question.en, answer: reasons.answer.en });
  });

  it('gives a manual in the reader’s language where it exists', () => {
    const admin = DEMO_HELP.manuals.find((m) => m.id === 'administration')!;
    expect(manualView(admin, 'de')).toMatchObject({ language: 'en', title: admin.title.en });
    const guide = DEMO_HELP.manuals.find((m) => m.id === 'ordering-guide')!;
    expect(manualView(guide, 'pt')).toMatchObject({ language: 'pt', title: 'Guia de pedidos' });
  });

  it('finds every word of a search, ignoring case and accents', () => {
    expect(matchesSearch('numero PEDIDO', ['Número do pedido de compra'])).toBe(true);
    expect(matchesSearch('pedido nota', ['Número do pedido de compra'])).toBe(false);
    expect(matchesSearch(undefined, ['anything'])).toBe(true);
  });
});
