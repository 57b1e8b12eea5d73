import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  ManualSchema,
  FAQ_TOPICS,
  LANGUAGES,
  inLanguage,
  type Banner,
  type FaqEntry,
  type Language,
  type Manual,
  type ManualEntry,
} from '@onsite/domain';

export const HelpLanguageSchema = z.enum(LANGUAGES);

/** A question as a reader of `language` sees it; `language` says which one the text is in (English when untranslated). */
export const FaqViewSchema = z
  .object({ id: z.string(), topic: z.enum(FAQ_TOPICS), question: z.string(), answer: z.string(), language: HelpLanguageSchema })
  .meta({ id: 'Faq' });

export type FaqView = z.infer<typeof FaqViewSchema>;

export const ManualViewSchema = z
  .object({ id: z.string(), title: z.string(), summary: z.string(), issued: z.string(), language: HelpLanguageSchema })
  .meta({ id: 'ManualSummary' });

export type ManualView = z.infer<typeof ManualViewSchema>;

export const HelpListRequestSchema = z.object({
  lang: HelpLanguageSchema.default(DEFAULT_LANGUAGE),
  /** Words to look for in questions and answers (titles and summaries of manuals), case-insensitive. */
  search: z.string().trim().max(100).optional(),
});

export type HelpListRequest = z.infer<typeof HelpListRequestSchema>;

/** The banner as a visitor reading `language` sees it (English where untranslated); null when none is published. */
export const BannerViewSchema = z.object({ title: z.string(), text: z.string(), language: HelpLanguageSchema }).nullable().meta({ id: 'Banner' });

export type BannerView = z.infer<typeof BannerViewSchema>;

export function bannerView(banner: Banner | undefined, language: Language): BannerView {
  if (!banner) return null;
  const shown = inLanguage(banner.title, language).language === language && banner.text[language] !== undefined ? language : DEFAULT_LANGUAGE;
  return { title: inLanguage(banner.title, shown).value, text: inLanguage(banner.text, shown).value, language: shown };
}

export const ManualLinkRequestSchema = z
  .object({ manualId: ManualSchema.shape.id, lang: HelpLanguageSchema.default(DEFAULT_LANGUAGE) })
  .meta({ id: 'ManualLinkRequest' });

export const ManualLinkSchema = z.object({ url: z.string(), language: HelpLanguageSchema }).meta({ id: 'ManualLink' });

export type ManualLink = z.infer<typeof ManualLinkSchema>;

/** Whether every word of `search` occurs in one of `texts` (case- and accent-insensitive). */
export function matchesSearch(search: string | undefined, texts: readonly string[]): boolean {
  if (!search) return true;
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const haystack = fold(texts.join('\n'));
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function faqView(entry: FaqEntry, language: Language): FaqView {
  const question = inLanguage(entry.question, language);
  // The question and its answer are shown in one language: English unless both are translated.
  const translated = question.language === language && entry.answer[language] !== undefined;
  const shown: Language = translated ? language : DEFAULT_LANGUAGE;
  return {
    id: entry.id,
    topic: entry.topic,
    question: inLanguage(entry.question, shown).value,
    answer: inLanguage(entry.answer, shown).value,
    language: shown,
  };
}

export function manualView(manual: Manual | ManualEntry, language: Language): ManualView {
  // The file's language decides the language of title and summary: an uploaded PDF's (D212), or the body's a file is made from.
  const shown = 'files' in manual ? (manual.files[language] ? language : DEFAULT_LANGUAGE) : inLanguage(manual.body, language).language;
  return {
    id: manual.id,
    title: inLanguage(manual.title, shown).value,
    summary: inLanguage(manual.summary, shown).value,
    issued: manual.issued,
    language: shown,
  };
}
